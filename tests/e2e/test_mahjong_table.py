"""The mahjong table in real browsers, at a touch phone viewport and at a desktop one: a seeded
game against AI seats — discard by tap (and by a touch swipe up on the phone), pon from the claim window, ron (역패 백); then riichi in
a later hand, tsumo with ura-dora, and the game's final ranking with its score chart. A second
browser's websocket frames never carry the first player's hand or claim options, and a spectator's
never carry any hidden tile. Three seated players play sanma, with a kita.

AI seats play through the room's normal AI path but discard what they draw and pass every claim
(`tsumogiri_ais`), so the seeded hands play the same whatever the real AI would choose. Screenshots go to test-results/ (not committed).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import RESULTS
from tests.e2e.navigation import create_room, join_from_lobby, watch_from_lobby
from tests.e2e.seeding import seed_mahjong
from tests.mahjong_wire import ids_in, tokens_in

pytestmark = pytest.mark.usefixtures("scripted_ais")  # AIs discard what they draw and pass every claim

# AI hands without pairs or near neighbours: they can never call, and never hold my waits
JUNK = ["1m4m7m1p4p7p1s4s7s2z3z6z7z", "2m5m8m2p5p8p2s5s8s2z3z6z7z", "3m6m9m3p6p9p3s6s9s2z3z6z7z"]


VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2},
}


def _practice(page, base_url: str) -> str:
    page.goto(f"{base_url}/lobby")
    expect(page.locator("#lobby-title")).to_have_text("로비", timeout=30_000)
    page.locator("#practice-mahjong").click()
    page.wait_for_url(re.compile(r"/room/r[0-9a-f]+"), timeout=30_000)
    expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def _mahjong_room(page, base_url: str, name: str) -> str:
    """A new 리치 마작 room created from the lobby with `page` as its host; returns its id."""
    return create_room(page, base_url, name=name, game="mahjong")


def _add_ais(page, seats) -> None:
    """The host puts an easy AI in each of `seats` and sees each sit down."""
    for seat in seats:
        page.locator(f"#add-ai-easy-{seat}").click()
        expect(page.locator(f"#seat-{seat} .seat-name")).not_to_have_text("빈 자리", timeout=10_000)


def _hand_tile(page, code: str):
    return page.locator(f'#mj-hand .mj-tile[data-code="{code}"]').first


def _press(page, locator, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


def _swipe_up(context, page, locator) -> None:
    """A finger put on the tile and moved 90 px up, then lifted."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 7):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - 15 * step}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _shot(page, name: str) -> None:
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_a_seeded_game_tap_pon_ron_then_riichi_tsumo_and_the_final_chart(browser, base_url, kind):
    context = browser.new_context(locale="ko-KR", **VIEWPORTS[kind])
    page = context.new_page()
    touch = kind == "phone"
    try:
        room_id = _practice(page, base_url)

        # hand 1 (동1국, I deal): 123m 456m 78p 99s 55z 9m + drawn 동
        seed_mahjong(room_id, ["123m456m78p99s55z9m1z", *JUNK], live="5z6p")
        page.reload()
        expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
        expect(page.locator("#mj-hand .mj-tile")).to_have_count(14)
        expect(page.locator("#mj-hand .mj-drawn .mj-tile")).to_have_attribute("data-code", "1z")
        expect(page.locator("#mj-dora .mj-tile")).to_have_count(1)

        # discard: the first tap selects and enlarges; a second tap (desktop) or a swipe up (phone:
        # real touch events through the DevTools protocol) discards it (spec §9)
        east = _hand_tile(page, "1z")
        _press(page, east, touch)
        expect(east).to_have_attribute("data-selected", "true")
        if touch:
            _swipe_up(context, page, east)
        else:
            _press(page, east, touch)
        expect(page.locator('#pond-bottom .mj-tile[data-code="1z"]')).to_have_count(1, timeout=10_000)
        _shot(page, f"mahjong-{kind}-after-discard")

        # the next player draws 백 and lets it go: my claim window offers 퐁
        expect(page.locator("#mj-call-pon")).to_be_visible(timeout=15_000)
        expect(page.locator("#mj-claim-ring")).to_be_visible()
        assert page.locator("#mj-call-pon").bounding_box()["height"] >= 56
        expect(page.locator("#mj-call-chi")).to_have_count(0)
        _shot(page, f"mahjong-{kind}-claim")
        _press(page, page.locator("#mj-call-pon"), touch)
        expect(page.locator('#plate-bottom .mj-meld .mj-tile[data-code="5z"]')).to_have_count(3, timeout=10_000)

        # after the call: discard 9m (tenpai on 6p/9p, the beginner hint says so)
        nine = _hand_tile(page, "9m")
        expect(nine).to_have_attribute("data-keeps", "true")
        _press(page, nine, touch)
        expect(page.locator("#mj-selected-hint")).to_contain_text("대기 6통·9통")
        _press(page, page.locator("#mj-discard"), touch)
        expect(page.locator("#mj-waits")).to_have_text("대기 6통·9통", timeout=10_000)

        # the next player lets 6p go: 론
        expect(page.locator("#mj-call-ron")).to_be_visible(timeout=15_000)
        _press(page, page.locator("#mj-call-ron"), touch)
        expect(page.locator("#mj-result-title")).to_have_text("론", timeout=10_000)
        expect(page.locator("#mj-win-tile .mj-tile")).to_have_attribute("data-code", "6p")
        expect(page.locator("#mj-yaku")).to_contain_text("역패: 백")
        expect(page.locator("#mj-win-points")).to_contain_text("부")
        _shot(page, f"mahjong-{kind}-ron")
        _press(page, page.locator("#mj-ready"), touch)
        expect(page.locator("#mj-result")).to_have_count(0, timeout=10_000)

        # hand 2 (남4국, all last): riichi on 234m 567m 345p 67s 22p, tsumo 8s ends the game
        seed_mahjong(
            room_id, ["234m567m345p67s22p7z", *JUNK], live="1z1z1z8s", round_wind=1, hand_number=3, dealer=3, points=[29000, 25000, 25000, 21000], ura="4m"
        )
        page.reload()
        expect(page.locator("#mj-riichi")).to_be_visible(timeout=20_000)
        _press(page, page.locator("#mj-riichi"), touch)
        expect(page.locator('#mj-hand .mj-tile[data-lit="true"]')).to_have_count(1)
        expect(_hand_tile(page, "7z")).to_have_attribute("data-lit", "true")
        _shot(page, f"mahjong-{kind}-riichi-mode")
        _press(page, _hand_tile(page, "7z"), touch)
        expect(page.locator('#plate-bottom [data-riichi="true"]')).to_be_visible(timeout=10_000)
        expect(page.locator('#pond-bottom .mj-tile[data-sideways="true"]')).to_have_attribute("data-code", "7z")

        expect(page.locator("#mj-tsumo")).to_be_visible(timeout=30_000)
        _press(page, page.locator("#mj-tsumo"), touch)
        # the last hand first, in the game end's place (issue 34: 8), then the ranking after 확인
        expect(page.locator("#mj-result-title")).to_have_text("쯔모", timeout=15_000)
        for line in ("리치", "멘젠쯔모"):
            expect(page.locator("#mj-yaku")).to_contain_text(line)
        expect(page.locator("#mj-ura .mj-tile")).to_have_count(1)
        _press(page, page.locator("#mj-last-ok"), touch)
        expect(page.locator("#mj-final")).to_be_visible(timeout=15_000)
        expect(page.locator(".mj-rank-row")).to_have_count(4)
        expect(page.locator(".mj-rank-row").first).to_contain_text("1위")
        expect(page.locator("#mj-chart .mj-chart-line")).to_have_count(4, timeout=10_000)
        _shot(page, f"mahjong-{kind}-final")
    finally:
        context.close()


