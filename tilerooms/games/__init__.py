"""The games: each subpackage is a pure-Python engine implementing `tilerooms.engine.protocol.Engine`."""
