"""Screenshots of every screen for docs/screens/ (issue 18): look at the game without running it.

    source scripts/bootstrap.sh && python scripts/screens.py                  # all 60, ~5 min on 2 cores
    source scripts/bootstrap.sh && python scripts/screens.py --locale en --size 390x844 --only lobby,results

It starts the real app the way the browser tests do (`tests/e2e/conftest.py`: Reflex's
AppHarnessProd, a throw-away SQLite records DB, a session secret) — from a snapshot of the working
tree in a temporary folder, so its production build never touches the checkout's `.web/` that a
running test suite uses — and drives Debian chromium through Playwright's sync API. Every page is
reached the way a user reaches it, through the lobby (`tests/e2e/navigation.py`); positions
(a 20-set table, a last tile, mahjong hands) are seeded into the in-process server with
`tests/e2e/seeding.py`, as the browser tests do.

Per locale (ko, en) and size (1366x768 mouse, 390x844 touch) a host, a friend and a spectator each
get a browser context of their own: the friend shoots the lobby, the host the waiting room, its
turn, a refused commit, another's turn (within the 1 s highlight of the set that player changed:
the flash is frozen 0.2 s in for the shot) and the results; the spectator the watching board; then
a mahjong practice table seeded as its browser tests seed it (issue 19): my turn late in a hand with
melds and two rows of discards at every seat, the chi window, a riichi, a ron, a draw, the game's end. Viewport shots (not full page) at device
scale 1 (40–140 KB each). `docs/screens/README.md` is rewritten from the PNGs that exist.

`--base-url URL` shoots a running site instead; seeding needs the in-process server, so only the
lobby and the waiting room are taken then.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screens"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")

SIZES = {
    "1366x768": {"viewport": {"width": 1366, "height": 768}},
    "390x844": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1},
}
LOCALES = {"ko": "ko-KR", "en": "en-US"}
SIZE_LABEL = {"1366x768": "1366×768, mouse", "390x844": "390×844, touch"}

# (number, slug, Korean caption, English caption)
SCREENS = [
    ("01", "lobby", "로비: 열린 방 목록, 방 만들기, AI와 연습", "Lobby: open rooms, create a room, practise against AI"),
    ("02", "waiting-room", "대기실: 방장 화면, 준비한 친구와 AI 자리", "Waiting room: the host's view, a friend ready and an AI seat"),
    ("03", "my-turn", "내 차례: 20묶음 70장 테이블과 20장 타일판", "My turn: a 20-set, 70-tile table and a 20-tile rack"),
    ("04", "others-turn", "다른 사람 차례: 방금 바뀐 묶음이 1초 동안 빛남", "Another player's turn: the set they just changed flashes for 1 s"),
    ("05", "refused-commit", "배치 확정 거절: 빨간 테두리와 이유", "A refused commit: red border and the reason"),
    ("06", "results", "결과: 순위와 점수", "Results: ranking and scores"),
    ("07", "spectator", "관전: 타일판과 버튼 없이 테이블만", "Spectator: the table without a rack or buttons"),
    ("08", "mahjong-my-turn", "리치 마작: 내 차례, 네 자리 모두 버림패 2줄과 울기", "Riichi mahjong: my turn, two rows of discards and calls at every seat"),
    ("09", "mahjong-call", "리치 마작: 치 세 가지와 퐁을 고르는 울기 창", "Riichi mahjong: the call window, chi three ways and pon"),
    ("10", "mahjong-riichi", "리치 마작: 리치 선언, 옆으로 누운 리치 패", "Riichi mahjong: riichi declared, the riichi tile sideways"),
    ("11", "mahjong-win", "리치 마작: 론 결과 (화료패, 도라·뒷도라, 역, 점수 변화)", "Riichi mahjong: a ron (win tile, dora and ura, yaku, changes)"),
    ("12", "mahjong-draw", "리치 마작: 유국 (텐파이 손패와 대기, 지불)", "Riichi mahjong: an exhaustive draw (tenpai hand and waits, payments)"),
    ("13", "mahjong-final", "리치 마작: 최종 순위, 점수 그래프, 요약", "Riichi mahjong: the final ranking, score chart and summary"),
    ("14", "replay", "다시 보기: 끝난 숫자 타일 게임의 마지막 수", "Replay: a finished number-tile game at its last move"),
    ("15", "not-found", "없는 주소: 사이트 머리글과 로비로 가는 링크 (HTTP 404)", "An unknown address: the site's header and a way to the lobby (HTTP 404)"),
]
MAHJONG_SCREENS = {s for _, s, *_ in SCREENS if s.startswith("mahjong-")}
UNSEEDED = {"lobby", "waiting-room", "not-found"}

NAMES = {"ko": ("영희", "철수", "민수"), "en": ("Ana", "Ben", "Cara")}
ROOM_NAME = {"ko": "금요일 저녁 한 판", "en": "Friday night game"}
READY = {"ko": "준비", "en": "Ready"}
EMPTY_SEAT = {"ko": "빈 자리", "en": "Empty seat"}

# the number-tile position of tests/e2e/test_board_layout.py: 20 sets / 70 tiles, a 20-tile rack
RUNS = [[f"{c}{n}a" for n in range(start, start + 4)] for c in "KRB" for start in (1, 5, 9)] + [["O1a", "O2a", "O3a", "O4a"]]
GROUPS = [[f"{c}{n}b" for c in "KRB"] for n in range(1, 11)]
FULL_TABLE = RUNS + GROUPS
MY_RACK = [f"O{n}a" for n in range(5, 14)] + ["K13a", "R13a", "B13a"] + [f"O{n}b" for n in range(1, 9)]
FRIEND_RACK = ["K13b", "R11b", "B12b", "O9b", "JK1"]  # K13b goes on the run K9–K12
AI_RACK = ["K11b", "K12b", "R12b", "B11b", "O10b", "O11b"]

# the changed set's flash frozen 0.2 s in (it is fully lit for 0.35 s), other animations finished;
# answers how many flashes it froze
FREEZE_FLASH = """() => document.getAnimations().filter((a) => {
  if ((a.animationName || '').startsWith('tr-changed')) { a.pause(); a.currentTime = 200; return true; }
  if (a.effect && isFinite(a.effect.getComputedTiming().endTime)) a.finish();
  return false;
}).length"""


def snapshot(dest: Path) -> None:
    """The working tree's tracked and unignored files, and `.web/` without its build, copied to `dest`."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
    for name in listed.decode().split("\0"):
        source = ROOT / name
        if not name or name.startswith("docs/screens/") or not source.is_file():
            continue
        (dest / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, dest / name)
    if (ROOT / ".web").is_dir():
        shutil.copytree(ROOT / ".web", dest / ".web", symlinks=True, ignore=shutil.ignore_patterns("build"))


