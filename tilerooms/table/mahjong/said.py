"""The mahjong table's latest move in words, for its live region (issue 34: 14; `table/live.py`).

The server sends it in a few bytes with every discard (`MjTurn.said`, "b d 9s": the mover's place
letter, the move's letter of `moves.SAID_LETTERS`, the tile's code; `rows.said_code`); this words
it in the browser from the plates' names and the tiles' spoken names: "AI 2 (쉬움): 9삭 버림",
"You: pon 5p". The bottom place is the viewer's own ("나" / "You") unless they only watch.
"""

from __future__ import annotations

import reflex as rx

from tilerooms.i18n import MESSAGES
from tilerooms.table.mahjong.moves import SAID_LETTERS
from tilerooms.table.mahjong.rows import PLACES
from tilerooms.table.mahjong.state import MahjongTable
from tilerooms.table.mahjong.tiles import tile_face


def said_text(locale: str) -> rx.Var:
    """The latest move in `locale` ("" before the hand's first one)."""
    said = MahjongTable.mj_turn.said
    parts = said.split(" ")
    place, letter = parts[0].to(str), parts[1].to(str)
    code = rx.cond(parts.length() > 2, parts[2], "").to(str)
    en = locale == "en"
    names = [(p[0], getattr(MahjongTable, f"mj_plate_{p}").name_en if en else getattr(MahjongTable, f"mj_plate_{p}").name) for p in PLACES]
    me = rx.cond(MahjongTable.mj_info.spectator, names[0][1], MESSAGES["move.you"][locale])
    who = rx.match(place, ("b", me), *names[1:], "").to(str)
    tile = rx.cond(code == "", "", tile_face(code, "aria_en" if en else "aria")).to(str)
    template = rx.match(letter, *((mark, MESSAGES[f"mj.said.{kind}"][locale]) for kind, mark in SAID_LETTERS.items()), "").to(str)
    return rx.cond(said == "", "", template.replace("{who}", who).replace("{tile}", tile)).to(str)
