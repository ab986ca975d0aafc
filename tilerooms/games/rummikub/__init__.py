"""Number-tile (Rummikub-style) rules engine: pure Python, see `engine` for the protocol."""