@contextlib.contextmanager
def served(base_url: str | None, work: Path):
    """The site's URL: the given one, or the app of a snapshot served by AppHarnessProd."""
    if base_url:
        yield base_url.rstrip("/")
        return
    from reflex.testing import AppHarnessProd

    with AppHarnessProd.create(root=work, app_name="tilerooms") as harness:
        assert harness.frontend_url is not None
        yield harness.frontend_url.rstrip("/")


class Shooter:
    """Takes the screenshots of one run and remembers what it wrote."""

    def __init__(self, browser, base_url: str, only: set[str] | None, seeded: bool) -> None:
        self.browser, self.base_url, self.only, self.seeded = browser, base_url, only, seeded
        self.written: list[Path] = []

    def wanted(self, slug: str) -> bool:
        return (self.only is None or slug in self.only) and (self.seeded or slug in UNSEEDED)

    def context(self, locale: str, size: str, name: str):
        """A browser context called `name` in `locale` (both set before any page script runs, as
        the tests set the nickname: a value set after the load races the app's own default)."""
        context = self.browser.new_context(locale=LOCALES[locale], **SIZES[size])
        context.add_init_script(f"localStorage.setItem('tilerooms_nick', {json.dumps(name)}); localStorage.setItem('tilerooms_locale', {json.dumps(locale)});")
        context.set_default_timeout(20_000)
        return context

    def shot(self, page, locale: str, size: str, slug: str, *, frozen: bool = False) -> None:
        number = next(n for n, s, *_ in SCREENS if s == slug)
        path = OUT / f"{locale}-{size}-{number}-{slug}.png"
        if frozen and not page.evaluate(FREEZE_FLASH):
            raise RuntimeError(f"{path.name}: the flash was over before the shot")
        page.evaluate("() => document.activeElement && document.activeElement.blur()")  # no focus ring on the last button pressed
        page.wait_for_timeout(400)  # the layout and fonts settle
        page.screenshot(path=str(path), full_page=False, animations="allow" if frozen else "disabled", caret="hide")
        if frozen:
            page.evaluate("() => document.getAnimations().forEach((a) => a.playState === 'paused' && a.play())")
        self.written.append(path)
        print(f"  {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)", flush=True)


