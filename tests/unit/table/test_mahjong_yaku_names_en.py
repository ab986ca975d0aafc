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


def test_a_korean_yaku_name_from_the_engine_reads_in_english():
    from tilerooms.games.mahjong.yaku_names import english_yaku_name

    assert [english_yaku_name(n) for n in ("리치", "멘젠쯔모", "핑후", "우라도라", "북도라")] == ["Riichi", "Menzen Tsumo", "Pinfu", "Ura-dora", "Kita dora"]
    assert english_yaku_name("모르는 역") == "모르는 역"  # no English: left as it is
