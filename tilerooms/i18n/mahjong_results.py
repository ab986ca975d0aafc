"""The mahjong result screens (`ui/mahjong_results.py`): a hand's result over the table and the game's end."""

MESSAGES: dict[str, dict[str, str]] = {
    # a hand's result
    "mjr.win_tile": {"ko": "화료패", "en": "Winning tile"},
    "mjr.dora": {"ko": "도라 표시패", "en": "Dora indicators"},
    "mjr.waits": {"ko": "대기 ", "en": "Waits "},
    "mjr.change": {"ko": "점수 변동", "en": "Points"},
    "mjr.ready": {"ko": "확인함", "en": "Ready"},
    # the game's end
    "mjr.rounds": {"ko": "국 진행", "en": " hands played"},
    "mjr.points": {"ko": "점수", "en": "Points"},
    "mjr.summary": {"ko": "대국 기록", "en": "Game summary"},
    "mjr.wins": {"ko": "화료", "en": "Wins"},
    "mjr.deal_ins": {"ko": "방총", "en": "Deal-ins"},
    "mjr.riichi": {"ko": "리치", "en": "Riichi"},
    "mjr.calls": {"ko": "울기", "en": "Calls"},
    "mjr.best": {"ko": "최고 화료: ", "en": "Best hand: "},
    "mjr.last_hand": {"ko": "마지막 국 보기", "en": "Last hand"},
}
