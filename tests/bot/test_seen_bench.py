"""``bench/seen.py`` keeps working: the production bot plays a few tables through the
Discord-with-limits double (clicks as interactions through discord.py), and every committed
click is seen on its table message. Figures are the bench's business; this checks only that
what it measures happened (virtual time: nothing depends on the machine's speed)."""

from __future__ import annotations

from bench import seen, warp


def test_the_seen_bench_plays_through_the_limit_double() -> None:
    result = warp.run(seen.run(2, warmup=3.0, seconds=12.0, drain=10.0, seed=1, processes=0))
    assert result["unknown"] == {}  # every route the bot used is one the double answers
    assert result["committed"] and result["uncommitted"] == 0
    assert len(result["visible"]) == len(result["committed"]) and result["never_visible"] == 0
    assert result["hand"]  # clicks that changed the clicker's hand showed it in their reply
    assert result["routes"]  # table edits and DMs were counted against the global limit
    assert 0 < result["most_per_s"] <= 50 and result["refused"] == {}
