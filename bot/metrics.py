"""What the bot measures for Prometheus, and the small server that shows it (``METRICS_PORT``).

Every metric is defined here, on prometheus-client's default registry (so the process and
Python collectors come with them). The runtime reports through a few one-line calls:

* :func:`click` when a click that may play arrives (its clock starts: a context variable of the
  interaction's task), :func:`acted` when an action committed (click → committed for a click);
* :func:`drawing` when a table message is built and :func:`shown` once that edit went out
  (click → visible, for every click committed before it was built);
* :func:`waited` when a request got its slot of the request budget, :func:`watch_budget` and
  :func:`watch_tables` for the gauges read at each scrape;
* :func:`failed` for an unexpected error; 429s are read from discord.py's own log records (its
  HTTP client and webhook adapter log every 429 they handle) by :func:`watch_rate_limits`.

Times are the event loop's clock. :func:`serve` answers ``/metrics`` and ``/healthz`` from the
bot's own event loop (aiohttp, which discord.py depends on): nothing blocks and no thread runs.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

from aiohttp import web
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)

if TYPE_CHECKING:
    from bot.tables.models import Table

__all__ = [
    "MetricsUnavailable",
    "acted",
    "click",
    "drawing",
    "failed",
    "route_of",
    "serve",
    "shown",
    "waited",
    "watch_budget",
    "watch_rate_limits",
    "watch_tables",
]

LATENCY = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)
UNSHOWN_MAX = 64  # committed clicks remembered per table until its message shows them

COMMITTED = Histogram(
    "sabacc_click_to_committed_seconds",
    "From a click reaching the bot to its action being committed (state and ledger stored).",
    buckets=LATENCY,
)
VISIBLE = Histogram(
    "sabacc_click_to_visible_seconds",
    "From a click reaching the bot to the table message edit that shows it going out.",
    buckets=LATENCY,
)
ACTIONS = Counter(
    "sabacc_actions", "Actions committed, by variant and source.", ["variant", "source"]
)
BUDGET_WAIT = Histogram(
    "sabacc_request_budget_wait_seconds",
    "How long a request waited for its slot of the global request budget, by lane.",
    ["lane"],
    buckets=(0.0, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0),
)
BUDGET_QUEUE = Gauge(
    "sabacc_request_budget_waiting", "Requests waiting for a slot of the budget, by lane.", ["lane"]
)
RATE_LIMITED = Counter(
    "sabacc_discord_429", "HTTP 429 answers discord.py handled, by route.", ["route"]
)
OPEN_TABLES = Gauge("sabacc_open_tables", "Tables (lobbies and games) this process drives.")
ERRORS = Counter("sabacc_errors", "Unexpected errors, by where they happened.", ["where"])

_click: contextvars.ContextVar[float | None] = contextvars.ContextVar("click", default=None)


def _now() -> float:
    return asyncio.get_running_loop().time()


def click() -> None:
    """A click that may play arrived: its clock starts (for the rest of its handler)."""
    _click.set(_now())


def acted(table: Table, source: str) -> None:
    """An action of ``table`` was committed; for a click, click → committed is observed and
    the click waits to be shown (``table.unshown``)."""
    ACTIONS.labels(table.variant.id, source).inc()
    started = _click.get()
    if started is None or source != "player":
        return
    COMMITTED.observe(_now() - started)
    if len(table.unshown) < UNSHOWN_MAX:
        table.unshown.append(started)


def drawing(table: Table) -> int:
    """The table message is being built now: how many committed clicks it will show."""
    return len(table.unshown)


def shown(table: Table, clicks: int) -> None:
    """The edit built when :func:`drawing` returned ``clicks`` went out: they are visible."""
    if clicks <= 0:
        return
    now = _now()
    for started in table.unshown[:clicks]:
        VISIBLE.observe(now - started)
    del table.unshown[:clicks]


def waited(lane: str, seconds: float) -> None:
    """A request of ``lane`` got its slot after ``seconds``."""
    BUDGET_WAIT.labels(lane).observe(max(seconds, 0.0))


def watch_budget(queues: Mapping[str, Callable[[], int]]) -> None:
    """Report the requests waiting in the budget's lanes (name -> how many wait)."""
    for lane, waiting in queues.items():
        BUDGET_QUEUE.labels(lane).set_function(waiting)


def watch_tables(count: Callable[[], int]) -> None:
    """Report ``count()`` as the number of open tables."""
    OPEN_TABLES.set_function(count)


def failed(where: str) -> None:
    """An unexpected error happened in ``where`` (an interaction, a table task)."""
    ERRORS.labels(where).inc()


_ID = re.compile(r"/[0-9]+(?=/|$)")
_TOKEN = re.compile(r"/[A-Za-z0-9_\-.]{40,}(?=/|$)")


def route_of(url: str) -> str:
    """The route of a Discord API URL, ids and tokens replaced (a bounded label)."""
    path = url.split("?", 1)[0]
    match = re.search(r"/api/v[0-9]+", path)
    if match is not None:
        path = path[match.end() :]
    return _TOKEN.sub("/{token}", _ID.sub("/{id}", path))


class _RateLimitLog(logging.Filter):
    """Counts the 429s discord.py logs (and lets every record through)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message, args = str(record.msg), record.args
        if not isinstance(args, tuple):
            return True
        if message.startswith("We are being rate limited.") and len(args) >= 2:
            RATE_LIMITED.labels(route_of(str(args[1]))).inc()
        elif message.startswith("Webhook ID %s is rate limited."):
            RATE_LIMITED.labels("/webhooks/{id}/{token}").inc()
        return True


_WATCHER = _RateLimitLog()


def watch_rate_limits() -> None:
    """Count every 429 discord.py handles (idempotent)."""
    for name in ("discord.http", "discord.webhook.async_"):
        logger = logging.getLogger(name)
        if _WATCHER not in logger.filters:
            logger.addFilter(_WATCHER)


class MetricsUnavailable(Exception):
    """The metrics server cannot listen where ``METRICS_HOST``/``METRICS_PORT`` say."""

    def __init__(self, host: str, port: int, error: OSError) -> None:
        super().__init__(f"{host}:{port}: {error.strerror or error}")
        self.host, self.port, self.error = host, port, error


async def serve(host: str, port: int, ready: Callable[[], bool]) -> Callable[[], Awaitable[None]]:
    """Serve ``/metrics`` and ``/healthz`` (200 while ``ready()``, else 503) on ``host:port``;
    returns the coroutine function that stops the server. Raises :class:`MetricsUnavailable`
    when it cannot listen there."""
    watch_rate_limits()

    async def metrics(_request: web.Request) -> web.Response:
        return web.Response(
            body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST}
        )

    async def health(_request: web.Request) -> web.Response:
        return web.Response(text="ok\n") if ready() else web.Response(status=503, text="starting\n")

    app = web.Application()
    app.router.add_get("/metrics", metrics)
    app.router.add_get("/healthz", health)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except OSError as error:  # the port is taken, or the address is not this machine's
        await runner.cleanup()
        raise MetricsUnavailable(host, port, error) from error
    logging.getLogger(__name__).info("metrics on http://%s:%d/metrics", host, port)
    stop: Callable[[], Awaitable[Any]] = runner.cleanup
    return stop