def in_locale(page, locale: str) -> None:
    """Wait until the page has hydrated in `locale` (the switch names the other language)."""
    from playwright.sync_api import expect

    expect(page.locator("#lang-switch")).to_have_text("English" if locale == "ko" else "한국어", timeout=30_000)


def number_tiles(shooter: Shooter, locale: str, size: str) -> None:
    """Lobby, waiting room, my turn, a refused commit, another's turn, spectator, results."""
    from playwright.sync_api import expect

    from tests.e2e.navigation import create_room, join_from_lobby, lobby_row, watch_from_lobby
    from tests.e2e.test_board import _set_of
    from tests.e2e.test_board_layout import _press

    touch = "has_touch" in SIZES[size]
    me, friend_name, watcher_name = NAMES[locale]
    contexts = [shooter.context(locale, size, name) for name in NAMES[locale]]
    host, friend, watcher = (c.new_page() for c in contexts)

    def press(page, selector: str) -> None:
        (page.locator(selector).tap() if touch else page.locator(selector).click())

    def add_and_commit(page, tile: str, onto: str) -> None:
        """Select `tile` in the rack, put it on the set holding `onto` with its "+" and commit."""
        _press(page, f"#rack #tile-{tile}", touch)
        target = _set_of(page, onto)
        size = target.locator("[data-tile]").count()
        (target.locator(".place-here").tap() if touch else target.locator(".place-here").click())
        expect(target.locator("[data-tile]")).to_have_count(size + 1, timeout=10_000)
        page.wait_for_timeout(600)  # a tap right after another is folded into it on touch
        press(page, "#commit")

    try:
        room_id = create_room(host, shooter.base_url, name=ROOM_NAME[locale])
        expect(host.locator("#seat-0 .seat-name")).to_have_text(me)
        lobby_row(friend, shooter.base_url, room_id)
        in_locale(friend, locale)
        if shooter.wanted("lobby"):
            shooter.shot(friend, locale, size, "lobby")
        join_from_lobby(friend, shooter.base_url, room_id)
        expect(friend.locator("#ready")).to_be_visible(timeout=30_000)
        press(friend, "#ready")
        press(host, "#add-ai-normal-2")
        expect(host.locator("#seat-2 .seat-name")).not_to_have_text(EMPTY_SEAT[locale], timeout=10_000)
        expect(host.locator("#seat-1")).to_contain_text(READY[locale], timeout=10_000)
        in_locale(host, locale)
        if shooter.wanted("waiting-room"):
            shooter.shot(host, locale, size, "waiting-room")
        if not shooter.seeded:
            return
        press(host, "#start")
        for page in (host, friend):
            expect(page.locator("#room-status")).to_have_attribute("data-status", "playing", timeout=15_000)

        from tests.e2e.seeding import seed_rummikub

        # my turn on a full table; reloaded, so nothing flashes as a move
        seed_rummikub(room_id, FULL_TABLE, [MY_RACK, FRIEND_RACK, AI_RACK], current_seat=0)
        for page in (host, friend):
            page.reload()
        expect(host.locator("#my-turn")).to_be_visible(timeout=20_000)
        expect(host.locator("#table [data-tile]")).to_have_count(70)
        expect(host.locator("#rack [data-tile]")).to_have_count(20)
        press(host, "#sort-runs")  # 789: the rack by colour and number (it keeps the old game's cells otherwise)
        host.wait_for_timeout(800)
        if shooter.wanted("my-turn"):
            shooter.shot(host, locale, size, "my-turn")

        # a lone tile as a new set, then 배치 확정: refused with the reason, the set in red
        _press(host, "#rack #tile-O9a", touch)
        press(host, "#place-new")
        expect(host.locator("#table #tile-O9a")).to_be_visible(timeout=10_000)
        expect(_set_of(host, "O9a")).to_have_attribute("data-valid", "false")
        host.wait_for_timeout(600)  # a tap right after another is folded into it on touch
        press(host, "#commit")
        expect(host.locator("#room-error")).not_to_be_empty(timeout=10_000)
        if shooter.wanted("refused-commit"):
            shooter.shot(host, locale, size, "refused-commit")

        # I take it back and draw; my friend puts K13 on the run K9–K12 and commits: on my screen
        # that set flashes while the AI, next, is thinking
        press(host, "#reset")
        expect(host.locator("#table [data-tile]")).to_have_count(70, timeout=10_000)
        host.wait_for_timeout(600)
        press(host, "#draw")
        expect(friend.locator("#my-turn")).to_be_visible(timeout=10_000)
        add_and_commit(friend, "K13b", onto="K9a")
        expect(_set_of(host, "K13b")).to_have_attribute("data-changed", "true", timeout=10_000)
        if shooter.wanted("others-turn"):
            shooter.shot(host, locale, size, "others-turn", frozen=True)

        if shooter.wanted("spectator"):
            watch_from_lobby(watcher, shooter.base_url, room_id)
            expect(watcher.locator("#watching")).to_be_visible(timeout=20_000)
            expect(watcher.locator("#table [data-tile]")).not_to_have_count(0)
            in_locale(watcher, locale)
            shooter.shot(watcher, locale, size, "spectator")

        # the last tile: my O5 on the run O1–O4 ends the game
        if shooter.wanted("results"):
            seed_rummikub(room_id, FULL_TABLE, [["O5a"], FRIEND_RACK, AI_RACK], current_seat=0)
            expect(host.locator("#my-turn")).to_be_visible(timeout=20_000)
            expect(host.locator("#rack [data-tile]")).to_have_count(1, timeout=10_000)
            host.wait_for_timeout(600)
            add_and_commit(host, "O5a", onto="O1a")
            expect(host.locator("#results")).to_be_visible(timeout=15_000)
            expect(host.locator(".result-row")).to_have_count(3)
            shooter.shot(host, locale, size, "results")
        # a game's replay, at its last move: a seeded game's log does not replay from its start, so
        # the replay is of a whole game played in-process (as tests/e2e/test_replay.py keeps one)
        if shooter.wanted("replay"):
            from tests.e2e.test_replay import _store
            from tests.unit.replays.room_driver import play_room_game

            played = play_room_game("rummikub", 9, [("g-screens", "guest", "easy"), ("ai-1", "ai", "easy")])
            host.goto(f"{shooter.base_url}/game/{_store(played.room)}")
            expect(host.locator("#replay-next")).to_be_visible(timeout=60_000)
            host.keyboard.press("End")
            in_locale(host, locale)
            shooter.shot(host, locale, size, "replay")
    finally:
        for context in contexts:
            context.close()


