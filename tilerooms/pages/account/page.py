"""Account pages: sign-in, my profile (nickname, colour, stats, daily quest), my records, rankings."""

from __future__ import annotations

import reflex as rx

from tilerooms.accounts.ratings import rating_keys
from tilerooms.i18n import text
from tilerooms.pages.account.state import COLOR_NAMES, AccountState
from tilerooms.shell.header import page
from tilerooms.shell.text import by_locale, game_name, tr, tr_of

NOTICES = ("acct.notice.renamed", "acct.notice.confirm_delete")  # what `AccountState.notice` may hold


def _guest_notice() -> rx.Component:
    return rx.callout.root(
        rx.callout.icon(rx.icon("info")),
        rx.callout.text(
            tr("acct.guest_notice"),
            rx.link(tr("acct.signin_now"), href="/signin", id="notice-signin"),
        ),
        id="guest-notice",
        width="100%",
    )


def signin_page() -> rx.Component:
    """/signin: one button per configured provider; guests keep playing without it."""
    return page(
        rx.vstack(
            rx.heading(tr("acct.signin.title"), size="7", id="signin-title"),
            rx.text(tr("acct.signin.intro"), color_scheme="gray"),
            rx.text(tr("acct.signin.nickname"), size="2", color_scheme="gray"),
            rx.cond(
                AccountState.is_member,
                rx.callout.root(
                    rx.callout.icon(rx.icon("check")),
                    rx.callout.text(tr("acct.signin.already"), rx.link(tr("acct.my_info"), href="/me")),
                    id="already-member",
                ),
            ),
            rx.cond(
                AccountState.providers.length() == 0,
                rx.callout(tr("acct.signin.none"), icon="info", id="no-providers"),
                rx.vstack(
                    rx.foreach(
                        AccountState.providers,
                        lambda p: rx.el.a(
                            rx.button(by_locale(text("acct.signin.with", "en") + p["label"], p["label"] + text("acct.signin.with")), size="3", width="100%"),
                            href=p["href"],
                            class_name="signin-provider",
                            data_provider=p["name"],
                            style={"width": "100%", "textDecoration": "none"},
                        ),
                    ),
                    width="100%",
                    max_width="22em",
                ),
            ),
            spacing="4",
        )
    )


def _stat(label: str, value: rx.Var, test_id: str) -> rx.Component:
    return rx.card(
        rx.vstack(rx.text(tr(label), size="2", color_scheme="gray"), rx.heading(value.to_string(), size="6", id=test_id), spacing="1"),
    )


def _colour_button(color: str) -> rx.Component:
    return rx.button(
        tr(f"colour.{color}"),
        color_scheme=color,
        variant=rx.cond(AccountState.avatar_color == color, "solid", "soft"),
        size="1",
        on_click=AccountState.choose_color(color),
        class_name="avatar-color",
        data_color=color,
    )


def _quest() -> rx.Component:
    return rx.card(
        rx.vstack(
            rx.hstack(rx.icon("calendar-check", size=18), rx.text(tr("acct.quest.title"), weight="bold"), align="center"),
            rx.progress(value=AccountState.quest_progress * 20, max=100, width="100%", aria_label=tr("acct.quest.title")),  # named (issue 34: 14)
            rx.text(
                AccountState.quest_progress.to_string() + " / " + AccountState.quest_target.to_string(),
                rx.cond(AccountState.quest_done, tr("acct.quest.done"), ""),
                id="quest-progress",
            ),
            rx.text(tr("acct.quest.note"), size="1", color_scheme="gray"),
            width="100%",
        ),
        width="100%",
    )


