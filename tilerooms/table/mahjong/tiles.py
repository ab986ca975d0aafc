"""Mahjong tiles: our own SVG art (assets/mahjong/*.svg, drawn by `tile_svg` below — no commercial
tile images, spec §12) and the tile component.

Large print (spec §9, on by default): a Korean label under each picture ("1만", "동", "백") and a
border pattern per suit for colour-blind players (만 solid, 통 dotted, 삭 dashed, 자패 double).
Red fives are drawn red and carry a red corner mark in every mode.

Regenerate the pictures with ``python -m tilerooms.table.mahjong.tiles`` (a unit test checks they
are up to date).
"""

from __future__ import annotations

import json
from pathlib import Path

import reflex as rx

from tilerooms.shell.text import by_locale
from tilerooms.table.mahjong.rows import POND_MARKS, tile_aria_en, tile_label, tile_label_en

ASSET_DIR = Path(__file__).resolve().parents[3] / "assets" / "mahjong"
NUMERALS = "一二三四五六七八九"
HONOR_GLYPHS = "東南西北白發中"
FONT = "'Noto Serif CJK KR','Noto Serif CJK JP','Noto Sans CJK KR',serif"
INK, RED, GREEN, BLUE = "#1f2a44", "#c62828", "#1b7f3b", "#1f5fbf"

_PIN_SPOTS = {
    1: [(30, 40)],
    2: [(30, 22), (30, 58)],
    3: [(15, 18), (30, 40), (45, 62)],
    4: [(18, 22), (42, 22), (18, 58), (42, 58)],
    5: [(17, 19), (43, 19), (30, 40), (17, 61), (43, 61)],
    6: [(19, 16), (41, 16), (19, 40), (41, 40), (19, 64), (41, 64)],
    7: [(14, 14), (30, 22), (46, 30), (19, 48), (41, 48), (19, 66), (41, 66)],
    8: [(19, 13), (41, 13), (19, 31), (41, 31), (19, 49), (41, 49), (19, 67), (41, 67)],
    9: [(15, 16), (30, 16), (45, 16), (15, 40), (30, 40), (45, 40), (15, 64), (30, 64), (45, 64)],
}
_SOU_SPOTS = {
    2: [(30, 22), (30, 58)],
    3: [(30, 22), (19, 58), (41, 58)],
    4: [(19, 22), (41, 22), (19, 58), (41, 58)],
    5: [(16, 22), (44, 22), (30, 40), (16, 58), (44, 58)],
    6: [(15, 22), (30, 22), (45, 22), (15, 58), (30, 58), (45, 58)],
    7: [(30, 14), (15, 40), (30, 40), (45, 40), (15, 66), (30, 66), (45, 66)],
    8: [(12, 22), (24, 22), (36, 22), (48, 22), (12, 58), (24, 58), (36, 58), (48, 58)],
    9: [(15, 14), (30, 14), (45, 14), (15, 40), (30, 40), (45, 40), (15, 66), (30, 66), (45, 66)],
}


def _frame(body: str, red: bool = False) -> str:
    mark = f'<circle cx="52" cy="8" r="3.2" fill="{RED}"/>' if red else ""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80">'
        '<rect x="1" y="1" width="58" height="78" rx="7" fill="#fffdf5" stroke="#b9b2a0" stroke-width="2"/>'
        f"{body}{mark}</svg>"
    )


