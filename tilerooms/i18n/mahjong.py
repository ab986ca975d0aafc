"""The mahjong table, its result screens and its rules dialog."""

MESSAGES: dict[str, dict[str, str]] = {
    # the table
    "mj.auto": {"ko": "자동", "en": "Auto"},
    "mj.riichi_stick": {"ko": "리치", "en": "Riichi"},
    "mj.tiles_suffix": {"ko": "장", "en": " tiles"},
    "mj.kita": {"ko": "북×", "en": "North×"},
    # the latest move, as a screen reader's live region reads it (rows.said_line; issue 34: 14)
    "mj.said.discard": {"ko": "{who}: {tile} 버림", "en": "{who}: discarded {tile}"},
    "mj.said.riichi": {"ko": "{who}: 리치", "en": "{who}: riichi"},
    "mj.said.riichi_discard": {"ko": "{who}: 리치, {tile} 버림", "en": "{who}: riichi, discarded {tile}"},
    "mj.said.pon": {"ko": "{who}: {tile} 퐁", "en": "{who}: pon {tile}"},
    "mj.said.chi": {"ko": "{who}: {tile} 치", "en": "{who}: chi {tile}"},
    "mj.said.kan": {"ko": "{who}: 깡", "en": "{who}: kan"},
    "mj.said.kita": {"ko": "{who}: 북 뽑기", "en": "{who}: set a North aside"},
    "mj.said.ron": {"ko": "{who}: 론", "en": "{who}: ron"},
    "mj.said.tsumo": {"ko": "{who}: 쯔모", "en": "{who}: tsumo"},
    "mj.said.draw": {"ko": "유국", "en": "Draw"},
    "mj.live.claim": {"ko": "부를 수 있어요", "en": "You can call it"},
    "mj.status_label": {"ko": "내 패 상황", "en": "My hand's status"},
    "mj.sticks": {"ko": "리치봉 ", "en": "Riichi sticks "},
    "mj.wall": {"ko": "남은 패 ", "en": "Wall "},
    "mj.dora": {"ko": "도라", "en": "Dora"},
    "mj.discard_then": {"ko": " 버리면 ", "en": " → "},
    "mj.tsumo": {"ko": "쯔모", "en": "Tsumo"},
    "mj.riichi": {"ko": "리치", "en": "Riichi"},
    "mj.riichi_cancel": {"ko": "리치 취소", "en": "Cancel riichi"},
    "mj.kita_button": {"ko": "북", "en": "North"},
    "mj.kyuushu": {"ko": "구종구패", "en": "Nine terminals (abort)"},
    "mj.discard": {"ko": "버리기", "en": "Discard"},
    "mj.combination": {"ko": " 조합", "en": " options"},
    "mj.claim_from": {"ko": " 님의 ", "en": " discarded "},
    "mj.claim_question": {"ko": "을(를) 가져올까요?", "en": "— call it?"},
    "mj.ron": {"ko": "론", "en": "Ron"},
    "mj.pon": {"ko": "퐁", "en": "Pon"},
    "mj.kan": {"ko": "깡", "en": "Kan"},
    "mj.chi": {"ko": "치", "en": "Chi"},
    "mj.pass": {"ko": "패스", "en": "Pass"},
    "mj.call_no_riichi": {"ko": "울면 리치를 못 해요", "en": "After a call you cannot declare riichi"},
    "mj.in_riichi": {"ko": "리치 중", "en": "In riichi"},
    "mj.riichi_mode": {"ko": "리치: 빛나는 패를 눌러 버리세요", "en": "Riichi: tap a lit tile to discard it"},
    "mj.furiten": {"ko": "후리텐: 론 불가, 쯔모만 가능", "en": "Furiten: no ron, tsumo only"},
    "mj.settings": {"ko": "설정", "en": "Settings"},
    "mj.set.large": {"ko": "큰 글씨", "en": "Large print"},
    "mj.set.one_tap": {"ko": "한 번 탭 버리기", "en": "One-tap discard"},
    "mj.set.beginner": {"ko": "초보 모드", "en": "Beginner mode"},
    "mj.set.auto_win": {"ko": "자동 화료", "en": "Auto win"},
    "mj.set.no_calls": {"ko": "울기 안 함", "en": "No calls"},
    "mj.set.reduced": {"ko": "애니메이션 줄이기", "en": "Reduce animation"},
    "mj.landscape": {"ko": "가로 화면이나 PC에서 보면 더 편해요", "en": "Easier to play in landscape or on a PC"},
    # result screens
    "mj.ura": {"ko": "우라도라 표시패", "en": "Ura-dora indicators"},
    "mj.han": {"ko": "판", "en": " han"},
    "mj.fu": {"ko": "부 · ", "en": " fu · "},
    "mj.han_space": {"ko": "판 ", "en": " han "},
    "mj.points": {"ko": "점", "en": " points"},
    "mj.all_noten": {"ko": "모두 노텐이에요", "en": "Nobody is tenpai"},
    "mj.tenpai": {"ko": " 텐파이", "en": " tenpai"},
    "mj.noten": {"ko": "노텐: ", "en": "Noten: "},
    "mj.ok": {"ko": "확인", "en": "OK"},
    "mj.waiting_others": {"ko": "다른 플레이어를 기다리는 중…", "en": "Waiting for the other players…"},
    "mj.final": {"ko": "대국 결과", "en": "Final results"},
    "mj.uma": {"ko": "우마·오카", "en": "Uma · oka"},
    "mj.rank_suffix": {"ko": "위", "en": "."},
    "mj.chart": {"ko": "국별 점수 변화", "en": "Points hand by hand"},
    "mj.again": {"ko": "대기방으로 (다시 하기)", "en": "Back to the waiting room (play again)"},
    # the rules dialog
    "mj.rules": {"ko": "규칙 보기", "en": "Rules"},
    "mj.rules.title": {"ko": "리치 마작 규칙", "en": "Riichi Mahjong rules"},
    "mj.rules.tab.yaku": {"ko": "역", "en": "Yaku"},
    "mj.rules.tab.score": {"ko": "점수표", "en": "Scores"},
    "mj.rules.tab.furiten": {"ko": "후리텐", "en": "Furiten"},
    "mj.rules.tab.terms": {"ko": "용어", "en": "Terms"},
    "mj.rules.need_yaku": {
        "ko": "화료하려면 역이 1개 이상 있어야 해요. 도라는 역이 아니에요.",
        "en": "A winning hand needs at least one yaku. Dora are not yaku.",
    },
    "mj.rules.non_dealer": {"ko": "자 (론)", "en": "Non-dealer (ron)"},
    "mj.rules.dealer": {"ko": "친 (론)", "en": "Dealer (ron)"},
    "mj.rules.furiten.head": {
        "ko": "후리텐이면 론을 할 수 없고 쯔모로만 화료할 수 있어요.",
        "en": "While furiten you cannot win by ron, only by tsumo.",
    },
    "mj.rules.furiten.own": {
        "ko": "• 내가 버린 패 중에 지금 대기패가 있으면 후리텐이에요.",
        "en": "• You are furiten if one of your waits is among your own discards.",
    },
    "mj.rules.furiten.temp": {
        "ko": "• 론할 수 있던 패를 넘기면, 내가 다음에 패를 버릴 때까지 후리텐이에요.",
        "en": "• If you let a tile you could ron pass, you are furiten until your next discard.",
    },
    "mj.rules.furiten.riichi": {
        "ko": "• 리치 뒤에 화료 패를 넘기면 그 국이 끝날 때까지 후리텐이에요.",
        "en": "• If you let a winning tile pass after riichi, you are furiten until the hand ends.",
    },
    "mj.rules.furiten.badge": {
        "ko": "후리텐일 때는 화면에 ‘후리텐’ 배지가 떠요.",
        "en": "While you are furiten a ‘Furiten’ badge is shown.",
    },
}

