"""The garbage collector's schedule for a process that drives many tables.

CPython collects its youngest objects every 700 allocations of container objects and looks at
every object of the process (a full collection) every few hundred young collections. A busy
process allocates that much in well under a millisecond (every action builds events, views and
the JSON it writes) and holds hundreds of tables' games and views: a full collection walks all
of them, taking 50 ms at 200 tables and several hundred at 1 000, with the loop frozen
meanwhile, and the young collections alone cost a tenth of the CPU of an action
(``bench/latency.py``). :func:`tune_collector` lets much more happen between collections: most
of an action's objects are freed by reference counting long before a collection (only
reference cycles wait for one), so young collections become rare and cheap per object, and a
full one happens only after about a hundred million allocations.
"""

from __future__ import annotations

import gc

__all__ = ["THRESHOLDS", "tune_collector"]

#: ``gc.set_threshold`` arguments: container allocations between young collections, young
#: collections between middle ones, middle ones between full ones (CPython: 700, 10, 10).
THRESHOLDS = (50_000, 20, 100)


def tune_collector() -> None:
    """Set :data:`THRESHOLDS` (the table runtime calls it when it is created; idempotent)."""
    gc.set_threshold(*THRESHOLDS)