def _pin(n: int, red: bool) -> str:
    r = 15 if n == 1 else 9 if n <= 4 else 7.5 if n <= 6 else 6.5
    parts = []
    for i, (x, y) in enumerate(_PIN_SPOTS[n]):
        colour = RED if red or (n == 1) or (n in (5, 9) and i == len(_PIN_SPOTS[n]) // 2) or (n == 7 and i < 3) else (BLUE if i % 2 == 0 else GREEN)
        parts.append(
            f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{colour}" stroke-width="2.6"/>'
            f'<circle cx="{x}" cy="{y}" r="{r * 0.42:.1f}" fill="{colour}"/>'
        )
    return "".join(parts)


def _sou(n: int, red: bool) -> str:
    if n == 1:  # our own bird: a round body, a tail of three sticks, a red eye
        return (
            f'<path d="M18 58 L30 20 L42 58 Z" fill="none" stroke="{GREEN}" stroke-width="3"/>'
            f'<ellipse cx="30" cy="50" rx="11" ry="13" fill="{GREEN}"/>'
            f'<circle cx="30" cy="26" r="6" fill="{RED}"/><circle cx="30" cy="26" r="2" fill="#fff"/>'
        )
    parts = []
    for i, (x, y) in enumerate(_SOU_SPOTS[n]):
        colour = RED if red or (n == 5 and i == 2) or (n == 7 and i == 0) or (n == 9 and x == 30) else GREEN
        parts.append(
            f'<rect x="{x - 3.5}" y="{y - 10}" width="7" height="20" rx="3.5" fill="{colour}"/>'
            f'<line x1="{x - 3.5}" y1="{y}" x2="{x + 3.5}" y2="{y}" stroke="#fffdf5" stroke-width="1.4"/>'
        )
    return "".join(parts)


def _man(n: int, red: bool) -> str:
    top = RED if red else INK
    return (
        f'<text x="30" y="35" font-family="{FONT}" font-size="27" font-weight="700" fill="{top}" text-anchor="middle">{NUMERALS[n - 1]}</text>'
        f'<text x="30" y="70" font-family="{FONT}" font-size="27" font-weight="700" fill="{RED}" text-anchor="middle">萬</text>'
    )


def _honor(n: int) -> str:
    if n == 5:  # white dragon: an empty blue frame
        return f'<rect x="14" y="17" width="32" height="46" rx="3" fill="none" stroke="{BLUE}" stroke-width="3"/>'
    colour = GREEN if n == 6 else RED if n == 7 else INK
    return f'<text x="30" y="54" font-family="{FONT}" font-size="38" font-weight="700" fill="{colour}" text-anchor="middle">{HONOR_GLYPHS[n - 1]}</text>'


def tile_svg(code: str) -> str:
    """The SVG picture of one tile: ``"1m"``…``"9m"``, ``"0m"``/``"0p"``/``"0s"`` (red fives),
    ``"1z"``…``"7z"`` (동남서북백발중) or ``"back"``."""
    if code == "back":
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80">'
            '<rect x="1" y="1" width="58" height="78" rx="7" fill="#2f7d5b" stroke="#1d5c41" stroke-width="2"/>'
            '<rect x="8" y="8" width="44" height="64" rx="4" fill="none" stroke="#8fd1b0" stroke-width="1.5"/></svg>'
        )
    digit, suit = int(code[0]), code[1]
    red = digit == 0
    n = 5 if red else digit
    body = {"m": lambda: _man(n, red), "p": lambda: _pin(n, red), "s": lambda: _sou(n, red), "z": lambda: _honor(n)}[suit]()
    return _frame(body, red)


def all_codes() -> list[str]:
    """Every picture the table uses."""
    codes = [f"{n}{s}" for s in "mps" for n in range(0, 10)] + [f"{n}z" for n in range(1, 8)]
    return codes + ["back"]


def write_tile_art(directory: Path = ASSET_DIR) -> list[Path]:
    """Write every tile picture into `directory` (assets/mahjong by default)."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for code in all_codes():
        path = directory / f"{code}.svg"
        path.write_text(tile_svg(code), encoding="utf-8")
        written.append(path)
    return written


# --- the component -----------------------------------------------------------------------------


def _tile_element(code, label, aria, *, suit, red, sideways, called, tsumogiri, size: str, on_click, extra, props: dict) -> rx.Component:
    """The tile element both components draw: picture, large-print label, data attributes."""
    children = [
        rx.el.img(src="/mahjong/" + code + ".svg", alt=aria, draggable=False, class_name="mj-face"),
        rx.el.span(label, class_name="mj-label", aria_hidden="true"),
    ]
    if extra is not None:
        children.append(extra)
    common = dict(
        class_name=f"mj-tile mj-t-{size}",
        data_code=code,
        data_suit=suit,
        data_red=rx.cond(red, "true", "false"),
        data_sideways=rx.cond(sideways, "true", "false"),
        data_called=rx.cond(called, "true", "false"),
        data_tsumogiri=rx.cond(tsumogiri, "true", "false"),
        title=aria,
        **props,
    )
    if on_click is None:
        return rx.el.span(*children, role="img", aria_label=aria, **common)
    return rx.el.button(*children, type="button", aria_label=aria, on_click=on_click, **common)


def mj_tile(tile, *, size: str = "md", on_click=None, extra: rx.Component | None = None, **props) -> rx.Component:
    """One tile picture. `tile` is an `MjTile` var; `size` names it for the stylesheet (class
    ``mj-t-<size>``: hand, pond, meld, dora, sm, res; the place it sits in sets its width); the
    large-print label and suit pattern come from the table's CSS switch; label and name in the
    viewer's language ("1만" / "1m")."""
    return _tile_element(
        tile.code,
        by_locale(tile.label_en, tile.label),
        by_locale(tile.aria_en, tile.aria),
        suit=tile.suit,
        red=tile.red,
        sideways=tile.sideways,
        called=tile.called,
        tsumogiri=tile.tsumogiri,
        size=size,
        on_click=on_click,
        extra=extra,
        props=props,
    )


