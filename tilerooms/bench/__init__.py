"""Micro-benchmarks for the engines: run one with `python -m tilerooms.bench.<game>`."""
