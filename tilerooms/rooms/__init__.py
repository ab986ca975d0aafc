"""The room layer: the single authority over rooms, seats and live game sessions (GUIDE §3).

Pure room rules live in `waiting.py` (seats, ready, host) and `play.py` (engine sessions);
`service.py` serialises every change per room behind a lock, stores it and announces it on the bus.
"""
