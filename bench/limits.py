"""A Discord HTTP side with rate limits, for benchmarks and tests: the session discord.py talks to.

The seam is the ``aiohttp.ClientSession`` that discord.py's ``HTTPClient.request`` and its
webhook adapter (interaction responses, follow-ups, edits of an interaction's messages) both
send through. :class:`LimitedSession` stands in for it, so every request runs discord.py's own
code to the wire, rate-limit handling included: its per-route buckets read the
``X-RateLimit-*`` headers of every answer, a 429 makes it sleep ``retry_after`` and try again,
and a global 429 stops all its requests meanwhile. Behind the limits a ``responder`` plays
Discord (:class:`bench.minidiscord.MiniDiscord`, or a test's own).

What is limited (:class:`Limits`; Discord publishes only the global figure, so the others are
our choice, each from what bots observe in Discord's headers):

* **global**: at most ``global_rate`` (50) requests of the bot in any ``global_window`` (1 s),
  sliding, the strictest reading of "50 requests per second". Exempt, as Discord documents:
  interaction callbacks (``/interactions/{id}/{token}/callback``) and webhook routes with a token
  (``/webhooks/{id}/{token}…``: an interaction's follow-ups and edits live there).
* **per route** (fixed windows, as Discord's ``X-RateLimit-Reset-After`` describes them; a bucket
  starts with its first request): creating messages, ``message_create`` = 5 per 5 s per channel
  (the limit bots see on ``POST /channels/{id}/messages``); editing them, ``message_edit`` = 5
  per 5 s per channel (the bot itself assumes 5 edits per channel per 5 s); every request of one
  webhook or interaction token, ``webhook`` = 5 per 2 s per ``{id}/{token}`` (what webhook
  execution reports). Treat them as unknown: change them with :class:`Limits` to see how the
  bot copes.

A refused request is answered ``429`` with Discord's body (``message``, ``retry_after``,
``global``) and headers (``Retry-After``, ``X-RateLimit-Scope``, ``X-RateLimit-Global: true``
for the global limit, ``Via``: without it discord.py takes a 429 for a Cloudflare ban) and
counts against nothing. Time is the ``clock`` given (the event loop's by default, which
:class:`bench.warp.WarpLoop` makes virtual).
"""

from __future__ import annotations

import asyncio
import json
import math
import re
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from multidict import CIMultiDict, CIMultiDictProxy

API = re.compile(r"^https?://[^/]+/api/v[0-9]+")
EXEMPT = re.compile(r"^/(interactions/[0-9]+/[^/]+/callback|webhooks/[0-9]+/[^/]+)")
ROUTES = (  # (bucket name, method, path pattern whose first group is the resource)
    ("message_create", "POST", re.compile(r"^/channels/([0-9]+)/messages$")),
    ("message_edit", "PATCH", re.compile(r"^/channels/([0-9]+)/messages/[0-9]+$")),
    ("webhook", None, re.compile(r"^/webhooks/([0-9]+/[^/]+)")),
)

REASONS = {200: "OK", 204: "No Content", 404: "Not Found", 429: "Too Many Requests"}
Responder = Callable[[str, str, Any, dict[str, Any]], Awaitable[tuple[int, Any]]]


@dataclass(frozen=True)
class Limits:
    """The limits enforced: ``global_rate`` per ``global_window`` seconds, and for each route
    bucket ``(requests, seconds)``."""

    global_rate: int = 50
    global_window: float = 1.0
    message_create: tuple[int, float] = (5, 5.0)
    message_edit: tuple[int, float] = (5, 5.0)
    webhook: tuple[int, float] = (5, 2.0)


@dataclass
class Verdict:
    """What the limiter decided for one request: ``retry_after`` is None when it may go."""

    retry_after: float | None = None
    is_global: bool = False
    bucket: str | None = None
    headers: dict[str, str] = field(default_factory=dict)


def path_of(url: str) -> str:
    """The API path of a URL (``/channels/1/messages``), without the base or a query."""
    return API.sub("", str(url).split("?", 1)[0])


