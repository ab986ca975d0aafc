"""The accounts side of the running app: start-up checks, the game-end listener (records, the kept
game and its review), the pending sweeps."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from tilerooms.accounts import game_reviews, records, settings
from tilerooms.rooms.service import RoomService

log = logging.getLogger(__name__)

PENDING_SWEEP_S = 60.0  # rewards left unwritten by a failed listener are finished within a minute


async def record_finished_rooms(service: RoomService) -> None:
    """Rooms still showing a result (Redis keeps them across restarts): record and keep them (idempotent)."""
    store = service.store
    for room_id in await store.room_ids():
        room = await store.load(room_id)
        if room is not None and room.status == "finished" and room.result:
            await records.on_game_end(room)
            await game_reviews.on_game_end(room)  # kept (idempotent), then reviewed once


@contextlib.asynccontextmanager
async def accounts_runtime(service: RoomService):
    """Lifespan task on this worker's room `service` (the app hands it in): fail fast on missing
    production secrets, record game ends, finish pending rewards."""
    settings.check_at_start()
    if not getattr(service, "_accounts_listening", False):
        service.on_game_end(records.on_game_end)
        # issue 21: every finished game kept for replay, then reviewed (복기) in a separate process
        service.on_game_end(game_reviews.on_game_end)
        service._accounts_listening = True  # one listener per service, however often the app starts

    async def sweep_forever() -> None:
        with contextlib.suppress(Exception):
            await record_finished_rooms(service)
        while True:
            try:
                await asyncio.to_thread(records.apply_pending_rewards)
            except Exception:  # noqa: BLE001 - a database hiccup: the next sweep tries again
                log.exception("pending rewards sweep failed")
            await asyncio.sleep(PENDING_SWEEP_S)

    async def review_missing() -> None:
        try:
            await game_reviews.runner().sweep()  # stored games without a review (bounded, newest first)
        except Exception:  # noqa: BLE001 - the next start sweeps again
            log.exception("review sweep failed")

    task = asyncio.create_task(sweep_forever())
    reviews = asyncio.create_task(review_missing())
    try:
        yield
    finally:
        task.cancel()
        reviews.cancel()
        game_reviews.shutdown_runners()