def _rating_card(card: rx.Var) -> rx.Component:
    """One rating key on /me: its name, the rank and rating, and the rating's history as an SVG line."""
    plot = rx.el.svg(
        rx.el.svg.polyline(points=card["line"].to(str), class_name="rating-chart-line"),
        view_box="0 0 100 100",
        preserve_aspect_ratio="none",
        class_name="rating-chart-svg",
        aria_hidden="true",
    )
    return rx.card(
        rx.vstack(
            rx.hstack(
                rx.text(by_locale(card["name_en"], card["name_ko"]), weight="bold"),
                rx.badge(by_locale(card["rank_en"], card["rank_ko"]), class_name="rating-rank", variant="soft", color_scheme="violet"),
                rx.text(card["points"], tr("acct.rating.points"), " · ", card["games"], tr("acct.rating.games"), size="2", color_scheme="gray"),
                align="center",
                wrap="wrap",
                spacing="2",
            ),
            rx.box(
                rx.box(
                    rx.el.span(card["high"], class_name="rating-chart-y"), rx.el.span(card["low"], class_name="rating-chart-y"), class_name="rating-chart-ys"
                ),
                rx.box(plot, class_name="rating-chart-plot", role="img", aria_label=tr("acct.rating.chart")),
                class_name="rating-chart",
            ),
            spacing="2",
            width="100%",
        ),
        class_name="rating-card",
        data_key=card["key"],
        width="100%",
    )


RATING_CSS = {
    ".rating-chart": {"display": "flex", "gap": "6px", "height": "96px", "width": "100%"},
    ".rating-chart-ys": {
        "display": "flex",
        "flexDirection": "column",
        "justifyContent": "space-between",
        "fontSize": "11px",
        "color": "var(--gray-11)",
        "minWidth": "2.5em",
        "textAlign": "right",
    },
    ".rating-chart-plot": {
        "flex": "1",
        "minWidth": "0",
        "borderLeft": "1px solid var(--gray-6)",
        "borderBottom": "1px solid var(--gray-6)",
        "padding": "4px 0",
    },
    ".rating-chart-svg": {"width": "100%", "height": "100%", "display": "block", "overflow": "visible"},
    ".rating-chart-line": {"fill": "none", "stroke": "var(--violet-9)", "strokeWidth": "2px", "vectorEffect": "non-scaling-stroke"},
}


def _ratings() -> rx.Component:
    """/me's skill ranks: a card per rating key played, or a note on how games get rated."""
    return rx.vstack(
        rx.heading(tr("acct.rating.title"), size="4"),
        rx.cond(
            AccountState.ratings.length() == 0,
            rx.text(tr("acct.rating.none"), color_scheme="gray", size="2", id="ratings-none"),
            rx.grid(rx.foreach(AccountState.ratings, _rating_card), columns=rx.breakpoints(initial="1", sm="2"), spacing="3", width="100%"),
        ),
        rx.text(tr("acct.rating.note"), size="1", color_scheme="gray"),
        id="my-ratings",
        spacing="2",
        width="100%",
        style=RATING_CSS,
    )