class Limiter:
    """Decides, request by request, whether Discord would answer or refuse (see the module)."""

    def __init__(self, limits: Limits | None = None, clock: Callable[[], float] | None = None):
        self.limits = limits or Limits()
        self.clock = clock or (lambda: asyncio.get_running_loop().time())
        self._global: deque[float] = deque()  # when the requests of the last window went
        self._buckets: dict[str, tuple[float, int]] = {}  # bucket key -> (window start, used)
        self.counted: list[float] = []  # every request counted against the global limit
        self.refused: Counter[str] = Counter()  # 429s by bucket ("global", "message_edit"…)
        self.routes: Counter[str] = Counter()  # requests counted against the global limit
        self.admitted = 0

    def exempt(self, path: str) -> bool:
        """Whether ``path`` is outside the global limit (interaction and webhook routes)."""
        return EXEMPT.match(path) is not None

    def admit(self, method: str, path: str) -> Verdict:
        """Let the request go (counted) or refuse it (429)."""
        now = self.clock()
        route = self._route(method, path)
        counted = not self.exempt(path)
        if counted:
            window, rate = self.limits.global_window, self.limits.global_rate
            while self._global and self._global[0] <= now - window:
                self._global.popleft()
            if len(self._global) >= rate:
                self.refused["global"] += 1
                wait = self._global[0] + window - now
                return Verdict(wait, True, None, {"X-RateLimit-Scope": "global"})
        headers: dict[str, str] = {}
        if route is not None:
            name, key, (limit, period) = route
            start, used = self._buckets.get(key, (now, 0))
            if now >= start + period:
                start, used = now, 0
            reset_after = start + period - now
            if used >= limit:
                self.refused[name] += 1
                return Verdict(reset_after, False, name, {"X-RateLimit-Scope": "user"})
            self._buckets[key] = (start, used + 1)
            headers = {
                "X-RateLimit-Limit": str(limit),
                "X-RateLimit-Remaining": str(limit - used - 1),
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Reset": f"{start + period:.3f}",
                "X-RateLimit-Bucket": name,
            }
        if counted:
            self._global.append(now)
            self.counted.append(now)
            self.routes[f"{method} {re.sub(r'/[0-9]+', '/{id}', path)}"] += 1
        self.admitted += 1
        return Verdict(None, False, route[0] if route else None, headers)

    def _route(self, method: str, path: str) -> tuple[str, str, tuple[int, float]] | None:
        for name, verb, pattern in ROUTES:
            match = pattern.match(path)
            if match is not None and (verb is None or verb == method):
                return name, f"{name}:{match.group(1)}", getattr(self.limits, name)
        return None

    def most_in_window(self, window: float = 1.0, since: float = -math.inf) -> int:
        """The most requests counted against the global limit in any ``window`` (from
        ``since`` on)."""
        return most_within([moment for moment in self.counted if moment >= since], window)


def most_within(times: list[float], window: float) -> int:
    """The most of ``times`` inside any half-open window of ``window`` seconds."""
    ordered = sorted(times)
    worst = start = 0
    for end, moment in enumerate(ordered):
        while moment - ordered[start] >= window:
            start += 1
        worst = max(worst, end - start + 1)
    return worst


class Response:
    """Just what discord.py reads of an ``aiohttp.ClientResponse``."""

    def __init__(self, method: str, url: str, status: int, body: Any, headers: dict[str, str]):
        self.method, self.url, self.status = method, url, status
        self.reason = REASONS.get(status, "Error")
        self._text = "" if body is None else json.dumps(body)
        merged = CIMultiDict({"Via": "1.1 google", **headers})
        if body is not None:
            merged["Content-Type"] = "application/json"
        self.headers = CIMultiDictProxy(merged)

    async def text(self, encoding: str = "utf-8") -> str:
        """The body, as discord.py's ``json_or_text`` reads it."""
        return self._text

    async def json(self) -> Any:
        """The body parsed (None when empty)."""
        return json.loads(self._text) if self._text else None

    async def __aenter__(self) -> Response:
        return self

    async def __aexit__(self, *_: object) -> None:
        return None


def body_of(data: Any) -> Any:
    """The JSON payload of a request body: a JSON string, or the ``payload_json`` field of a
    multipart form (files are not kept)."""
    if data is None:
        return None
    if isinstance(data, str | bytes):
        return json.loads(data)
    for options, _headers, value in getattr(data, "_fields", ()):
        if options.get("name") == "payload_json":
            return json.loads(value)
    return None


class LimitedSession:
    """Stands in for discord.py's ``aiohttp.ClientSession``: requests pass the
    :class:`Limiter`, then the ``responder`` answers ``(status, json body)``."""

    closed = False

    def __init__(self, limiter: Limiter, responder: Responder) -> None:
        self.limiter, self.responder = limiter, responder

    def request(self, method: str, url: Any, **kwargs: Any) -> _Call:
        """One request (an async context manager yielding the response)."""
        return _Call(self, method, str(url), kwargs)

    async def close(self) -> None:
        """discord.py closes its session on shutdown."""
        self.closed = True


def attach(http: Any, session: LimitedSession, token: str = "bench") -> None:
    """Make discord.py's ``HTTPClient`` (and the interactions it creates) talk to ``session``:
    what ``HTTPClient.static_login`` sets up, without a real connection."""
    http._HTTPClient__session = session  # its aiohttp session (a mangled private name)
    http._global_over = asyncio.Event()
    http._global_over.set()
    http.token = token


class _Call:
    def __init__(self, session: LimitedSession, method: str, url: str, kwargs: Any) -> None:
        self.session, self.method, self.url, self.kwargs = session, method, url, kwargs

    async def __aenter__(self) -> Response:
        path = path_of(self.url)
        verdict = self.session.limiter.admit(self.method, path)
        if verdict.retry_after is not None:
            body = {
                "message": "You are being rate limited.",
                "retry_after": round(verdict.retry_after, 3),
                "global": verdict.is_global,
            }
            headers = {**verdict.headers, "Retry-After": str(math.ceil(verdict.retry_after))}
            if verdict.is_global:
                headers["X-RateLimit-Global"] = "true"
            return Response(self.method, self.url, 429, body, headers)
        params = dict(self.kwargs.get("params") or {})
        status, body = await self.session.responder(
            self.method, path, body_of(self.kwargs.get("data")), params
        )
        return Response(self.method, self.url, status, body, verdict.headers)

    async def __aexit__(self, *_: object) -> None:
        return None
