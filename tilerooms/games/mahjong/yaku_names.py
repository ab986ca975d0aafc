"""Korean yaku names of spec §6.1, keyed by the `mahjong` package's yaku class names."""

from __future__ import annotations

WIND_NAMES = ("동", "남", "서", "북")

YAKU_NAMES: dict[str, str] = {
    # 1 han
    "Riichi": "리치",
    "Ippatsu": "일발",
    "Tsumo": "멘젠쯔모",
    "Pinfu": "핑후",
    "Tanyao": "탕야오",
    "Iipeiko": "이페코",
    "Haku": "역패: 백",
    "Hatsu": "역패: 발",
    "Chun": "역패: 중",
    "RoundWindEast": "역패: 장풍 동",
    "RoundWindSouth": "역패: 장풍 남",
    "RoundWindWest": "역패: 장풍 서",
    "RoundWindNorth": "역패: 장풍 북",
    "SeatWindEast": "역패: 자풍 동",
    "SeatWindSouth": "역패: 자풍 남",
    "SeatWindWest": "역패: 자풍 서",
    "SeatWindNorth": "역패: 자풍 북",
    "Haitei": "해저로월",
    "Houtei": "하저로어",
    "Rinshan": "영상개화",
    "Chankan": "창깡",
    # 2 han
    "DaburuRiichi": "더블리치",
    "Chiitoitsu": "칠대자",
    "Sanshoku": "삼색동순",
    "Ittsu": "일기통관",
    "Chantai": "찬타",
    "Toitoi": "또이또이",
    "Sanankou": "산안커",
    "SanshokuDoukou": "삼색동각",
    "SanKantsu": "산깡쯔",
    "Shosangen": "소삼원",
    "Honroto": "혼노두",
    # 3 / 6 han
    "Honitsu": "혼일색",
    "Junchan": "준찬타",
    "Ryanpeikou": "량페코",
    "Chinitsu": "청일색",
    # yakuman
    "KokushiMusou": "국사무쌍",
    "DaburuKokushiMusou": "국사무쌍 13면",
    "Suuankou": "사암각",
    "SuuankouTanki": "사암각 단기",
    "Daisangen": "대삼원",
    "Shousuushii": "소사희",
    "DaiSuushii": "대사희",
    "Tsuuiisou": "자일색",
    "Chinroutou": "청노두",
    "Ryuuiisou": "녹일색",
    "ChuurenPoutou": "구련보등",
    "DaburuChuurenPoutou": "순정구련보등",
    "Suukantsu": "사깡쯔",
    "Tenhou": "천화",
    "Chiihou": "지화",
    # dora (spec 6.2: not yaku, listed with them)
    "Dora": "도라",
    "AkaDora": "적도라",
    "UraDora": "우라도라",
}
KITA_DORA = "북도라"

# yakuman whose last triplet can make the feeder liable (spec 6.5)
PAO_YAKUMAN = frozenset({"대삼원", "대사희"})

LIMIT_NAMES: dict[str, str] = {
    "mangan": "만관",
    "haneman": "하네만",
    "baiman": "배만",
    "sanbaiman": "삼배만",
    "kazoe": "헤아림 역만",
    "yakuman": "역만",
}


def korean_yaku_name(library_class_name: str) -> str:
    """The spec's Korean name for a `mahjong` yaku class; ``KeyError`` for yaku we do not play."""
    return YAKU_NAMES[library_class_name]


def limit_name(yakuman_multiplier: int, level: str) -> str:
    """Display name of a limit hand: ``"만관"`` … ``"역만"``, ``"더블 역만"``, ``"트리플 역만"``, ``"4배 역만"``."""
    if yakuman_multiplier >= 1:
        return {1: "역만", 2: "더블 역만", 3: "트리플 역만"}.get(yakuman_multiplier, f"{yakuman_multiplier}배 역만")
    return LIMIT_NAMES.get(level, "")


# English names for the English locale (issue 19 follow-up), same keys as the Korean tables
_WINDS_EN = ("East", "South", "West", "North")
YAKU_NAMES_EN: dict[str, str] = {
    "Riichi": "Riichi",
    "Ippatsu": "Ippatsu",
    "Tsumo": "Menzen Tsumo",
    "Pinfu": "Pinfu",
    "Tanyao": "Tanyao",
    "Iipeiko": "Iipeikou",
    "Haku": "Yakuhai: Haku",
    "Hatsu": "Yakuhai: Hatsu",
    "Chun": "Yakuhai: Chun",
    **{f"RoundWind{w}": f"Round wind: {w}" for w in _WINDS_EN},
    **{f"SeatWind{w}": f"Seat wind: {w}" for w in _WINDS_EN},
    "Haitei": "Haitei",
    "Houtei": "Houtei",
    "Rinshan": "Rinshan kaihou",
    "Chankan": "Chankan",
    "DaburuRiichi": "Double riichi",
    "Chiitoitsu": "Chiitoitsu",
    "Sanshoku": "Sanshoku doujun",
    "Ittsu": "Ittsu",
    "Chantai": "Chanta",
    "Toitoi": "Toitoi",
    "Sanankou": "Sanankou",
    "SanshokuDoukou": "Sanshoku doukou",
    "SanKantsu": "Sankantsu",
    "Shosangen": "Shousangen",
    "Honroto": "Honroutou",
    "Honitsu": "Honitsu",
    "Junchan": "Junchan",
    "Ryanpeikou": "Ryanpeikou",
    "Chinitsu": "Chinitsu",
    "KokushiMusou": "Kokushi musou",
    "DaburuKokushiMusou": "Kokushi musou 13-sided",
    "Suuankou": "Suuankou",
    "SuuankouTanki": "Suuankou tanki",
    "Daisangen": "Daisangen",
    "Shousuushii": "Shousuushii",
    "DaiSuushii": "Daisuushii",
    "Tsuuiisou": "Tsuuiisou",
    "Chinroutou": "Chinroutou",
    "Ryuuiisou": "Ryuuiisou",
    "ChuurenPoutou": "Chuuren poutou",
    "DaburuChuurenPoutou": "Junsei chuuren poutou",
    "Suukantsu": "Suukantsu",
    "Tenhou": "Tenhou",
    "Chiihou": "Chiihou",
    "Dora": "Dora",
    "AkaDora": "Red dora",
    "UraDora": "Ura-dora",
}

_EN_BY_KOREAN = {ko: YAKU_NAMES_EN[key] for key, ko in YAKU_NAMES.items() if key in YAKU_NAMES_EN}
_EN_BY_KOREAN[KITA_DORA] = "Kita dora"


def english_yaku_name(korean: str) -> str:
    """The English name of a Korean yaku name as the engine reports it (``"핑후"`` → ``"Pinfu"``);
    a name without one stays as it is."""
    return _EN_BY_KOREAN.get(korean, korean)
