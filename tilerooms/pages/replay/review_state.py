"""The replay page's 복기 panel (issue 21: 3): the AI review of the finished game, read from the
records database (`accounts/game_reviews.py`) once the background process has written it.

Never computed here: the page only reads. While the review is pending the page looks again every
`POLL_WAIT` seconds (a task of its own, so the replay's own buttons stay free), up to `POLL_TRIES`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from tilerooms.accounts import game_reviews
from tilerooms.core import RuleError
from tilerooms.pages.replay.state import REVIEW_LOADS, ReplayState, page_of, record_id_of, replay_of
from tilerooms.reflex_ext.payloads import browser_event
from tilerooms.replays.review_view import MjDecisionRow, RkTurnRow, SummaryRow, panel

POLL_WAIT = 1.0
POLL_TRIES = 90  # a hanchan is reviewed in ~0.5 s, plus the review process's start (~3 s)


class ReplayReview(ReplayState):
    """The review rows this browser shows beside the replay."""

    review_status: str = ""  # "" (none yet) / pending / done / failed / none (no review for this game)
    rk_turns: list[RkTurnRow] = []
    mj_worst: list[MjDecisionRow] = []
    review_summary: list[SummaryRow] = []
    best_turn: int = -1  # the number-tile turn row whose best table shows (-1: none)
    best_sets: list[list[str]] = []

    @browser_event
    async def load_review(self) -> None:
        """Wait for the replay to open, then show its review (looking again while it is pending):
        `_show_review`, started here. Limited as the replay's own load (issue 35: 4): one running
        per browser, each paying the rate limit; a refused one changes nothing."""
        token = self.router.session.client_token
        path_id = record_id_of(self.router.url.path)
        if REVIEW_LOADS.busy(token, path_id):
            return  # this browser's panel is looking for this record's review already
        try:
            current = REVIEW_LOADS.admit(self, path_id)
        except RuleError:
            return
        REVIEW_LOADS.run(token, current, _show_review(token, current))

    @browser_event
    async def open_turn(self, row: int) -> None:
        """Jump to a reviewed number-tile turn and show its best table (a second click hides it)."""
        if not 0 <= row < len(self.rk_turns):
            return
        parent = await self.get_state(ReplayState)
        await parent._go(self.rk_turns[row].index)
        if self.best_turn == row:
            self.best_turn, self.best_sets = -1, []
        else:
            self.best_turn, self.best_sets = row, self.rk_turns[row].best_sets

    @browser_event
    async def open_decision(self, row: int) -> None:
        """Jump to the position a listed mahjong decision was made from."""
        if 0 <= row < len(self.mj_worst):
            parent = await self.get_state(ReplayState)
            await parent._go(self.mj_worst[row].index)


async def _show_review(token: str, current: Callable[[], bool]) -> None:
    """Browser `token`'s review panel: once its replay is open, the review rows (polled while pending)."""
    for _ in range(POLL_TRIES):
        if not current():
            return  # a newer load of this browser took over
        async with page_of(token, ReplayState) as parent:
            status, record_id = parent.status, parent._record_id
        if status in ("missing", "limited"):
            return
        if status == "ready":
            break
        await asyncio.sleep(0.3)
    else:
        return
    for _ in range(POLL_TRIES):
        if not current():
            return
        found = await asyncio.to_thread(game_reviews.review_of, record_id)
        replay = await replay_of(record_id)  # the move lines the rows jump to
        async with page_of(token, ReplayReview) as page:
            if (await page.get_state(ReplayState))._record_id != record_id:
                return  # the page moved on to another record
            if found is None or found["status"] == "pending" or replay is None:
                page.review_status = "pending"
            elif found["status"] == "failed" or found["review"] is None:
                page.review_status = "failed"
                return
            else:
                names = {seat.id: seat.name for seat in replay.seats}
                rows = panel(found["review"], [m.step for m in replay.moves], names)
                page.rk_turns, page.mj_worst, page.review_summary = rows.turns, rows.worst, rows.summary
                page.best_turn, page.best_sets = -1, []
                page.review_status = "done"
                return
        await asyncio.sleep(POLL_WAIT)
    async with page_of(token, ReplayReview) as page:
        if current():
            page.review_status = "none"
