"""Board shortcuts: defaults, saved overrides, garbage ignored."""

import json

from tilerooms.shell.keys import DEFAULTS, key_map, parse_bindings


def test_defaults_when_nothing_is_saved_or_the_saved_text_is_garbage():
    assert parse_bindings("") == DEFAULTS
    assert parse_bindings("{not json") == DEFAULTS
    assert parse_bindings("[1, 2]") == DEFAULTS


def test_saved_keys_override_and_unknown_actions_are_dropped():
    bindings = parse_bindings(json.dumps({"commit": "k", "fly": "x", "draw": ""}))
    assert bindings["commit"] == "k" and bindings["draw"] == "d" and "fly" not in bindings


def test_key_map_points_keys_at_button_ids():
    keys = key_map(parse_bindings(json.dumps({"commit": "K"})))
    assert keys["k"] == "commit" and keys["d"] == "draw" and keys["Escape"] == "clear-selection"