def profile_page() -> rx.Component:
    """/me: the member's profile, stats, daily quest, sign-out and account deletion."""
    return page(
        rx.cond(
            AccountState.is_member,
            rx.vstack(
                rx.hstack(
                    rx.avatar(fallback=AccountState.nickname[:1], color_scheme=AccountState.avatar_color, variant="solid", size="5"),
                    rx.vstack(
                        rx.heading(AccountState.nickname, size="7", id="profile-name"),
                        rx.text(tr("acct.level"), AccountState.level.to_string(), tr("acct.xp_inline"), AccountState.xp.to_string(), color_scheme="gray"),
                        spacing="1",
                    ),
                    align="center",
                    spacing="4",
                ),
                rx.cond(AccountState.notice != "", rx.callout(tr_of(AccountState.notice, NOTICES), icon="info", id="account-notice")),
                rx.grid(
                    _stat("acct.stat.games", AccountState.games, "stat-games"),
                    _stat("acct.stat.wins", AccountState.wins, "stat-wins"),
                    _stat("acct.stat.coins", AccountState.coins, "stat-coins"),
                    _stat("acct.stat.xp", AccountState.xp, "stat-xp"),
                    columns=rx.breakpoints(initial="2", sm="4"),
                    spacing="3",
                    width="100%",
                ),
                _quest(),
                _ratings(),
                rx.text(tr("acct.coins_note"), size="1", color_scheme="gray"),
                rx.hstack(
                    rx.link(tr("acct.see_records"), href="/me/records", id="link-records"), rx.link(tr("acct.see_rankings"), href="/rankings"), spacing="4"
                ),
                rx.heading(tr("acct.name_colour"), size="4", margin_top="1em"),
                rx.form(
                    rx.hstack(
                        rx.input(name="nickname", default_value=AccountState.nickname, max_length=16, id="profile-nickname", aria_label=tr("create.nickname")),
                        rx.button(tr("common.save"), type="submit", id="save-nickname"),
                    ),
                    on_submit=AccountState.save_nickname,
                    reset_on_submit=False,
                ),
                rx.hstack(*[_colour_button(c) for c in COLOR_NAMES], wrap="wrap", spacing="2"),
                # a native form POST (no Reflex submit handler): the backend checks it comes from the site (issue 35: 5)
                rx.el.form(
                    rx.button(tr("acct.signout"), variant="soft", id="signout", type="submit"),
                    action=AccountState.logout_href,
                    method="post",
                    on_submit=None,
                    id="signout-form",
                    margin_top="1em",
                ),
                rx.el.details(
                    rx.el.summary(tr("acct.delete"), style={"cursor": "pointer", "color": "var(--red-11)"}),
                    rx.form(
                        rx.vstack(
                            rx.text(tr("acct.delete.warning"), size="2"),
                            rx.hstack(
                                rx.input(name="confirm", placeholder=tr("acct.delete.placeholder"), id="delete-confirm"),
                                rx.button(tr("acct.delete.submit"), color_scheme="red", type="submit", id="delete-account"),
                            ),
                        ),
                        on_submit=AccountState.delete_account,
                    ),
                    id="delete-section",
                ),
                spacing="4",
                width="100%",
            ),
            _guest_notice(),
        )
    )


def records_page() -> rx.Component:
    """/me/records: recent games and their results."""
    return page(
        rx.vstack(
            rx.heading(tr("acct.records.title"), size="7", id="records-title"),
            rx.cond(
                AccountState.is_member,
                rx.cond(
                    AccountState.records.length() == 0,
                    # "no games yet" only when there is none to replay either (issue 34: 12)
                    rx.cond(AccountState.replays.length() == 0, rx.callout(tr("acct.records.empty"), icon="info", id="records-empty")),
                    rx.table.root(
                        rx.table.header(
                            rx.table.row(
                                rx.table.column_header_cell(tr("acct.records.when")),
                                rx.table.column_header_cell(tr("common.game")),
                                rx.table.column_header_cell(tr("common.rank")),
                                rx.table.column_header_cell(tr("common.score")),
                                rx.table.column_header_cell(tr("acct.records.players")),
                                rx.table.column_header_cell(tr("acct.records.end")),
                                rx.table.column_header_cell(tr("acct.records.reward")),
                            )
                        ),
                        rx.table.body(
                            rx.foreach(
                                AccountState.records,
                                lambda r: rx.table.row(
                                    rx.table.cell(r["when"]),
                                    rx.table.cell(r["game"]),
                                    rx.table.cell(r["rank"]),
                                    rx.table.cell(r["score"]),
                                    rx.table.cell(r["players"]),
                                    rx.table.cell(r["end"]),
                                    rx.table.cell(r["reward"]),
                                    class_name="record-row",
                                ),
                            )
                        ),
                        width="100%",
                    ),
                ),
                _guest_notice(),
            ),
            _replays(),  # a guest's too: the games this browser played (issue 34: 12)
            rx.cond(~AccountState.is_member, rx.text(tr("acct.records.guest_note"), size="2", color_scheme="gray", id="guest-records-note")),
            spacing="4",
            width="100%",
        )
    )