# --- tiles sent as tokens (the live table, issue 20: 2) ------------------------------------------
# A tile arrives as its view token ("52:0p", "" face down), a pond tile with its marks after a
# slash ("52:0p/th", state/mahjong_view.py POND_MARKS); its picture, label and names come from the
# code through these tables, so a frame carries a few bytes per tile.

FACE_CODES = [c for c in all_codes() if c != "back"]
TILE_FACES = {
    **{
        c: {"label": tile_label(c), "label_en": tile_label_en(c), "aria": ("빨간 " if c[0] == "0" else "") + tile_label(c), "aria_en": tile_aria_en(c)}
        for c in FACE_CODES
    },
    "back": {"label": "", "label_en": "", "aria": "뒷면", "aria_en": "Tile back"},
}
FACES_JS = "mjTileFaces"  # the table above, once per page module (`_TileFaces`)


class _TileFaces(rx.Fragment):
    """Nothing on the page: it puts `TILE_FACES` into the page's module once, for every token tile."""

    def add_custom_code(self) -> list[str]:
        """The table as a module-level constant (Reflex keeps one copy of equal code)."""
        return [f"const {FACES_JS} = {json.dumps(TILE_FACES, ensure_ascii=False)};"]


def tile_face(code, field: str) -> rx.Var:
    """One text of a tile's face by its code var: label, label_en, aria, aria_en."""
    return rx.Var(_js_expr=FACES_JS).to(dict[str, dict[str, str]])[code].to(dict[str, str])[field].to(str)


def token_code(token) -> rx.Var:
    """The picture's code of a token var: ``"52:0p/t"`` → ``"0p"``, ``""`` → ``"back"``."""
    token = rx.Var.create(token).to(str)
    return rx.cond(token == "", "back", token.split("/")[0].split(":")[1]).to(str)


def mj_token_tile(token, *, size: str = "md", on_click=None, extra: rx.Component | None = None, **props) -> rx.Component:
    """One tile picture from a token var (``"52:0p"``, a pond tile's ``"52:0p/th"``, ``""`` face
    down): the same element as `mj_tile`, its label and names looked up from the code."""
    token = rx.Var.create(token).to(str)
    code = token_code(token)
    marks = token.split("/")[1].to(str)

    def marked(flag: str) -> rx.Var:
        return token.contains("/") & marks.contains(POND_MARKS[flag])

    label = by_locale(tile_face(code, "label_en"), tile_face(code, "label"))
    aria = by_locale(tile_face(code, "aria_en"), tile_face(code, "aria"))
    faces = _TileFaces.create()  # renders nothing; brings the table's code along
    return _tile_element(
        code,
        label,
        aria,
        suit=rx.cond(code == "back", "", code[1]),
        red=code[0] == "0",
        sideways=marked("sideways"),
        called=marked("called"),
        tsumogiri=marked("tsumogiri"),
        size=size,
        on_click=on_click,
        extra=faces if extra is None else rx.fragment(faces, extra),
        props=props,
    )


if __name__ == "__main__":
    for written in write_tile_art():
        print(written)
