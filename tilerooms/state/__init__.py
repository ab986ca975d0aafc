"""Reflex State classes: thin adapters between one browser and the rooms / engines."""