def _replays() -> rx.Component:
    """My stored games (a member's, or this browser's guest's), each a link to its replay (issue 21: 2)."""
    return rx.vstack(
        rx.heading(tr("rp.records"), size="5", id="replays-title"),
        rx.cond(
            AccountState.replays.length() == 0,
            rx.text(tr("rp.records_empty"), id="replays-empty", color_scheme="gray"),
            rx.el.ul(
                rx.foreach(
                    AccountState.replays,
                    lambda r: rx.el.li(
                        rx.link(
                            rx.el.span(r["when"]),
                            " · ",
                            rx.el.span(game_name(r["game"], r["game_ko"])),
                            " · ",
                            rx.el.span(r["players"]),
                            href=r["href"],
                            class_name="replay-record-link",
                        ),
                        class_name="replay-record",
                        data_record=r["record_id"],
                    ),
                ),
                id="replays",
                style={"margin": "0", "paddingLeft": "1.2em", "display": "flex", "flexDirection": "column", "gap": "4px"},
            ),
        ),
        spacing="2",
        width="100%",
    )


def _board(title: str | rx.Var, rows: rx.Var, test_id: str, *, rated: bool = False) -> rx.Component:
    """A leaderboard card: wins (weekly / all-time) or, `rated`, a skill-rating board (rank and rating)."""
    columns = ("acct.board.rank", "acct.board.points") if rated else ("acct.board.wins",)

    def cells(r: rx.Var) -> list[rx.Component]:
        if rated:
            return [rx.table.cell(by_locale(r["rank_en"], r["rank_ko"]), class_name="board-rank"), rx.table.cell(r["points"], class_name="board-points")]
        return [rx.table.cell(r["wins"])]

    return rx.card(
        rx.vstack(
            rx.heading(tr(title) if isinstance(title, str) else title, size="4"),
            rx.cond(
                rows.length() == 0,
                rx.text(tr("acct.board.empty"), color_scheme="gray"),
                rx.table.root(
                    rx.table.header(
                        rx.table.row(
                            rx.table.column_header_cell(tr("common.rank")),
                            rx.table.column_header_cell(tr("acct.board.member")),
                            *[rx.table.column_header_cell(tr(c)) for c in columns],
                        )
                    ),
                    rx.table.body(
                        rx.foreach(
                            rows,
                            lambda r: rx.table.row(
                                rx.table.cell(r["rank"]),
                                rx.table.cell(
                                    rx.hstack(
                                        rx.avatar(fallback=r["nickname"].to(str)[:1], color_scheme=r["color"].to(str), size="1"),
                                        rx.text(r["nickname"]),
                                        align="center",
                                    )
                                ),
                                *cells(r),
                                class_name="board-row",
                            ),
                        )
                    ),
                    width="100%",
                ),
            ),
            width="100%",
        ),
        id=test_id,
        width="100%",
    )


def rankings_page() -> rx.Component:
    """/rankings: this week's and all-time sole wins, and a skill-rating board per rating key."""
    return page(
        rx.vstack(
            rx.heading(tr("acct.rankings.title"), size="7", id="rankings-title"),
            rx.text(tr("acct.rankings.note"), color_scheme="gray", size="2"),
            rx.grid(
                _board("acct.rankings.weekly", AccountState.weekly, "board-weekly"),
                _board("acct.rankings.all_time", AccountState.all_time, "board-all-time"),
                *[
                    _board(tr("acct.rankings.rating") + by_locale(en, ko), AccountState.rating_boards[key], f"board-rating-{key}", rated=True)
                    for key, ko, en in rating_keys()
                ],
                columns=rx.breakpoints(initial="1", sm="2"),
                spacing="4",
                width="100%",
            ),
            spacing="4",
            width="100%",
        )
    )
