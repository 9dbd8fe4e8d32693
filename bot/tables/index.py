"""The open tables of this process, by id and by channel: the table service's index.

Only the table service (:mod:`bot.tables.service`) adds and removes tables, as they open, are
taken over, end or are lost to another process; everyone else only looks them up here. It
also counts the lobbies each member is opening, so the lobby limit counts a lobby from its
first check to its indexing (its write awaits in between).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from bot import metrics
from bot.errors import TableError
from bot.tables.models import Status, Table
from bot.tables.refusals import CLOSED, ChannelBusy


class TableIndex:
    """The open tables by id and by channel (see the module docstring)."""

    def __init__(self) -> None:
        self.tables: dict[int, Table] = {}  # the open tables by id ...
        self._channels: dict[int, Table] = {}  # ... and by channel
        metrics.watch_tables(self.tables.__len__)
        self._opening: dict[tuple[int, int], int] = {}  # (guild, host) -> lobbies being opened

    def get(self, table_id: int) -> Table | None:
        """An open table by id."""
        return self.tables.get(table_id)

    def in_channel(self, channel_id: int) -> Table | None:
        """The open table of a channel, if any."""
        return self._channels.get(channel_id)

    def require(self, table_id: int) -> Table:
        """An open table by id, else :data:`~bot.tables.refusals.CLOSED`."""
        table = self.tables.get(table_id)
        if table is None or not table.open:
            raise TableError(CLOSED)
        return table

    def require_free(self, channel_id: int, link: Callable[[Table], str]) -> None:
        """:class:`~bot.tables.refusals.ChannelBusy` if the channel has an open table (shown
        at ``link(table)``)."""
        existing = self._channels.get(channel_id)
        if existing is not None:
            raise ChannelBusy(existing, link(existing))

    def with_message(self, message_ids: Iterable[int]) -> list[Table]:
        """The open tables whose message is one of ``message_ids``."""
        wanted = set(message_ids)
        return [t for t in self.tables.values() if t.message_id in wanted]

    def add(self, table: Table) -> None:
        """``table`` is open here."""
        self.tables[table.id] = table
        self._channels[table.channel_id] = table

    def remove(self, table: Table) -> None:
        """``table`` is no longer open here (a newer table of its id or channel stays)."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        if self._channels.get(table.channel_id) is table:
            del self._channels[table.channel_id]

    def lobbies(self, guild_id: int, host_id: int) -> int:
        """How many lobbies ``host_id`` hosts in ``guild_id``, counting those being opened."""
        key = (guild_id, host_id)
        hosted = sum(
            t.status is Status.LOBBY and (t.guild_id, t.host_id) == key
            for t in self.tables.values()
        )
        return hosted + self._opening.get(key, 0)

    @contextmanager
    def opening(self, guild_id: int, host_id: int) -> Iterator[None]:
        """Count a lobby of ``host_id`` in :meth:`lobbies` while it is being opened."""
        key = (guild_id, host_id)
        self._opening[key] = self._opening.get(key, 0) + 1
        try:
            yield
        finally:
            self._opening[key] -= 1
            if not self._opening[key]:
                del self._opening[key]
