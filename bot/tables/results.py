"""What the end of a hand shows, in words: the result message's lines and title, the line of a
member who left, and the final standings of a finished game. No I/O: the presenter
(:mod:`bot.tables.presenter`) posts them, in the server's language.

A hand's result is its whole log (condensed per player when it is too long for one message,
:func:`bot.tables.handlog.summary`), or the public lines of the events that ended it, without
the next hand's opening.
"""

from __future__ import annotations

import discord

from bot.i18n import _
from bot.tables import handlog
from bot.tables.handlog import public_lines
from bot.tables.models import Table
from bot.ui import render
from bot.words.vocab import hand_word
from engine.core.game import Event


def result_events(events: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events that ended a hand, without the next hand's opening."""
    for index, event in enumerate(events):
        if index and handlog.opens_hand(event):
            return events[:index]
    return events


def result_lines(variant: str, events: tuple[Event, ...]) -> list[str]:
    """The public lines of the events that ended a hand, without the next hand's opening."""
    return public_lines(variant, result_events(events))


def hand_summary(table: Table, lines: list[str]) -> list[str]:
    """A hand's log as its result message shows it: names, and condensed per player when it is
    too long for one message."""
    named = [table.names(line) for line in lines]
    players = [table.names(seat.player_id) for seat in table.seats]
    return handlog.summary(named, players).splitlines()


def result_title(table: Table) -> str:
    """The title of the result of the hand that just ended (the game's last: "Game over")."""
    assert table.game is not None
    if table.game.finished:
        return _("Game over")
    word = hand_word(table.variant.id)
    return _("{hand_word} {n}").format(hand_word=word, n=table.public_view().hand_no - 1)


def left_line(table: Table, seat: int, credits: int) -> str:
    """The member at ``seat`` left the game with ``credits``."""
    return _("{player} left the table with **{credits}** credits.").format(
        player=table.seats[seat].mention, credits=credits
    )


def standings(table: Table) -> discord.Embed:
    """What every player took home: the final payout, or the stack they left with."""
    assert table.game is not None
    payouts = table.game.payouts()
    took = {i: table.left_seats.get(i, payouts.get(i, 0)) for i in range(len(table.seats))}
    lines = []
    chips = table.tournament_id is not None  # a tournament's table: no credits paid here
    for index, seat in sorted(enumerate(table.seats), key=lambda p: -took[p[0]]):
        note = " — " + _("left early") if index in table.left_seats else ""
        net = took[index] - table.buy_in
        lines.append(
            (
                _("{player}: **{chips}** chips ({net})")
                if chips
                else _("{player}: **{credits}** credits ({net})")
            ).format(player=seat.mention, chips=took[index], credits=took[index], net=f"{net:+d}")
            + note
        )
    title = (
        _("Final standings — tournament chips")
        if chips
        else _("Final standings — credits paid out")
    )
    return render.result_embed(table, title, lines)