def _older_than(frame: str, version: int) -> bool:
    """A push of the room at an older version: the game the seed replaced, where an AI was still
    moving while the seed was written (its tiles are not the seeded game's)."""
    shown = re.search(r'"version_rx_state_":\s*(\d+)', frame)
    return shown is not None and int(shown.group(1)) < version


def test_a_second_browser_never_receives_my_hand_or_my_claim_options(open_page, base_url):
    from tests.e2e.seeding import stored_room

    first, second = (open_page(locale="ko-KR", viewport={"width": 1280, "height": 900}) for _ in range(2))
    # one list per websocket: frames of the page before the reload (the seeded game's predecessor, where
    # an AI may have discarded any tile) stay out of the check even when Playwright delivers them late
    sockets: dict[str, list[list[str]]] = {"first": [], "second": []}

    def listen(ws, name: str) -> None:
        received: list[str] = []
        sockets[name].append(received)
        ws.on("framereceived", lambda payload: received.append(str(payload)))

    for name, page in (("first", first), ("second", second)):
        page.on("websocket", lambda ws, name=name: listen(ws, name))
    room_id = _mahjong_room(first, base_url, "마작 누출 검사")
    join_from_lobby(second, base_url, room_id)
    expect(second.locator("#ready")).to_be_visible(timeout=20_000)
    second.locator("#ready").click()
    _add_ais(first, (2, 3))
    first.locator("#start").click()
    expect(first.locator("#mj-table")).to_be_visible(timeout=20_000)

    # both pages reload before the seed (their new sockets carry the frames checked below): a
    # seat whose socket is gone is passed at once in a claim window (issue 17), so a reload
    # after the seed could lose the first player's pon
    before = {name: len(socks) for name, socks in sockets.items()}
    first.reload()
    second.reload()
    for page in (first, second):
        expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)
    # the second player lets 백 go; the first player (55z in hand) may pon it
    state = seed_mahjong(room_id, ["123m456m78p99s55z9m", JUNK[0] + "5z", JUNK[1], JUNK[2]], turn=1, script=[(1, {"type": "discard", "tile": "drawn"})])
    seeded_version = stored_room(room_id).version
    expect(first.locator("#mj-call-pon")).to_be_visible(timeout=20_000)
    expect(second.locator("#mj-waiting")).to_have_text("다른 플레이어 확인 중", timeout=20_000)
    expect(second.locator("#mj-call-pon")).to_have_count(0)
    first.wait_for_timeout(500)

    from tilerooms.games.mahjong.flow import tok

    mine = state["hand"]["closed"][0]
    frames = {name: [f for sock in socks[before[name] :] for f in sock if not _older_than(f, seeded_version)] for name, socks in sockets.items()}
    seen_by_second = "".join(frames["second"])
    # a tile travels as its token, a pond tile with marks ("52:0p/t"): any form of my tiles' ids
    leaked = [tok(t) for t in mine if t in ids_in(frames["second"])]
    assert seen_by_second and not leaked, f"the second browser saw my tiles: {leaked}"
    assert '"pon_choices":[]' in seen_by_second.replace(" ", "") or '"pon_choices"' not in seen_by_second
    assert all(tok(t) in tokens_in(frames["first"]) for t in mine)  # the check would see a leak: the tokens are there for me
    _shot(second, "mahjong-second-browser")