# 규칙 보기 content: yaku (spec §6.1), the score table and the glossary. In English the yaku
# and terms go by their romanised names; the example hands are in mahjong_rules.
_YAKU = {
    "riichi": ("리치", "Riichi", "멘젠 텐파이에서 1000점을 걸고 선언", "Declared from a closed tenpai hand, staking 1000 points"),
    "tsumo": ("멘젠쯔모", "Menzen tsumo", "울지 않고 스스로 뽑아 화료", "Win on your own draw with a closed hand"),
    "tanyao": ("탕야오", "Tanyao (all simples)", "2~8 숫자패로만 완성", "Only number tiles 2–8"),
    "pinfu": ("핑후", "Pinfu", "슌쯔 4개 + 역 없는 머리 + 양면 대기", "Four sequences, a valueless pair and an open (two-sided) wait"),
    "yakuhai": ("역패", "Yakuhai (value tiles)", "백·발·중 또는 자풍·장풍 커쯔", "A triplet of white, green or red dragons, or of the seat or round wind"),
    "iipeikou": ("이페코", "Iipeikou", "같은 슌쯔 두 벌 (멘젠)", "Two identical sequences (closed hand)"),
    "sanshoku": ("삼색동순", "Sanshoku doujun", "세 종류에 같은 숫자 슌쯔", "The same sequence in all three suits"),
    "ittsu": ("일기통관", "Ittsu (straight)", "한 종류로 1~9", "1 to 9 in one suit"),
    "toitoi": ("또이또이", "Toitoi (all triplets)", "커쯔 4개", "Four triplets"),
    "chiitoitsu": ("칠대자", "Chiitoitsu (seven pairs)", "서로 다른 대자 7개", "Seven different pairs"),
    "honitsu": ("혼일색", "Honitsu (half flush)", "한 종류 숫자패 + 자패", "One suit plus honour tiles"),
    "chinitsu": ("청일색", "Chinitsu (full flush)", "한 종류 숫자패만", "Only tiles of one suit"),
}
for _key, (_ko, _en, _desc_ko, _desc_en) in _YAKU.items():
    MESSAGES[f"mj.yaku.{_key}"] = {"ko": _ko, "en": _en}
    MESSAGES[f"mj.yaku.{_key}.desc"] = {"ko": _desc_ko, "en": _desc_en}