def mahjong(shooter: Shooter, locale: str, size: str) -> None:
    """The mahjong practice table as the layout and result browser tests seed it: my turn late in a
    hand, the chi window, a riichi, then a ron, a draw and the game's end (tests/e2e/test_mahjong_*)."""
    from playwright.sync_api import expect

    from tests.e2e.navigation import ROOM_URL, room_id_of
    from tests.e2e.seeding import seed_mahjong
    from tests.e2e.test_mahjong_layout import LATE, LATE_HANDS, RIICHI_HANDS
    from tests.e2e.test_mahjong_results import JUNK, MY_HAND

    touch = "has_touch" in SIZES[size]
    context = shooter.context(locale, size, NAMES[locale][0])
    page = context.new_page()

    def press(locator) -> None:
        (locator.tap() if touch else locator.click())

    try:
        page.goto(f"{shooter.base_url}/lobby")
        in_locale(page, locale)
        page.locator("#practice-mahjong").click()
        page.wait_for_url(ROOM_URL, timeout=30_000)
        expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)
        room_id = room_id_of(page)
        seed_mahjong(room_id, LATE_HANDS, **LATE)
        page.reload()
        expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
        expect(page.locator("#mj-hand .mj-tile")).to_have_count(14)
        if shooter.wanted("mahjong-my-turn"):
            shooter.shot(page, locale, size, "mahjong-my-turn")
        east = page.locator('#mj-hand .mj-drawn .mj-tile[data-code="1z"]')
        press(east)
        press(east)
        expect(page.locator("#mj-call-chi")).to_be_visible(timeout=20_000)
        if shooter.wanted("mahjong-call"):
            shooter.shot(page, locale, size, "mahjong-call")
        press(page.locator("#mj-call-pass"))
        expect(page.locator("#mj-claim")).to_have_count(0, timeout=10_000)

        if shooter.wanted("mahjong-riichi"):
            seed_mahjong(room_id, RIICHI_HANDS, live="1z1z1z8s", live_count=40, riichi=[2])
            page.reload()
            expect(page.locator("#mj-riichi")).to_be_visible(timeout=20_000)
            press(page.locator("#mj-riichi"))
            press(page.locator('#mj-hand .mj-tile[data-code="7z"]'))
            expect(page.locator('#pond-bottom .mj-tile[data-sideways="true"]')).to_have_count(1, timeout=10_000)
            shooter.shot(page, locale, size, "mahjong-riichi")

        overlay = page.locator("#mj-result-overlay")
        # a ron: I am in riichi on 2s/5s; the next player draws 5s and lets it go
        # seeded without a reload after it: a seat whose socket is gone is passed at once in a claim window
        seed_mahjong(
            room_id, [MY_HAND, JUNK[0] + "5s", JUNK[1], JUNK[2]], turn=1, riichi=[0], dora="1s", ura="3m", script=[(1, {"type": "discard", "tile": "drawn"})]
        )
        expect(page.locator("#mj-call-ron")).to_be_visible(timeout=20_000)
        press(page.locator("#mj-call-ron"))
        expect(overlay).to_be_visible(timeout=10_000)
        expect(page.locator("#mj-yaku .mj-yaku-line").last).to_have_css("opacity", "1", timeout=5_000)
        if shooter.wanted("mahjong-win"):
            shooter.shot(page, locale, size, "mahjong-win")
        press(page.locator("#mj-ready"))
        expect(overlay).to_have_count(0, timeout=10_000)

        # an exhaustive draw: I hold a 백 pon and wait on 2s/5s; three tiles are left for the AIs
        seed_mahjong(
            room_id, ["234m567m22s34s6p", *JUNK], melds={0: [{"type": "pon", "tiles": "555z", "from": 2}]}, live="9m9p9s", live_count=3, filler_seats=[1, 2, 3]
        )
        page.reload()
        expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
        six = page.locator('#mj-hand .mj-tile[data-code="6p"]').first
        press(six)
        press(six)
        expect(overlay).to_be_visible(timeout=20_000)
        if shooter.wanted("mahjong-draw"):
            shooter.shot(page, locale, size, "mahjong-draw")
        press(page.locator("#mj-ready"))
        expect(overlay).to_have_count(0, timeout=10_000)

        # 남4국, all last: my tsumo ends the game; the final screen after the last hand's 확인
        seed_mahjong(
            room_id, [MY_HAND + "5s", *JUNK], round_wind=1, hand_number=3, dealer=3, riichi=[0], points=[29000, 25000, 25000, 21000], dora="1s", ura="3m"
        )
        page.reload()
        expect(page.locator("#mj-tsumo")).to_be_visible(timeout=20_000)
        press(page.locator("#mj-tsumo"))
        expect(page.locator("#mj-result-title")).to_be_visible(timeout=15_000)  # the last hand, in the game end's place
        press(page.locator("#mj-last-ok"))
        expect(overlay).to_have_count(0, timeout=10_000)
        expect(page.locator("#mj-final")).to_be_visible(timeout=15_000)
        expect(page.locator("#mj-chart .mj-chart-line")).to_have_count(4, timeout=10_000)
        if shooter.wanted("mahjong-final"):
            shooter.shot(page, locale, size, "mahjong-final")
    finally:
        context.close()


