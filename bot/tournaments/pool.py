"""A tournament's prize pool: every credit a tournament moves, each inside the caller's
transaction. Credits are conserved at every step; the pool is held in escrow under
-(tournament id) (:attr:`~bot.tournaments.models.Tournament.pool_id`).

* :func:`buy_in` moves an entry's buy-in from the member's account (a bot's from the house)
  into the pool (ledger reason ``buy-in``);
* :func:`refund` pays buy-ins back (``refund``): a withdrawal before the start, a cancelled
  tournament (busted players' too), in account order;
* :func:`pay_prize` pays a place's prize from the pool (``prize``; the structure is
  :mod:`bot.tournaments.payouts`).

The tables play with tournament chips, never credits (:attr:`bot.tables.models.Table.
tournament_id`).
"""

from __future__ import annotations

from bot.bank import Bank
from bot.storage import Tx
from bot.tournaments.models import Entry, Tournament


async def buy_in(conn: Tx, bank: Bank, tournament: Tournament, entry: Entry) -> None:
    """``entry``'s buy-in into the pool."""
    await bank.escrow_in(
        conn, tournament.guild_id, entry.account, tournament.pool_id, tournament.buy_in
    )


async def refund(conn: Tx, bank: Bank, tournament: Tournament, entries: list[Entry]) -> None:
    """The buy-in of each of ``entries`` back from the pool."""
    for entry in sorted(entries, key=lambda e: e.account):
        await bank.pay_out_in(
            conn,
            tournament.guild_id,
            tournament.pool_id,
            entry.account,
            tournament.buy_in,
            "refund",
        )


async def pay_prize(conn: Tx, bank: Bank, tournament: Tournament, entry: Entry) -> None:
    """``entry``'s prize (its place decided) from the pool."""
    await bank.pay_out_in(
        conn, tournament.guild_id, tournament.pool_id, entry.account, entry.prize, "prize"
    )
