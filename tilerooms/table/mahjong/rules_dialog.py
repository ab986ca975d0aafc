"""규칙 보기 for the mahjong table (spec §9): yaku with example pictures, a score table, furiten
explained, a glossary. Opened with the [?] button under the table; static content only."""

from __future__ import annotations

import reflex as rx

from tilerooms.shell.text import tr

# (message key, han key, example hand in notation) — spec §6.1; names and lines in i18n/mahjong.py
YAKU_EXAMPLES: list[tuple[str, str, str]] = [
    ("riichi", "1", "234m567p345s67s22z"),
    ("tsumo", "1", "123m456p789s234s55m"),
    ("tanyao", "1", "234m567p345s678s55p"),
    ("pinfu", "1", "123m456p789s23s55p"),
    ("yakuhai", "1", "555z123m456p789s11p"),
    ("iipeikou", "1", "112233m456p789s55s"),
    ("sanshoku", "2c1", "123m123p123s456s99m"),
    ("ittsu", "2c1", "123456789m456p22s"),
    ("toitoi", "2", "111m555p999s222z33m"),
    ("chiitoitsu", "2", "1155m2288p3399s11z"),
    ("honitsu", "3c2", "123456789m111z22z"),
    ("chinitsu", "6c5", "11123455678999m"),
]

# rows of the score table: "mj.score.<key>" with ".child" and ".dealer" cells
SCORE_ROWS: list[str] = ["1h30", "2h30", "3h30", "4h30", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"]

# glossary entries: "mj.term.<key>" and "mj.term.<key>.desc"
GLOSSARY: list[str] = ["tenpai", "tsumo_ron", "calls", "dora", "ura", "honba", "kuikae", "uma"]


def _example_tiles(hand: str) -> rx.Component:
    from tilerooms.games.mahjong.tiles import parse_tiles

    codes = []
    for tile in parse_tiles(hand):
        suit = "mpsz"[tile.kind // 9]
        codes.append(f"{tile.kind % 9 + 1}{suit}")
    return rx.hstack(*[rx.el.img(src=f"/mahjong/{c}.svg", alt=c, style={"width": "1.35rem"}) for c in codes], spacing="0", wrap="wrap")


def rules_dialog() -> rx.Component:
    """The [?] rules view."""
    return rx.dialog.root(
        rx.dialog.trigger(rx.button("?", size="1", variant="soft", id="mj-rules", aria_label=tr("mj.rules"))),
        rx.dialog.content(
            rx.dialog.title(tr("mj.rules.title")),
            rx.tabs.root(
                rx.tabs.list(
                    rx.tabs.trigger(tr("mj.rules.tab.yaku"), value="yaku"),
                    rx.tabs.trigger(tr("mj.rules.tab.score"), value="score"),
                    rx.tabs.trigger(tr("mj.rules.tab.furiten"), value="furiten"),
                    rx.tabs.trigger(tr("mj.rules.tab.terms"), value="terms"),
                ),
                rx.tabs.content(
                    rx.vstack(
                        rx.text(tr("mj.rules.need_yaku"), size="2"),
                        *[
                            rx.vstack(
                                rx.hstack(
                                    rx.text(tr(f"mj.yaku.{key}"), weight="bold"),
                                    rx.badge(tr(f"mj.han.{han}")),
                                    rx.text(tr(f"mj.yaku.{key}.desc"), size="1", color_scheme="gray"),
                                    wrap="wrap",
                                    align="center",
                                ),
                                _example_tiles(hand),
                                spacing="1",
                                class_name="mj-rule-yaku",
                            )
                            for key, han, hand in YAKU_EXAMPLES
                        ],
                        spacing="3",
                        padding_top="0.6em",
                    ),
                    value="yaku",
                ),
                rx.tabs.content(
                    rx.table.root(
                        rx.table.header(
                            rx.table.row(
                                rx.table.column_header_cell(""),
                                rx.table.column_header_cell(tr("mj.rules.non_dealer")),
                                rx.table.column_header_cell(tr("mj.rules.dealer")),
                            )
                        ),
                        rx.table.body(
                            *[
                                rx.table.row(
                                    rx.table.cell(tr(f"mj.score.{k}")), rx.table.cell(tr(f"mj.score.{k}.child")), rx.table.cell(tr(f"mj.score.{k}.dealer"))
                                )
                                for k in SCORE_ROWS
                            ]
                        ),
                        size="1",
                    ),
                    value="score",
                ),
                rx.tabs.content(
                    rx.vstack(
                        rx.text(tr("mj.rules.furiten.head"), weight="bold"),
                        rx.text(tr("mj.rules.furiten.own")),
                        rx.text(tr("mj.rules.furiten.temp")),
                        rx.text(tr("mj.rules.furiten.riichi")),
                        rx.text(tr("mj.rules.furiten.badge")),
                        spacing="2",
                        padding_top="0.6em",
                    ),
                    value="furiten",
                ),
                rx.tabs.content(
                    rx.vstack(
                        *[rx.text(rx.text.strong(tr(f"mj.term.{k}")), " — ", tr(f"mj.term.{k}.desc"), size="2") for k in GLOSSARY],
                        spacing="2",
                        padding_top="0.6em",
                    ),
                    value="terms",
                ),
                default_value="yaku",
            ),
            rx.dialog.close(rx.button(tr("common.close"), margin_top="1em", id="mj-rules-close")),
            max_height="85vh",
            overflow_y="auto",
        ),
    )
