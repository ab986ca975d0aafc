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
    # a hand result's title (`MjHandResult.title` holds the id)
    "mjr.title.tsumo": {"ko": "쯔모", "en": "Tsumo"},
    "mjr.title.ron": {"ko": "론", "en": "Ron"},
    "mjr.title.draw": {"ko": "유국", "en": "Exhaustive draw"},
    "mjr.title.nagashi": {"ko": "유국 · 유국만관", "en": "Exhaustive draw · nagashi mangan"},
    "mjr.title.kyuushu": {"ko": "도중유국 · 구종구패", "en": "Abortive draw · nine terminals"},
    "mjr.title.suufon": {"ko": "도중유국 · 사풍연타", "en": "Abortive draw · four winds"},
    "mjr.title.suukan": {"ko": "도중유국 · 사깡유국", "en": "Abortive draw · four kans"},
    "mjr.title.suucha": {"ko": "도중유국 · 사가리치", "en": "Abortive draw · four riichi"},
    "mjr.title.sanchahou": {"ko": "도중유국 · 삼가화", "en": "Abortive draw · triple ron"},
    "mjr.title.triple": {"ko": "도중유국 · 삼가화", "en": "Abortive draw · triple ron"},
    "mjr.title.sanchaho": {"ko": "도중유국 · 삼가화", "en": "Abortive draw · triple ron"},
    # why the game ended (`MahjongTable.mj_end` holds the id)
    "mjr.end.normal": {"ko": "대국 종료", "en": "Game over"},
    "mjr.end.tobi": {"ko": "토비(0점 미만)로 종료", "en": "Ended: a player went below zero"},
    "mjr.end.agariYame": {"ko": "올라스트 친 1위로 종료", "en": "Ended: the dealer leads in the last hand"},
    "mjr.end.westEntryEnd": {"ko": "연장전 종료", "en": "Extra round over"},
    "mjr.end.aborted": {"ko": "모두 나가서 종료", "en": "Ended: everyone left"},
    # the beginner's "no yaku" warning (`MjOwn.no_yaku` holds the id)
    "mjr.no_yaku.tsumo_only": {"ko": "역 없음: 론으로는 화료할 수 없어요 (쯔모만 가능)", "en": "No yaku: you cannot win by ron (tsumo only)"},
    "mjr.no_yaku": {"ko": "역 없음: 이대로는 화료할 수 없어요", "en": "No yaku: this hand cannot win as it is"},
    "mjr.deciding": {"ko": "다른 플레이어 확인 중", "en": "Other players are deciding"},
    # a win's lines under its value (spec 5.9): the honba bonus and the riichi sticks taken
    "mjr.honba_bonus": {"ko": "본장", "en": "Honba"},
    "mjr.stick_bonus": {"ko": "공탁 리치봉", "en": "Riichi sticks"},
}
