"""Embeds drawn from engine views: the lobby, the public table message, a private hand.

Only :class:`engine.core.game.PublicView` goes into public embeds, so a hidden card can never
reach a public message by construction; private embeds come from ``view_for(seat)``.
"""

from __future__ import annotations

import discord

from bot import words
from bot.history.fairtext import commitment_note
from bot.tables.models import Status, Table
from bot.tables.options import settable, show_value
from engine.core.game import PlayerView, PublicView

COLOUR_LOBBY = discord.Colour.gold()
COLOUR_PLAYING = discord.Colour.dark_teal()
COLOUR_DONE = discord.Colour.dark_grey()
COLOUR_PRIVATE = discord.Colour.blurple()


def table_url(table: Table) -> str:
    """A jump link to the table message (or the channel while there is none)."""
    if table.message_id is None:
        return f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    return f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"


def jump(table: Table) -> str:
    """The "back to the table" line of a reply: replies pile up below the table message."""
    return f"[↩ Back to the table]({table_url(table)})"


def options_text(table: Table) -> str:
    """The table's house rules as ``name: value`` lines (on/off, none, words without
    underscores); the options changed at ``start`` come first, marked "house rule"."""
    defaults = settable(table.variant)
    if not defaults:
        return "standard rules"
    merged = {**defaults, **{k: v for k, v in table.options.items() if k in defaults}}
    changed = [k for k in merged if k in table.options and table.options[k] != defaults[k]]
    lines = []
    for name in changed + [k for k in merged if k not in changed]:
        value = show_value(merged[name]).replace("_", " ")
        mark = " (house rule)" if name in changed else ""
        lines.append(f"{name.replace('_', ' ')}: **{value}**{mark}")
    return "\n".join(lines)[:1024]


def phase_text(phase: str) -> str:
    """A phase as a heading: words not ids, each ``·`` part capitalised
    (``select_tokens`` → ``Select tokens``, ``Round 1 · selection`` → ``Round 1 · Selection``)."""
    parts = phase.replace("_", " ").split(" · ")
    return " · ".join(part[:1].upper() + part[1:] for part in parts)


def amount_text(amount: int, unit: str) -> str:
    """``**5** chips``, ``**1** chip``: the unit agrees with the amount."""
    if amount == 1 and unit.endswith("s"):
        unit = unit[:-1]
    return f"**{amount}** {unit}"


def last_lines(text: str, limit: int = 1024) -> str:
    """The newest whole lines of ``text`` that fit in ``limit`` characters."""
    if len(text) <= limit:
        return text
    kept: list[str] = []
    size = -1
    for line in reversed(text.splitlines()):
        size += len(line) + 1
        if size > limit:
            break
        kept.append(line)
    return "\n".join(reversed(kept)) if kept else text[-limit:]


def lobby_embed(table: Table) -> discord.Embed:
    """The lobby: variant, stakes, seats, options, host."""
    info = table.variant
    if table.status is Status.CANCELLED:
        return discord.Embed(
            title=f"{info.name} — table cancelled",
            description="Every buy-in was refunded.",
            colour=COLOUR_DONE,
        )
    started = table.status is not Status.LOBBY
    embed = discord.Embed(
        title=f"{info.name} table" + (" — in play" if started else ""),
        description=(
            f"Buy-in **{table.buy_in}** credits · seats **{len(table.seats)}/{info.max_players}**"
            f" (at least {info.min_players}) · turn timer **{table.turn_timeout} s**"
        ),
        colour=COLOUR_DONE if started else COLOUR_LOBBY,
    )
    embed.add_field(name="Host", value=f"<@{table.host_id}>", inline=True)
    players = "\n".join(f"{i + 1}. {seat.mention}" for i, seat in enumerate(table.seats))
    embed.add_field(name="Players", value=players or "nobody yet", inline=True)
    embed.add_field(name="Options", value=options_text(table), inline=False)
    embed.set_footer(
        text="The game started below."
        if started
        else f"Table #{table.id} · Join holds your buy-in until you leave or the game ends"
        + commitment_note(table)
    )
    return embed


def _seat_line(table: Table, view: PublicView, index: int) -> str:
    seat_view = view.seats[index]
    seat = table.seats[index]
    marker = "▶️" if index in view.acting and not view.finished else "▫️"
    if not seat_view.active:
        marker = "✖️"
    parts = [f"{marker} {seat.mention} — {amount_text(seat_view.stack, view.stack_unit)}"]
    if seat_view.status:
        parts.append(seat_view.status)
    if index in table.sitting_out:
        parts.append("sitting out")
    line = " · ".join(parts)
    if seat_view.public:
        line += f"\n  {seat_view.public}"
    return table.names(line)


def table_embed(table: Table, view: PublicView, deadline: float | None = None) -> discord.Embed:
    """The public table message."""
    colour = COLOUR_DONE if view.finished else COLOUR_PLAYING
    lines = []
    if view.highlight:
        lines.append(f"## {view.highlight}")
    if view.finished:
        lines.append("**Game over.**")
    elif view.acting:
        who = ", ".join(table.seats[s].mention for s in view.acting)
        lines.append(f"**{phase_text(view.phase)}** — waiting for {who}")
        if deadline is not None:
            lines.append(f"⏱ auto-play <t:{int(deadline)}:R>")
    description = table.names("\n".join(lines))
    embed = discord.Embed(title=view.title, description=description, colour=colour)
    seats = "\n".join(_seat_line(table, view, i) for i in range(len(view.seats)))
    embed.add_field(name="Seats", value=seats[:1024], inline=False)
    if view.pots:
        pots = "\n".join(f"{name}: **{amount}**" for name, amount in view.pots)
        embed.add_field(name="Pots", value=pots[:1024], inline=True)
    for name, value in view.info:
        embed.add_field(name=name[:256], value=table.names(value or "—")[:1024], inline=True)
    if table.log:
        log = table.names("\n".join(table.log))
        embed.add_field(name="Last actions", value=last_lines(log), inline=False)
    stake = (
        f"buy-in {table.buy_in}"
        if table.tournament_id is None
        else f"tournament #{table.tournament_id} · {table.buy_in} chips each"
    )
    embed.set_footer(
        text=f"Table #{table.id} · {table.variant.name} · {stake}" + commitment_note(table)
    )
    return embed


def hand_embed(table: Table, view: PlayerView, *, heading: str = "Your hand") -> discord.Embed:
    """A private hand (ephemeral reply or DM)."""
    view = words.hand_text(table.variant.id, view)
    embed = discord.Embed(
        title=f"{heading} — {table.variant.name} table #{table.id}",
        description=table.names(view.hand_text or "no cards"),
        colour=COLOUR_PRIVATE,
    )
    if view.notes:
        notes = table.names("\n".join(view.notes))
        embed.add_field(name="Notes", value=notes[:1024], inline=False)
    if view.public is not None and view.public.highlight:
        embed.add_field(name="Table", value=table.names(view.public.highlight)[:1024], inline=False)
    return embed


def result_embed(table: Table, title: str, lines: list[str]) -> discord.Embed:
    """A hand or game result posted as its own message."""
    text = table.names("\n".join(lines))
    return discord.Embed(title=title, description=text[:4000], colour=COLOUR_DONE)
