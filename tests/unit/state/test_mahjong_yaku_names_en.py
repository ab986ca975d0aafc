"""English yaku names cover every Korean one (issue 19 follow-up)."""

import re

from tilerooms.games.mahjong.yaku_names import YAKU_NAMES, YAKU_NAMES_EN


def test_every_yaku_has_an_english_name_without_hangul() -> None:
    """Each yaku class with a Korean name has a Latin-only English name."""
    assert set(YAKU_NAMES_EN) == set(YAKU_NAMES)
    for key, name in YAKU_NAMES_EN.items():
        assert name and not re.search("[\uac00-\ud7a3]", name), key
    assert YAKU_NAMES_EN["RoundWindEast"] == "Round wind: East"
    assert YAKU_NAMES["RoundWindEast"] == "역패: 장풍 동"
