"""규칙 보기 for the number-tile board (engine spec §9 초보 도움말; issue 18: 5): a group, a run and a
joker drawn with the board's own tile, then the four rearrangements of engine spec §5.4 as
before → after pictures. Static content only; the texts are in i18n/board.py."""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.text import tr
from tilerooms.table.rummikub.rows import tile_row
from tilerooms.table.rummikub.tiles import number_tile
from tilerooms.table.state import RoomState

# a picture is rows of sets; a tile written "+R6b" comes from the player's rack (drawn selected)
Picture = list[list[str]]

BASICS: list[tuple[str, Picture]] = [
    ("group", [["R7a", "B7a", "K7a"], ["K10a", "R10a", "B10a", "O10a"]]),
    ("run", [["B3a", "B4a", "B5a", "B6a"], ["O9a", "O10a", "O11a", "O12a", "O13a"]]),
    ("joker", [["R5a", "JK1", "R7a"], ["K9a", "B9a", "JK2"]]),
]

# engine spec §5.4 공식 규칙서 예시: (caption key, before, after)
REARRANGEMENTS: list[tuple[str, Picture, Picture]] = [
    ("add_end", [["B4a", "B5a", "B6a"], ["+B3a"]], [["+B3a", "B4a", "B5a", "B6a"]]),
    ("add_group", [["K8a", "R8a", "B8a"], ["+O8a"]], [["K8a", "R8a", "B8a", "+O8a"]]),
    ("take_fourth", [["K4a", "R4a", "B4a", "O4a"], ["+B3a", "+B5a", "+B6a"]], [["K4a", "R4a", "O4a"], ["+B3a", "B4a", "+B5a", "+B6a"]]),
    ("split", [["R4a", "R5a", "R6a", "R7a", "R8a"], ["+R6b"]], [["R4a", "R5a", "R6a"], ["+R6b", "R7a", "R8a"]]),
]


def _tile(code: str) -> rx.Component:
    from_rack = code.startswith("+")
    row = tile_row(code.lstrip("+"), selected=from_rack)
    row.id = "rule-" + row.id  # never the id of a tile on the board
    return number_tile(rx.Var.create(row), small=True)


def _picture(picture: Picture) -> rx.Component:
    return rx.hstack(
        *[
            rx.hstack(*[_tile(code) for code in tiles], spacing="1", padding="4px", border_radius="8px", background="#e6f2ec", class_name="rule-set")
            for tiles in picture
        ],
        spacing="3",
        wrap="wrap",
        align="center",
    )


def _rearrangement(key: str, before: Picture, after: Picture) -> rx.Component:
    return rx.vstack(
        rx.text(tr(f"board.rules.ex.{key}"), size="2", weight="bold"),
        rx.hstack(_picture(before), rx.text("→", size="5", aria_hidden="true"), _picture(after), spacing="3", wrap="wrap", align="center"),
        spacing="1",
        class_name="rule-example",
        data_example=key,
    )


def rules_dialog() -> rx.Component:
    """The 규칙 보기 button and its dialog."""
    return rx.dialog.root(
        rx.dialog.trigger(rx.button(tr("board.rules"), variant="ghost", id="rules")),
        rx.dialog.content(
            rx.dialog.title(tr("board.rules.title")),
            rx.tabs.root(
                rx.tabs.list(
                    rx.tabs.trigger(tr("board.rules.tab.sets"), value="sets"),
                    rx.tabs.trigger(tr("board.rules.tab.rearrange"), value="rearrange"),
                    rx.tabs.trigger(tr("board.rules.tab.play"), value="play"),
                ),
                rx.tabs.content(
                    rx.vstack(
                        *[
                            rx.vstack(rx.text(tr(f"board.rules.{key}")), _picture(picture), spacing="1", class_name="rule-basic", data_example=key)
                            for key, picture in BASICS
                        ],
                        rx.text(tr("board.rules.meld")),
                        spacing="3",
                        padding_top="0.6em",
                    ),
                    value="sets",
                ),
                rx.tabs.content(
                    rx.vstack(
                        rx.text(tr("board.rules.rearrange")),
                        rx.text(tr("board.rules.from_rack"), size="1", color_scheme="gray"),
                        *[_rearrangement(key, before, after) for key, before, after in REARRANGEMENTS],
                        spacing="3",
                        padding_top="0.6em",
                    ),
                    value="rearrange",
                ),
                rx.tabs.content(
                    rx.vstack(
                        rx.text(tr("board.rules.draw")),
                        rx.text(tr("board.rules.controls")),
                        # this browser's setting: the board's flashes and slides off (also with prefers-reduced-motion)
                        rx.button(
                            tr("mj.set.reduced"),
                            size="1",
                            variant=rx.cond(RoomState.reduced_motion, "solid", "outline"),
                            id="reduce-motion",
                            aria_pressed=rx.cond(RoomState.reduced_motion, "true", "false"),
                            on_click=RoomState.toggle_reduced_motion,
                        ),
                        spacing="2",
                        padding_top="0.6em",
                    ),
                    value="play",
                ),
                default_value="sets",
            ),
            rx.dialog.close(rx.button(tr("common.close"), margin_top="1em", id="rules-close")),
            max_height="85vh",
            overflow_y="auto",
        ),
    )
