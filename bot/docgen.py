"""The admin tables of ``README.md``, generated from the code so they stay true.

``python -m bot.docgen`` rewrites the blocks between ``<!-- generated:NAME -->`` and
``<!-- /generated:NAME -->`` in README.md; ``--check`` only says whether they are current
(``tests/bot/test_docs.py`` runs it). Three blocks:

* ``commands``: every slash command the bot registers (loaded like production: every cog by
  name), with its options, who may use it and what it does;
* ``variants``: for every variant with a cog, its command group, players, stakes presets
  (``VariantInfo.buy_in_presets``) and the house rules ``/<variant> start options:`` accepts
  (``VariantInfo.options``), with their defaults;
* ``permissions``: every scope and permission ``python -m bot invite`` asks for, and why
  (:data:`bot.invite.PERMISSIONS`).

A new variant (a new cog) appears in both without editing anything here.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from discord import AppCommandOptionType, app_commands

from bot.client import create_bot, extension_names
from bot.invite import permissions_table
from bot.settings import Settings
from bot.tables.options import settable, show_value
from engine.core.game import VariantInfo
from engine.variants import get_variant

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
_TYPES = {
    AppCommandOptionType.string: "text",
    AppCommandOptionType.integer: "whole number",
    AppCommandOptionType.number: "number",
    AppCommandOptionType.boolean: "yes/no",
    AppCommandOptionType.user: "member",
    AppCommandOptionType.channel: "channel",
    AppCommandOptionType.role: "role",
}


async def registered() -> tuple[list[Any], dict[str, str]]:
    """The bot's top-level slash commands and ``group name -> variant id`` of the variant cogs,
    loaded like production (no connection, an in-memory database is never opened)."""
    bot = create_bot(Settings(token=None, database_path=Path(":memory:")))
    try:
        for name in extension_names():
            await bot.load_extension(name)
        groups = {
            str(cog.__cog_group_name__): str(cog.variant_id)
            for cog in bot.cogs.values()
            if getattr(cog, "variant_id", None)
        }
        return sorted(bot.tree.get_commands(), key=lambda c: c.name), dict(sorted(groups.items()))
    finally:
        await bot.release_resources()


def _option(param: Any) -> str:
    kind = _TYPES.get(param.type, param.type.name)
    bounds = ""
    if param.min_value is not None or param.max_value is not None:
        low, high = param.min_value, param.max_value
        unit = " characters" if param.type is AppCommandOptionType.string else ""
        bounds = f" {low}–{high:,}{unit}" if high is not None else f" ≥ {low}"
    extra = ", suggested as you type" if param.autocomplete else ""
    need = "" if param.required else ", optional"
    return f"`{param.name}` ({kind}{bounds}{need}{extra}): {param.description}"


def _who(command: Any, parent: Any | None) -> str:
    perms = getattr(command, "default_permissions", None) or (
        getattr(parent, "default_permissions", None) if parent is not None else None
    )
    if perms is not None and perms.manage_guild:
        return "Manage Server"
    return "everyone"


def _leaves(command: Any, parent: Any | None = None) -> list[tuple[str, Any, Any | None]]:
    if isinstance(command, app_commands.Group):
        found: list[tuple[str, Any, Any | None]] = []
        for sub in sorted(command.commands, key=lambda c: c.name):
            found += [(f"{command.name} {n}", c, p) for n, c, p in _leaves(sub, command)]
        return found
    return [(command.name, command, parent)]


def _signature(group: Any) -> list[tuple[str, str, str]]:
    return [
        (name.split(" ", 1)[1], leaf.description, "<br>".join(map(_option, leaf.parameters)))
        for name, leaf, _parent in _leaves(group)
    ]


def commands_table(commands: Sequence[Any], groups: dict[str, str]) -> str:
    """The markdown table of every slash command."""
    variant_groups = [c for c in commands if c.name in groups]
    shared = len({repr(_signature(g)) for g in variant_groups}) == 1
    rows = ["| Command | Options | Who | What |", "|---|---|---|---|"]
    if shared and variant_groups:
        for sub, what, options in _signature(variant_groups[0]):
            rows.append(f"| `/<variant> {sub}` | {options or '—'} | everyone | {what} |")
    for command in commands:
        if shared and command in variant_groups:
            continue
        for name, leaf, parent in _leaves(command):
            options = "<br>".join(map(_option, leaf.parameters)) or "—"
            rows.append(f"| `/{name}` | {options} | {_who(leaf, parent)} | {leaf.description} |")
    lines = rows
    if shared and variant_groups:
        names = ", ".join(f"`/{c.name}`" for c in variant_groups)
        lines = [f"`<variant>` is the command group of a variant: {names}.", "", *rows]
    return "\n".join(lines)


def _values(default: Any) -> str:
    if isinstance(default, bool):
        return "on / off"
    if default is None:
        return "a whole number or none"
    if isinstance(default, int):
        return "a whole number"
    if isinstance(default, float):
        return "a number"
    return "a word (see the rules)"


def variants_table(groups: dict[str, str]) -> str:
    """Stakes presets and house rules of every variant with a cog."""
    out = [
        "| Variant | Command | Players | Stakes presets (buy-in, credits) | Least buy-in |",
        "|---|---|---|---|---|",
    ]
    infos: list[tuple[str, VariantInfo]] = [(g, get_variant(v)) for g, v in groups.items()]
    for group, info in infos:
        presets = ", ".join(
            f"`{name}` {amount:,}" + (" (default)" if name == info.default_preset else "")
            for name, amount in info.buy_in_presets.items()
        )
        out.append(
            f"| {info.name} | `/{group}` | {info.min_players}–{info.max_players} | {presets} "
            f"| {info.min_buy_in:,} |"
        )
    for group, info in infos:
        options = settable(info)
        rules = f"docs/rules/{info.id}.md"
        link = f"[`{rules}`]({rules})" if (ROOT / rules).exists() else "`docs/rules/`"
        out += ["", f"**{info.name}** house rules (`/{group} start options:`; {link}):", ""]
        if not options:
            out.append("No house rules.")
            continue
        out += ["| Option | Default | Values |", "|---|---|---|"]
        out += [f"| `{k}` | `{show_value(v)}` | {_values(v)} |" for k, v in options.items()]
    return "\n".join(out)


def generated() -> dict[str, str]:
    """Every generated block by name."""
    commands, groups = asyncio.run(registered())
    return {
        "commands": commands_table(commands, groups),
        "variants": variants_table(groups),
        "permissions": permissions_table(),
    }


def fill(text: str, blocks: dict[str, str]) -> str:
    """``text`` with each ``<!-- generated:NAME -->`` block replaced by ``blocks[NAME]``."""
    for name, body in blocks.items():
        pattern = re.compile(
            rf"(<!-- generated:{name} -->\n)(?:.*?\n)?(<!-- /generated:{name} -->)", re.DOTALL
        )
        if not pattern.search(text):
            raise LookupError(f"no <!-- generated:{name} --> block")
        text = pattern.sub(lambda m, b=body: f"{m[1]}{b}\n{m[2]}", text)
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Rewrite (or ``--check``) the generated blocks of README.md."""
    parser = argparse.ArgumentParser(prog="python -m bot.docgen", description=__doc__)
    parser.add_argument("--check", action="store_true", help="fail if README.md is stale")
    parser.add_argument("file", nargs="?", type=Path, default=README)
    args = parser.parse_args(argv)
    text = args.file.read_text(encoding="utf-8")
    new = fill(text, generated())
    if args.check:
        if new != text:
            print(f"{args.file} is out of date: run python -m bot.docgen", file=sys.stderr)
            return 1
        return 0
    args.file.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