def not_found(shooter: Shooter, locale: str, size: str) -> None:
    """An address that does not exist: the site's own 404 page."""
    if not shooter.wanted("not-found"):
        return
    context = shooter.context(locale, size, NAMES[locale][0])
    try:
        page = context.new_page()
        answer = page.goto(f"{shooter.base_url}/no-such-page")
        if answer is None or answer.status != 404:
            raise RuntimeError(f"/no-such-page answered {answer.status if answer else None}, not 404")
        in_locale(page, locale)
        shooter.shot(page, locale, size, "not-found")
    finally:
        context.close()


def source_version() -> str:
    """The commit the screenshots were taken from, and whether the working tree had changes."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()

    changed = git("status", "--porcelain", "--untracked-files=no")
    return git("rev-parse", "--short", "HEAD") + (" with uncommitted changes" if changed else "")


def write_index() -> None:
    """docs/screens/README.md: a table per locale and size of the PNGs that exist."""
    lines = [
        "# 화면 / Screens",
        "",
        "Taken by `python scripts/screens.py` (after `source scripts/bootstrap.sh`) from the real app in headless",
        "chromium: 1366×768 with a mouse and 390×844 touch (a phone), in Korean and English. The",
        "number-tile positions are seeded as the browser tests seed them; the others'-turn shot is frozen",
        "0.2 s into the 1 s flash of the set that was just changed. Click a picture for full size.",
        f"Last run on commit {source_version()}.",
        "",
        "`python scripts/screens.py`가 실제 앱을 헤드리스 chromium으로 띄워 찍은 화면입니다 (1366×768 마우스, 390×844 터치, 한국어·영어).",
        "",
    ]
    for locale, heading in (("ko", "한국어 (ko-KR)"), ("en", "English (en-US)")):
        for size in SIZES:
            rows = []
            for number, slug, ko, en in SCREENS:
                name = f"{locale}-{size}-{number}-{slug}.png"
                if (OUT / name).exists():
                    width = 360 if size == "1366x768" else 180
                    rows.append(f'| {number} | {ko}<br>{en} | [<img src="{name}" width="{width}" alt="{en}">]({name}) |')
            if rows:
                lines += [f"## {heading} · {SIZE_LABEL[size]}", "", "| # | 화면 / Screen | |", "| --- | --- | --- |", *rows, ""]
    (OUT / "README.md").write_text("\n".join(lines), encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--base-url", help="shoot a running site (only the screens that need no seeding)")
    parser.add_argument("--locale", choices=sorted(LOCALES), action="append", help="only this locale (repeatable)")
    parser.add_argument("--size", choices=sorted(SIZES), action="append", help="only this size (repeatable)")
    parser.add_argument("--only", help="comma-separated screen names, e.g. lobby,results (default: all)")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    if only and only - {s for _, s, *_ in SCREENS}:
        parser.error(f"unknown screens: {sorted(only - {s for _, s, *_ in SCREENS})}")
    started = time.monotonic()
    OUT.mkdir(parents=True, exist_ok=True)

    with tempfile.TemporaryDirectory(prefix="tilerooms-screens-") as tmp:
        work = Path(tmp) / "app"
        if not args.base_url:
            print("snapshot of the working tree ...", flush=True)
            snapshot(work)
        # the app and the tests' helpers are imported from the snapshot, the same code the harness serves
        sys.path.insert(0, str(ROOT if args.base_url else work))
        os.environ.update(
            {
                "DATABASE_URL": f"sqlite:///{Path(tmp) / 'screens.db'}",
                "TILEROOMS_SECRET_KEY": "screens-" + "k" * 44,
                "TILEROOMS_AI_DELAY_MS": "1500",  # an AI thinks long enough for the others'-turn shot
            }
        )
        from playwright.sync_api import sync_playwright

        from tests.e2e.conftest import CHROMIUM_ARGS
        from tests.e2e.seeding import tsumogiri_ais

        with served(args.base_url, work) as base_url, tsumogiri_ais(), sync_playwright() as pw:
            print(f"site at {base_url} ({time.monotonic() - started:.0f} s)", flush=True)
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            shooter = Shooter(browser, base_url, only, seeded=not args.base_url)
            for locale in args.locale or list(LOCALES):
                for size in args.size or list(SIZES):
                    print(f"{locale} {size} ...", flush=True)
                    number_tiles(shooter, locale, size)
                    not_found(shooter, locale, size)
                    if shooter.seeded and (only is None or only & MAHJONG_SCREENS):
                        mahjong(shooter, locale, size)
            browser.close()
    write_index()
    print(f"{len(shooter.written)} screenshots in {OUT.relative_to(ROOT)} in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