_HAN = {
    "1": ("1판", "1 han"),
    "2c1": ("2판 (울면 1)", "2 han (1 open)"),
    "2": ("2판", "2 han"),
    "3c2": ("3판 (울면 2)", "3 han (2 open)"),
    "6c5": ("6판 (울면 5)", "6 han (5 open)"),
}
for _key, (_ko, _en) in _HAN.items():
    MESSAGES[f"mj.han.{_key}"] = {"ko": _ko, "en": _en}

_SCORE = {
    "1h30": ("1판 30부", "1 han 30 fu", "1000 (쯔모 300/500)", "1000 (tsumo 300/500)", "1500 (쯔모 500 올)", "1500 (tsumo 500 all)"),
    "2h30": ("2판 30부", "2 han 30 fu", "2000 (쯔모 500/1000)", "2000 (tsumo 500/1000)", "2900 (쯔모 1000 올)", "2900 (tsumo 1000 all)"),
    "3h30": ("3판 30부", "3 han 30 fu", "3900 (쯔모 1000/2000)", "3900 (tsumo 1000/2000)", "5800 (쯔모 2000 올)", "5800 (tsumo 2000 all)"),
    "4h30": ("4판 30부", "4 han 30 fu", "7700 (쯔모 2000/3900)", "7700 (tsumo 2000/3900)", "11600 (쯔모 3900 올)", "11600 (tsumo 3900 all)"),
    "mangan": ("만관 (5판)", "Mangan (5 han)", "8000", "8000", "12000", "12000"),
    "haneman": ("하네만 (6~7판)", "Haneman (6–7 han)", "12000", "12000", "18000", "18000"),
    "baiman": ("배만 (8~10판)", "Baiman (8–10 han)", "16000", "16000", "24000", "24000"),
    "sanbaiman": ("삼배만 (11~12판)", "Sanbaiman (11–12 han)", "24000", "24000", "36000", "36000"),
    "yakuman": ("역만", "Yakuman", "32000", "32000", "48000", "48000"),
}
for _key, (_a, _a_en, _b, _b_en, _c, _c_en) in _SCORE.items():
    MESSAGES[f"mj.score.{_key}"] = {"ko": _a, "en": _a_en}
    MESSAGES[f"mj.score.{_key}.child"] = {"ko": _b, "en": _b_en}
    MESSAGES[f"mj.score.{_key}.dealer"] = {"ko": _c, "en": _c_en}

_TERMS = {
    "tenpai": ("텐파이", "Tenpai", "한 장만 더 오면 화료할 수 있는 상태", "One tile away from a winning hand"),
    "tsumo_ron": ("쯔모 / 론", "Tsumo / ron", "스스로 뽑아 화료 / 남이 버린 패로 화료", "Win on your own draw / win on another player's discard"),
    "calls": (
        "퐁 · 치 · 깡",
        "Pon · chi · kan",
        "같은 패 3장 / 왼쪽 사람 패로 연속 3장 / 같은 패 4장",
        "Three of a tile / a sequence of three with the left player's discard / four of a tile",
    ),
    "dora": ("도라", "Dora", "표시패 다음 패. 1장마다 1판 (역은 아님)", "The tile after the indicator. 1 han per tile (not a yaku)"),
    "ura": ("우라도라", "Ura-dora", "리치로 화료했을 때만 보는 표시패 아래의 도라", "Dora under the indicators, counted only when you win after riichi"),
    "honba": ("본장", "Honba", "연장·유국 횟수. 화료 때 1개마다 300점", "Counter of repeats and draws: 300 points each on a win"),
    "kuikae": (
        "구이가에",
        "Kuikae",
        "울은 직후 같은 패나 반대쪽 스지 패를 버리지 못하는 규칙 (자물쇠 표시)",
        "Right after a call you may not discard the same tile or the other end of the sequence (shown with a lock)",
    ),
    "uma": ("오카·우마", "Oka · uma", "대국이 끝난 뒤 순위에 따라 더하고 빼는 점수", "Points added or taken after the game by final rank"),
}
for _key, (_ko, _en, _desc_ko, _desc_en) in _TERMS.items():
    MESSAGES[f"mj.term.{_key}"] = {"ko": _ko, "en": _en}
    MESSAGES[f"mj.term.{_key}.desc"] = {"ko": _desc_ko, "en": _desc_en}
