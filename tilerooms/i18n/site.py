"""The site shell and the game names."""

MESSAGES: dict[str, dict[str, str]] = {
    "site.tagline": {
        "ko": "친구와, 또는 AI와 함께하는 온라인 타일 게임",
        "en": "Online tile games with friends or AI players",
    },
    "nav.lobby": {"ko": "로비", "en": "Lobby"},
    "nav.rules": {"ko": "규칙", "en": "Rules"},
    "nav.rankings": {"ko": "랭킹", "en": "Rankings"},
    "nav.signin": {"ko": "로그인", "en": "Sign in"},
    "game.rummikub": {"ko": "숫자 타일", "en": "Number Tiles"},
    "game.mahjong": {"ko": "리치 마작", "en": "Riichi Mahjong"},
    "game.rummikub.desc": {
        "ko": "1~13 숫자 타일로 같은 숫자 묶음과 연속 숫자 묶음을 만들어 먼저 다 내려놓으세요. 2~4명.",
        "en": "Make groups and runs from tiles numbered 1–13 and be first to empty your rack. 2–4 players.",
    },
    "game.mahjong.desc": {
        "ko": "4인 리치 마작과 3인 마작. 역을 모아 화료하세요. 3~4명.",
        "en": "Four-player Riichi and three-player sanma. Build a winning hand with yaku. 3–4 players.",
    },
    "lang.switch": {"ko": "English", "en": "한국어"},
    "common.close": {"ko": "닫기", "en": "Close"},
    "common.save": {"ko": "저장", "en": "Save"},
    "common.rank": {"ko": "순위", "en": "Rank"},
    "common.name": {"ko": "이름", "en": "Name"},
    "common.score": {"ko": "점수", "en": "Score"},
    "common.game": {"ko": "게임", "en": "Game"},
    "common.back_to_waiting": {"ko": "대기방으로", "en": "Back to the waiting room"},
    "common.my_turn": {"ko": "내 차례", "en": "Your turn"},
    "common.whose_turn": {"ko": " 님 차례", "en": "'s turn"},
    "status.waiting": {"ko": "대기 중", "en": "Waiting"},
    "status.playing": {"ko": "게임 중", "en": "Playing"},
    "status.paused": {"ko": "일시정지", "en": "Paused"},
    # the header's sound toggle and the hidden tab's title (issue 34: 13)
    "sound.mute": {"ko": "소리 끄기", "en": "Mute sounds"},
    "sound.unmute": {"ko": "소리 켜기", "en": "Unmute sounds"},
    # page titles (the browser tab), in the viewer's language (issue 34: 10)
    "title.lobby": {"ko": "로비", "en": "Lobby"},
    "title.room": {"ko": "방", "en": "Room"},
    "title.signin": {"ko": "로그인", "en": "Sign in"},
    "title.profile": {"ko": "내 정보", "en": "My profile"},
    "title.records": {"ko": "내 기록", "en": "My records"},
    "title.rankings": {"ko": "랭킹", "en": "Rankings"},
    "title.replay": {"ko": "다시 보기", "en": "Replay"},
    "title.not_found": {"ko": "페이지를 찾을 수 없어요", "en": "Page not found"},
    # the 404 page (issue 34: 9)
    "nf.title": {"ko": "페이지를 찾을 수 없어요", "en": "Page not found"},
    "nf.hint": {
        "ko": "주소가 바뀌었거나 없는 페이지예요. 로비에서 게임을 찾아 보세요.",
        "en": "This address has moved or never existed. Find a game in the lobby.",
    },
    "nf.to_lobby": {"ko": "로비로 가기", "en": "Go to the lobby"},
    # the line over the page while the server cannot be reached (shell/connection.py)
    "conn.lost": {"ko": "서버와 연결이 끊겼어요. 다시 연결하는 중…", "en": "Lost the connection to the server. Reconnecting…"},
    # accessible names (issue 34: 14): the header's navigation landmark
    "nav.label": {"ko": "사이트 메뉴", "en": "Site menu"},
}
