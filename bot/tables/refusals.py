"""Every refusal of a table change, worded once, and the checks that raise them. No I/O.

Each check reads a table (and the engine's game on it) and raises the
:class:`~bot.errors.TableError` that applies; the table service (:mod:`bot.tables.service`)
runs them under the table's lock before it changes anything, and a view may run one first to
refuse a click at once (:func:`check_turn`, :func:`check_start`). The refusals several paths
share are constants (:data:`CLOSED`, :data:`OVER`, :data:`STALE`, :data:`NOT_YOUR_TURN`,
:data:`NOT_SEATED`):
English sources, shown in the member's language by :func:`bot.errors.user_message`.
"""

from __future__ import annotations

from bot.errors import NotYourTurn, StaleButton, TableError
from bot.i18n import N_, _
from bot.tables.models import Seat, Status, Table
from bot.tables.snapshot import may_act
from bot.words.vocab import variant_name
from engine.core.game import ActionSpec, Game

CLOSED = N_("This table is closed.")
OVER = N_("This game is over.")
STALE = N_("This button is out of date: the table has moved on.")
NOT_YOUR_TURN = N_("It's not your turn.")
NOT_SEATED = N_("You're not seated at this table.")


def busy_text(table: Table, link: str) -> str:
    """The refusal of a new table in a channel that has ``table`` (at ``link``)."""
    return _("This channel already has a {variant} table: {link}").format(
        variant=variant_name(table.variant), link=link
    )


class ChannelBusy(TableError):
    """The channel already has an open ``table``."""

    def __init__(self, table: Table, link: str) -> None:
        super().__init__(busy_text(table, link))
        self.table = table


def check_lobby_limit(hosted: int, limit: int) -> None:
    """May a member who hosts (or is opening) ``hosted`` lobbies open one more?"""
    if hosted >= limit:
        raise TableError(
            _(
                "You already host {limit} open lobbies on this server: start or cancel one "
                "of them first."
            ).format(limit=limit)
        )


def require_lobby(table: Table) -> None:
    """The table still waits for its start (else it started, or closed)."""
    if table.status is not Status.LOBBY:
        raise TableError(_("The game has already started.") if table.open else CLOSED)


def require_room(table: Table) -> None:
    """The lobby ``table`` still has a free seat (else it started, closed or is full)."""
    require_lobby(table)
    if len(table.seats) >= table.variant.max_players:
        raise TableError(_("This table is full."))


def check_join(table: Table, seat: Seat) -> None:
    """May ``seat`` sit down at the lobby ``table``?"""
    require_lobby(table)
    if not seat.is_bot and table.seat_of(seat.user_id) is not None:
        raise TableError(_("You are already seated at this table."))
    require_room(table)


def seated(table: Table, user_id: int) -> int:
    """The seat of ``user_id`` at ``table``, else the refusal."""
    index = table.seat_of(user_id)
    if index is None:
        raise TableError(NOT_SEATED)
    return index


def lobby_seat(table: Table, user_id: int) -> int:
    """The seat of ``user_id`` at the lobby ``table``, else the refusal."""
    require_lobby(table)
    return seated(table, user_id)


def check_add_bot(table: Table, user_id: int) -> None:
    """May ``user_id`` seat a bot opponent at ``table``? (the host only, while the lobby has a
    free seat: checked before the style picker opens, and again when a style is picked; the
    seat itself is checked by :func:`check_join` under the table's lock)"""
    require_room(table)
    if user_id != table.host_id:
        raise TableError(_("Only the host can add bots."))


def check_cancel(table: Table, user_id: int) -> None:
    """May ``user_id`` cancel the lobby ``table``? Raises the refusal that applies."""
    require_lobby(table)
    if user_id != table.host_id:
        raise TableError(_("Only the host can cancel the table."))


def check_start(table: Table, user_id: int) -> None:
    """May ``user_id`` start ``table`` now? Raises the refusal that applies."""
    require_lobby(table)
    if user_id != table.host_id:
        raise TableError(_("Only the host can start the game."))
    if len(table.seats) < table.variant.min_players:
        raise TableError(
            _("{variant} needs at least {n} players.").format(
                variant=variant_name(table.variant), n=table.variant.min_players
            )
        )


def check_turn(table: Table, seat: int | None, turn: int, kind: str) -> ActionSpec:
    """May ``seat`` take an action of ``kind`` on ``turn`` now? The action's spec, else the
    one refusal that applies (a view's check before the click is answered)."""
    game = table.game
    if not table.open:
        raise TableError(CLOSED)
    if seat is None or not table.still_in(seat):
        raise TableError(NOT_SEATED)
    if game is None:
        raise TableError(_("The game has not started yet."))
    if game.finished or table.status is not Status.PLAYING:
        raise TableError(OVER)
    if game.turn != turn:
        raise StaleButton(STALE)
    for spec in table.legal_actions(seat):  # out-of-turn actions are listed for waiting seats
        if spec.kind == kind:
            return spec
    if not may_act(game, seat, kind):
        raise NotYourTurn(NOT_YOUR_TURN)
    raise TableError(_("You can't do that right now."))


def hand_of(table: Table, user_id: int) -> tuple[Game, int]:
    """The game and the seat whose hand ``user_id`` asks to see (**🂠 My hand**), else the
    refusal."""
    game, index = table.game, table.seat_of(user_id)
    if index is None or game is None:
        raise TableError(NOT_SEATED)
    return game, index


def current_game(table: Table, seat: int, kind: str, turn: int) -> Game:
    """The game ``seat`` acts in with an action of ``kind`` on ``turn``: running, at that
    turn, and the seat's to act in (the engine checks the action itself)."""
    game = table.game
    if game is None or table.status is not Status.PLAYING:
        raise TableError(OVER)
    if game.turn != turn:
        raise StaleButton(STALE)
    if not may_act(game, seat, kind):
        raise NotYourTurn(NOT_YOUR_TURN)
    return game


def playing_seat(table: Table, user_id: int) -> tuple[Game, int]:
    """The running game and the seat ``user_id`` still plays in it, else the refusal."""
    game = table.game
    index = table.seat_of(user_id)
    if game is None or game.finished or table.status is not Status.PLAYING:
        raise TableError(OVER)
    if index is None or not table.still_in(index):
        raise TableError(_("You are not playing at this table."))
    return game, index
