"""A process-wide budget for the bot's table-message edits.

Discord lets one bot make about 50 requests per second in all (interaction responses aside) and
5 message edits per channel per 5 seconds. The table runtime already coalesces the edits of one
table; :class:`Budget` spreads the requests of *all* tables below the global limit, first come
first served, so a thousand busy tables cannot make the bot rate-limited (and drawing table
messages, the runtime's most expensive step, cannot starve the clicks: under load each table
message is simply redrawn less often, always with its newest state).
"""

from __future__ import annotations

import asyncio

GLOBAL_RATE = 40.0  # requests per second, below Discord's 50 (room for replies and retries)


class Budget:
    """At most ``rate`` :meth:`take` calls per second, in the order they were made; ``rate``
    0 means no limit (tests with unpaced edits, the offline demo)."""

    def __init__(self, rate: float = GLOBAL_RATE) -> None:
        self.rate = rate
        self._next = 0.0  # loop time of the next free slot

    async def take(self) -> None:
        """Wait for the next free slot (returns at once while the budget is not used up)."""
        if self.rate <= 0:
            return
        now = asyncio.get_running_loop().time()
        slot = max(now, self._next)
        self._next = slot + 1.0 / self.rate
        if slot > now:
            await asyncio.sleep(slot - now)
