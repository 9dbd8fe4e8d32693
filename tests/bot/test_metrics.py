"""``METRICS_PORT``: the bot serves Prometheus metrics and a health check over real HTTP, and a
game played through simcord shows up in them (actions, click → committed, click → visible)."""

from __future__ import annotations

import dataclasses
import socket

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.metrics import route_of
from bot.settings import Settings
from tests.bot.variant_table import start_seeded
from tests.helpers import World
from tests.table_driver import play


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The harness's settings, with the metrics server on a free loopback port."""
    return dataclasses.replace(settings, metrics_port=_free_port(), metrics_host="127.0.0.1")


async def _get(settings: Settings, path: str) -> tuple[int, str, str]:
    url = f"http://127.0.0.1:{settings.metrics_port}{path}"
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, response.headers.get("Content-Type", ""), await response.text()


async def _samples(settings: Settings) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    status, kind, text = await _get(settings, "/metrics")
    assert status == 200 and kind.startswith("text/plain")
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def _value(
    samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str
) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


async def test_metrics_and_health_are_served_and_count_a_game(
    world: World, settings: Settings
) -> None:
    status, _kind, body = await _get(settings, "/healthz")
    assert (status, body) == (200, "ok\n")
    before = await _samples(settings)
    assert ("sabacc_open_tables", frozenset()) in before

    table = await start_seeded(world, "classic", 3, 2, buy_in=40)
    during = await _samples(settings)
    assert _value(during, "sabacc_open_tables") >= 1
    await play(world)
    after = await _samples(settings)

    clicked = await world.bot.db.fetchval(
        "SELECT COUNT(*) FROM table_actions WHERE table_id = ? AND source = 'player'", (table.id,)
    )
    assert clicked > 0

    def delta(name: str, **labels: str) -> float:
        return _value(after, name, **labels) - _value(before, name, **labels)

    assert delta("sabacc_actions_total", variant="classic", source="player") == clicked
    assert delta("sabacc_click_to_committed_seconds_count") == clicked
    # every click was shown by an edit of the table message (the last one when the game ended)
    assert delta("sabacc_click_to_visible_seconds_count") == clicked
    assert delta("sabacc_errors_total", where="interaction") == 0


def test_routes_are_labelled_without_ids_or_tokens() -> None:
    token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTA6dG9rZW4tdG9rZW4"
    base = "https://discord.com/api/v10"
    assert route_of(f"{base}/channels/123456789012345678/messages/223456789012345678") == (
        "/channels/{id}/messages/{id}"
    )
    assert route_of(f"{base}/webhooks/123456789012345678/{token}/messages/@original?wait=1") == (
        "/webhooks/{id}/{token}/messages/@original"
    )
    assert route_of(f"{base}/users/@me/channels") == "/users/@me/channels"
