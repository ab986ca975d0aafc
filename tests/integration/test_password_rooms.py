"""A password room shows an outsider only what the lobby shows (issue 17, point 3)."""

from __future__ import annotations

import json

from tests.helpers.people import GUEST as FRIEND
from tests.helpers.people import HOST
from tilerooms.rooms.identity import guest
from tilerooms.rooms.views import lobby_entry

OUTSIDER = guest("outsiderbrw3", "민수")


async def test_an_outsider_of_a_password_room_sees_the_lobby_entry_and_nothing_else(service):
    room_id = await service.create_room(HOST, game="rummikub", name="잠긴 방", password="hunter22")
    await service.join(room_id, FRIEND, password="hunter22")
    await service.say(room_id, HOST.id, "비밀 이야기")
    seen = await service.view(room_id, OUTSIDER.id)
    text = json.dumps(seen, ensure_ascii=False)
    for secret in (HOST.id, FRIEND.id, "영희", "철수", "비밀 이야기", "hunter22"):
        assert secret not in text
    entry = lobby_entry(await service.store.load(room_id))
    assert {k: seen[k] for k in entry} == entry  # what the lobby shows, it may show
    assert seen["you"]["role"] == "outsider" and seen["seats"] == [] and seen["options"] == {}
    # with the password they are in, and see the room
    await service.join(room_id, OUTSIDER, password="hunter22")
    inside = await service.view(room_id, OUTSIDER.id)
    assert [s["occupant"]["name"] for s in inside["seats"] if s["occupant"]][:2] == ["영희", "철수"]


async def test_an_open_room_still_shows_outsiders_its_seats(service):
    room_id = await service.create_room(HOST, game="rummikub", name="열린 방")
    seen = await service.view(room_id, OUTSIDER.id)
    assert seen["seats"][0]["occupant"]["name"] == "영희"
