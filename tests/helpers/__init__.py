"""Plain helpers shared by the test suites where a fixture does not fit (module constants, steps
called from other helpers): standard guests (people.py), room set-up steps (rooms.py) and one
browser's Reflex state tree (states.py). Fixtures live in each suite's conftest.py."""