def test_a_spectator_sees_the_ponds_live_and_never_a_hidden_tile(open_page, base_url):
    """A host, three AI seats and a spectator: the spectator's table shows every pond and no hand,
    and no frame its sockets received ever carried a tile that is still hidden (a closed hand, a
    drawn tile, the wall, the dead wall past the revealed dora) — while the capture did carry the
    public discards."""
    from tests.e2e.seeding import stored_room
    from tilerooms.games.mahjong.flow import tok

    host, watcher = (open_page(locale="ko-KR", viewport={"width": 1280, "height": 900}) for _ in range(2))
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    room_id = _mahjong_room(host, base_url, "마작 관전")
    _add_ais(host, (1, 2, 3))
    watch_from_lobby(watcher, base_url, room_id)
    expect(watcher.locator("#room-status")).to_have_attribute("data-status", "waiting", timeout=30_000)
    host.locator("#start").click()
    expect(watcher.locator("#mj-table")).to_be_visible(timeout=20_000)
    expect(watcher.locator("#mj-hand .mj-tile")).to_have_count(0)

    # play a few turns: I discard my drawn tile whenever it is my turn, the AIs discard theirs
    for _ in range(3):
        expect(host.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
        drawn = host.locator("#mj-hand .mj-drawn .mj-tile")
        drawn.click()
        drawn.click()
        expect(host.locator("#mj-my-turn")).to_have_count(0, timeout=10_000)
    expect(watcher.locator(".mj-pond .mj-tile")).not_to_have_count(0)
    expect(watcher.locator("#mj-hand .mj-tile")).to_have_count(0)

    watcher.wait_for_timeout(300)  # a Playwright call: frames received so far are delivered
    hand = stored_room(room_id).game_state["hand"]  # read after the frames: hidden now = hidden then
    hidden = [t for seat in hand["closed"] for t in seat] + [t for t in hand["drawn"] if t is not None]
    hidden += hand["live"] + hand["rinshan"] + hand["dora"][hand["dora_revealed"] :] + hand["ura"]
    # any form: a token, a pond tile with its marks ("52:0p/t"), a meld's or dora's token
    leaked = [tok(t) for t in hidden if t in ids_in(frames)]
    assert not leaked, f"the spectator received hidden tiles: {leaked}"
    discarded = [tok(d["tile"]) for seat in hand["discards"] for d in seat]
    assert discarded and all(t in tokens_in(frames) for t in discarded)  # the capture works
    _shot(watcher, "mahjong-spectator")


def test_three_seated_players_play_sanma_with_a_kita(open_page, base_url):
    """A mahjong room with a host and two AI seats starts as sanma (spec §5.7): three ponds and
    plates, and holding 북 offers 북 (kita), which sets the tile aside and draws a replacement."""
    page = open_page(locale="ko-KR", viewport={"width": 1280, "height": 900})
    room_id = _mahjong_room(page, base_url, "삼마")
    _add_ais(page, (1, 2))
    page.locator("#start").click()
    expect(page.locator("#mj-table")).to_be_visible(timeout=20_000)

    # my deal (no 2m–8m in sanma): 19m 123456p 123s 44z, drawn 중
    state = seed_mahjong(room_id, ["19m123456p123s44z7z", "19m147p147s2367z9p", "19m258p258s2367z9s"])
    assert state["mode"] == "sanma"
    page.reload()
    expect(page.locator("#mj-my-turn")).to_be_visible(timeout=20_000)
    expect(page.locator(".mj-pond")).to_have_count(3)
    expect(page.locator("#mj-hand .mj-tile")).to_have_count(14)
    page.locator("#mj-kita").click()
    expect(page.locator('#mj-hand .mj-tile[data-code="4z"]')).to_have_count(1, timeout=10_000)
    expect(page.locator("#mj-hand .mj-tile")).to_have_count(14)  # one set aside, one replacement drawn
    expect(page.locator("#plate-bottom")).to_contain_text("북×1")
    expect(page.locator("#plate-bottom .mj-points")).to_have_text("35000")  # sanma start points
    _shot(page, "mahjong-sanma-kita")
