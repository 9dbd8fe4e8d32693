"""The admin and player documentation stays true: README's command and variant tables are the
ones generated from the registered commands and ``VariantInfo``; links stay inside the repository;
every variant's rules list the decisions its engine documents."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot import docgen
from bot.demo.common import demo_variants
from tests.helpers import World

ROOT = Path(__file__).resolve().parents[2]
DOCS = [
    ROOT / "README.md",
    ROOT / "docs" / "guide.md",
    ROOT / "docs" / "performance.md",
    *sorted((ROOT / "docs" / "rules").glob("*.md")),
]
LINK = re.compile(r"\]\(([^)\s]+)\)")
DECISION = re.compile(r"\b[A-Z]+-impl-\d+\b")


def test_readme_tables_match_the_code() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = docgen.generated()
    assert docgen.fill(text, blocks) == text, "README.md is stale: run python -m bot.docgen"
    for group in ("/balance", "/daily", "/credits grant", "/<variant> start"):
        assert f"`{group}" in blocks["commands"]
    for variant, group in demo_variants().items():  # every variant with a cog, presets included
        assert f"`/{group}`" in blocks["variants"], variant
    assert "`stakes` (text, optional" in blocks["commands"]


def test_docgen_check_fails_on_a_stale_readme(tmp_path: Path) -> None:
    stale = tmp_path / "README.md"
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    stale.write_text(text.replace("| `/daily` |", "| `/weekly` |"), encoding="utf-8")
    assert docgen.main(["--check", str(stale)]) == 1
    assert docgen.main([str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == text


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_links_stay_inside_the_repository(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert "/work/" not in text and "/shared/" not in text
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (doc.parent / target.split("#")[0]).resolve()
        assert path.exists() and ROOT in path.parents, f"{doc.name}: {target}"


def test_the_systemd_unit_runs_the_bot() -> None:
    unit = (ROOT / "deploy" / "sabacc.service").read_text(encoding="utf-8")
    assert "ExecStart=" in unit and "-m bot run" in unit and "Restart=on-failure" in unit
    assert "RestartPreventExitStatus=2" in unit  # a rejected token is not retried forever


@pytest.mark.parametrize("name", ["sabacc.service", "sabacc@.service"])
def test_the_systemd_units_name_the_process_the_same_after_a_restart(name: str) -> None:
    """Each unit sets INSTANCE_ID from the host name (and its slice), never a pid, and stops
    the bot cleanly (SIGINT), so a restart takes the tables back at once."""
    unit = (ROOT / "deploy" / name).read_text(encoding="utf-8")
    [line] = [x for x in unit.splitlines() if x.startswith("Environment=INSTANCE_ID=")]
    assert line.startswith("Environment=INSTANCE_ID=%H") and "%p" not in line
    assert ("%i" in line) == ("@" in name)  # a template unit: one name per slice
    assert "KillSignal=SIGINT" in unit


def _documented_decisions(package: Path) -> set[str]:
    found: set[str] = set()
    for module in package.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef):
                found.update(DECISION.findall(ast.get_docstring(node) or ""))
    return found


@pytest.mark.parametrize(
    ("package", "rules"),
    [
        ("kessel", "kessel"),
        ("classic", "classic"),
        ("centran", "centran"),
        ("project", "project"),
        ("coruscant", "coruscant-shift"),
        ("corellian_spike", "corellian-spike"),
    ],
)
def test_rules_list_the_engine_decisions(package: str, rules: str) -> None:
    text = (ROOT / "docs" / "rules" / f"{rules}.md").read_text(encoding="utf-8")
    assert "\n## Engine decisions" in text
    section = text.split("\n## Engine decisions", 1)[1]
    ids = _documented_decisions(ROOT / "engine" / "variants" / package)
    prefix = {"kessel": "K", "classic": "C", "centran": "CE", "project": "P"}.get(package)
    prefix = {"corellian_spike": "SPK"}.get(package, prefix)
    own = {i for i in ids if prefix is not None and i.split("-impl-")[0] == prefix}
    assert own <= set(DECISION.findall(section)), own - set(DECISION.findall(section))
    init = (ROOT / "engine" / "variants" / package / "__init__.py").read_text(encoding="utf-8")
    assert f"docs/rules/{rules}.md" in init


def _headings(text: str) -> list[str]:
    return [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("## ")]


def test_readme_puts_running_the_bot_before_a_short_performance_table() -> None:
    """Issue 25 point 20: an admin finds how to run the bot before the figures; the long
    figures live in docs/performance.md, README keeps a short table that links there."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    headings = _headings(text)
    assert headings.index("Running the bot on your server") < headings.index("Performance")
    assert "### Performance" not in text
    section = text.split("\n## Performance\n", 1)[1].split("\n## ", 1)[0]
    assert "(docs/performance.md)" in section and len(section.strip().splitlines()) <= 15
    details = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    assert "bench/latency.py" in details and "13 810 actions in 70 transactions" in details


def test_the_guide_names_every_variant_command() -> None:
    guide = (ROOT / "docs" / "guide.md").read_text(encoding="utf-8")
    for variant, group in demo_variants().items():
        assert f"`/{group}`" in guide, variant


PRIVATE = re.compile(r"Replies to (.+?) and every refusal are visible to the caller only", re.S)


async def test_readme_says_which_replies_only_the_caller_sees(world: World) -> None:
    """README's list of private replies is what the commands do (/stats is public)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = PRIVATE.search(text)
    assert match is not None
    listed = set(re.findall(r"`/([a-z]+)`", match[1]))
    for command in ("balance", "daily", "history", "stats", "leaderboard"):
        reply = await world.alice.slash(world.channel, command)
        assert reply.acknowledged and reply.ephemeral == (command in listed), command
