"""Tests of the number-tile AI levels, solver and benchmarks."""
