"""빠른 대전 (quick match, issue 37): the lobby's queue panel and the header's entry."""

from tilerooms.rooms.quick_modes import MODES

MESSAGES: dict[str, dict[str, str]] = {
    "quick.title": {"ko": "빠른 대전", "en": "Quick match"},
    "quick.note": {
        "ko": "같은 방식을 누른 사람들과 바로 게임을 시작해요. 비슷한 실력끼리 먼저 묶여요.",
        "en": "Start a game with people who pressed the same mode. Players of similar skill are matched first.",
    },
    "quick.waiting_people": {"ko": "명 대기", "en": " waiting"},
    "quick.fill": {"ko": "AI로 채우기", "en": "Fill with AI after"},
    "quick.fill.off": {"ko": "안 함", "en": "Off"},
    "quick.fill.10": {"ko": "10초 후", "en": "10 s"},
    "quick.fill.30": {"ko": "30초 후", "en": "30 s"},
    "quick.fill.60": {"ko": "60초 후", "en": "60 s"},
    "quick.fill.note": {
        "ko": "AI가 들어간 게임은 등급전이 아니고 보상도 없어요.",
        "en": "A game with AI players is unrated and earns no rewards.",
    },
    "quick.searching": {"ko": "상대를 찾는 중", "en": "Finding players"},
    "quick.waited": {"ko": "기다린 시간", "en": "Waited"},
    "quick.in_queue": {"ko": "이 방식 대기", "en": "In this queue:"},
    "quick.people": {"ko": "명", "en": " player(s)"},
    "quick.fill_in": {"ko": "AI로 채우기까지", "en": "AI fill in"},
    "quick.seconds": {"ko": "초", "en": " s"},
    "quick.cancel": {"ko": "취소", "en": "Cancel"},
}
# each mode's name, as its game declares it (`GameDefinition.quick_modes`)
MESSAGES.update({f"quick.mode.{mode.id}": {"ko": mode.name_ko, "en": mode.name_en} for mode in MODES})
