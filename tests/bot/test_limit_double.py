"""The Discord-with-limits double of the benchmarks (``bench/limits.py``): the global limit
answers 429 with ``retry_after`` once exceeded, interaction routes never count against it,
per-route buckets refuse what exceeds them, and discord.py, talking to it through its own HTTP
client, waits and retries until every request succeeded. Time is a fake clock, or the virtual
clock of ``bench.warp`` (whose sleeps take no real time): nothing here depends on speed."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord.http import HTTPClient, Route

from bench import warp
from bench.limits import LimitedSession, Limiter, Limits, attach
from bot import metrics

DM = ("POST", "/users/@me/channels")  # counted against the global limit only
TOKEN = "a" * 60


class FakeClock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


async def _ok(method: str, path: str, body: Any, params: dict[str, Any]) -> tuple[int, Any]:
    return (204, None) if "/webhooks/" in path else (200, {"id": "1", "path": path})


def _call(session: LimitedSession, method: str, path: str) -> Any:
    async def go() -> Any:
        async with session.request(method, f"https://discord.com/api/v10{path}") as response:
            return response.status, response.headers, await response.json()

    return asyncio.run(go())


def test_the_global_limit_answers_429_with_retry_after_once_exceeded() -> None:
    clock = FakeClock()
    limiter = Limiter(Limits(), clock)
    session = LimitedSession(limiter, _ok)
    for _ in range(50):
        assert _call(session, *DM)[0] == 200
    clock.now = 0.25
    status, headers, body = _call(session, *DM)
    assert status == 429
    assert body == {"message": "You are being rate limited.", "retry_after": 0.75, "global": True}
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert headers["Retry-After"] == "1" and headers["Via"]  # discord.py needs Via on a 429
    assert limiter.refused == {"global": 1}
    clock.now = 1.0  # the first request left the window
    assert _call(session, *DM)[0] == 200
    assert limiter.most_in_window() == 50


def test_interaction_routes_are_never_limited_by_the_global_limit() -> None:
    clock = FakeClock()
    limiter = Limiter(Limits(global_rate=3), clock)
    for _ in range(3):
        assert limiter.admit(*DM).retry_after is None
    assert limiter.admit(*DM).is_global
    for n in range(200):  # every interaction answered, every token's first follow-up
        assert limiter.admit("POST", f"/interactions/{n}/{TOKEN}{n}/callback").retry_after is None
        assert limiter.admit("POST", f"/webhooks/77/{TOKEN}{n}").retry_after is None
        edit = f"/webhooks/77/{TOKEN}{n}/messages/@original"
        assert limiter.admit("PATCH", edit).retry_after is None
    assert limiter.refused == {"global": 1} and len(limiter.counted) == 3


def test_per_route_buckets_refuse_what_exceeds_them() -> None:
    clock = FakeClock()
    limiter = Limiter(Limits(), clock)
    edit = ("PATCH", "/channels/10/messages/5")
    verdicts = [limiter.admit(*edit) for _ in range(5)]
    assert [v.headers["X-RateLimit-Remaining"] for v in verdicts] == ["4", "3", "2", "1", "0"]
    refused = limiter.admit(*edit)
    assert refused.retry_after == 5.0 and not refused.is_global
    assert refused.bucket == "message_edit" and refused.headers["X-RateLimit-Scope"] == "user"
    assert limiter.admit("PATCH", "/channels/11/messages/6").retry_after is None  # own bucket
    assert limiter.admit("POST", "/channels/10/messages").retry_after is None  # creates: own
    clock.now = 5.0
    assert limiter.admit(*edit).retry_after is None
    hook = ("POST", f"/webhooks/77/{TOKEN}")
    assert all(limiter.admit(*hook).retry_after is None for _ in range(5))
    assert limiter.admit(*hook).retry_after == 2.0
    assert limiter.refused == {"message_edit": 1, "webhook": 1}


async def _client(session: LimitedSession) -> HTTPClient:
    http = HTTPClient(asyncio.get_running_loop())
    attach(http, session)
    return http


def test_discord_py_waits_on_429s_and_retries_until_every_request_succeeded() -> None:
    metrics.watch_rate_limits()
    counted = metrics.RATE_LIMITED.labels("/channels/{id}/messages")
    before = counted._value.get()

    async def main() -> tuple[Limiter, list[Any], list[Any], list[Any]]:
        limiter = Limiter(Limits())
        session = LimitedSession(limiter, _ok)
        http = await _client(session)
        with warp.warped():
            posts = [  # 60 channels at once: the global limit is hit
                http.request(
                    Route("POST", "/channels/{channel_id}/messages", channel_id=1000 + n),
                    json={"content": "hi"},
                )
                for n in range(60)
            ]
            edits = [  # 8 edits in one channel: its bucket is hit
                http.request(
                    Route(
                        "PATCH",
                        "/channels/{channel_id}/messages/{message_id}",
                        channel_id=7,
                        message_id=n,
                    ),
                    json={"content": "edited"},
                )
                for n in range(8)
            ]
            hook = discord.Webhook.partial(77, TOKEN, session=session)  # type: ignore[arg-type]
            sends = [hook.send(f"follow-up {n}") for n in range(7)]
            results = await asyncio.gather(*posts, *edits, *sends)
        return limiter, results[:60], results[60:68], results[68:]

    # frozen clock: whether a retry meets a full window must not depend on the machine's load
    limiter, posts, edits, sends = warp.run(main(), frozen=True)
    assert len(posts) == 60 and all(p["path"].endswith("/messages") for p in posts)
    assert len(edits) == 8 and sends == [None] * 7
    assert limiter.admitted == 60 + 8 + 7  # each exactly once, after its 429s
    assert limiter.refused["global"] >= 1
    assert limiter.most_in_window() <= 50
    assert counted._value.get() > before  # the bot's metrics saw discord.py's 429s
