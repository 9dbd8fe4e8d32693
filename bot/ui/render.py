"""Embeds drawn from engine views: the lobby, the public table message, a private hand.

Only :class:`engine.core.game.PublicView` goes into public embeds, so a hidden card can never
reach a public message by construction; private embeds come from ``view_for(seat)``.
"""

from __future__ import annotations

import discord

from bot import words
from bot.history.fairtext import commitment_note
from bot.i18n import N_, _, ngettext
from bot.tables.models import Status, Table
from bot.tables.options import settable, show_value
from bot.words.vocab import variant_name
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


# House rules as the lobby shows them (the names players type stay the engine's identifiers).
OPTION_WORDS = {
    "starting chips": N_("starting chips"),
    "economy": N_("economy"),
    "token mode": N_("token mode"),
    "token pool": N_("token pool"),
    "allow duplicate tokens": N_("allow duplicate tokens"),
    "all stand rule": N_("all stand rule"),
    "tokens public": N_("tokens public"),
    "hand ante": N_("hand ante"),
    "sabacc ante": N_("sabacc ante"),
    "min bet": N_("min bet"),
    "min call round": N_("min call round"),
    "call final turns": N_("call final turns"),
    "bomb out penalty": N_("bomb out penalty"),
    "max rounds": N_("max rounds"),
    "max hands": N_("max hands"),
    "stasis max cards": N_("stasis max cards"),
    "on": N_("on"),
    "off": N_("off"),
    "none": N_("none"),
    "lay": N_("lay"),
    "select": N_("select"),
    "random": N_("random"),
    "per player": N_("per player"),
    "shared": N_("shared"),
    "same turn": N_("same turn"),
    "consecutive": N_("consecutive"),
    "all others": N_("all others"),
    "hand pot": N_("hand pot"),
    "advanced actions": N_("advanced actions"),
    "advanced array draw": N_("advanced array draw"),
    "ante": N_("ante"),
    "ante escalation": N_("ante escalation"),
    "base ante": N_("base ante"),
    "bomb penalty amount": N_("bomb penalty amount"),
    "bomb penalty mode": N_("bomb penalty mode"),
    "dice before betting": N_("dice before betting"),
    "gain fee": N_("gain fee"),
    "gain mode": N_("gain mode"),
    "idle call limit": N_("idle call limit"),
    "lock first selection": N_("lock first selection"),
    "max raises per phase": N_("max raises per phase"),
    "named hand extras": N_("named hand extras"),
    "pot building rounds": N_("pot building rounds"),
    "random shift probability": N_("random shift probability"),
    "rounds": N_("rounds"),
    "shift cards max": N_("shift cards max"),
    "shift cards min": N_("shift cards min"),
    "shift mode": N_("shift mode"),
    "shift probability": N_("shift probability"),
    "swap fee": N_("swap fee"),
    "sylop counts as target suit": N_("sylop counts as target suit"),
    "tie break": N_("tie break"),
    "blind draw": N_("blind draw"),
    "split": N_("split"),
    "discard first": N_("discard first"),
    "draw then choose": N_("draw then choose"),
    "fixed": N_("fixed"),
    "array": N_("array"),
}


def option_words(text: str) -> str:
    """An option's name or value in the reader's words (an unknown one as it is)."""
    words = OPTION_WORDS.get(text)
    return text if words is None else _(words)


def jump(table: Table) -> str:
    """The "back to the table" line of a reply: replies pile up below the table message."""
    return "[↩ " + _("Back to the table") + f"]({table_url(table)})"


def options_text(table: Table) -> str:
    """The table's house rules as ``name: value`` lines (on/off, none, words without
    underscores); the options changed at ``start`` come first, marked "house rule"."""
    defaults = settable(table.variant)
    if not defaults:
        return _("standard rules")
    merged = {**defaults, **{k: v for k, v in table.options.items() if k in defaults}}
    changed = [k for k in merged if k in table.options and table.options[k] != defaults[k]]
    lines = []
    for name in changed + [k for k in merged if k not in changed]:
        value = show_value(merged[name]).replace("_", " ")
        mark = " " + _("(house rule)") if name in changed else ""
        lines.append(f"{option_words(name.replace('_', ' '))}: **{option_words(value)}**{mark}")
    return "\n".join(lines)[:1024]


def phase_text(phase: str) -> str:
    """A phase as a heading: words not ids, each ``·`` part capitalised
    (``select_tokens`` → ``Select tokens``, ``Round 1 · selection`` → ``Round 1 · Selection``)."""
    parts = phase.replace("_", " ").split(" · ")
    return " · ".join(part[:1].upper() + part[1:] for part in parts)


UNITS = {  # a stack's unit (``PublicView.stack_unit``) in words, agreeing with the amount
    "chips": lambda n: ngettext("**{n}** chip", "**{n}** chips", n),
    "credits": lambda n: ngettext("**{n}** credit", "**{n}** credits", n),
}


def amount_text(amount: int, unit: str) -> str:
    """``**5** chips``, ``**1** chip``: the unit agrees with the amount."""
    words = UNITS.get(unit)
    if words is not None:
        return words(amount).format(n=amount)
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
            title=_("{variant} — table cancelled").format(variant=variant_name(info)),
            description=_("Every buy-in was refunded."),
            colour=COLOUR_DONE,
        )
    started = table.status is not Status.LOBBY
    embed = discord.Embed(
        title=(_("{variant} table — in play") if started else _("{variant} table")).format(
            variant=variant_name(info)
        ),
        description=_(
            "Buy-in **{buy_in}** credits · seats **{seated}/{most}** (at least {least}) · "
            "turn timer **{timer} s**"
        ).format(
            buy_in=table.buy_in,
            seated=len(table.seats),
            most=info.max_players,
            least=info.min_players,
            timer=table.turn_timeout,
        ),
        colour=COLOUR_DONE if started else COLOUR_LOBBY,
    )
    embed.add_field(name=_("Host"), value=f"<@{table.host_id}>", inline=True)
    players = "\n".join(f"{i + 1}. {seat.mention}" for i, seat in enumerate(table.seats))
    embed.add_field(name=_("Players"), value=players or _("nobody yet"), inline=True)
    embed.add_field(name=_("Options"), value=options_text(table), inline=False)
    embed.set_footer(
        text=_("The game started below.")
        if started
        else _("Table #{id} · Join holds your buy-in until you leave or the game ends").format(
            id=table.id
        )
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
        parts.append(_("sitting out"))
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
        lines.append(_("**Game over.**"))
    elif view.acting:
        who = ", ".join(table.seats[s].mention for s in view.acting)
        lines.append(
            _("**{phase}** — waiting for {players}").format(
                phase=phase_text(view.phase), players=who
            )
        )
        if deadline is not None:
            lines.append(_("⏱ auto-play {when}").format(when=f"<t:{int(deadline)}:R>"))
    description = table.names("\n".join(lines))
    embed = discord.Embed(title=view.title, description=description, colour=colour)
    seats = "\n".join(_seat_line(table, view, i) for i in range(len(view.seats)))
    embed.add_field(name=_("Seats"), value=seats[:1024], inline=False)
    if view.pots:
        pots = "\n".join(f"{name}: **{amount}**" for name, amount in view.pots)
        embed.add_field(name=_("Pots"), value=pots[:1024], inline=True)
    for name, value in view.info:
        embed.add_field(name=name[:256], value=table.names(value or "—")[:1024], inline=True)
    if table.log:
        log = table.names("\n".join(table.log))
        embed.add_field(name=_("Last actions"), value=last_lines(log), inline=False)
    stake = (
        _("buy-in {buy_in}").format(buy_in=table.buy_in)
        if table.tournament_id is None
        else _("tournament #{id} · {chips} chips each").format(
            id=table.tournament_id, chips=table.buy_in
        )
    )
    embed.set_footer(
        text=_("Table #{id} · {variant} · {stake}").format(
            id=table.id, variant=variant_name(table.variant), stake=stake
        )
        + commitment_note(table)
    )
    return embed


def hand_embed(table: Table, view: PlayerView, *, heading: str | None = None) -> discord.Embed:
    """A private hand (ephemeral reply or DM); ``heading`` defaults to "Your hand"."""
    view = words.hand_text(table.variant.id, view)
    embed = discord.Embed(
        title=_("{heading} — {variant} table #{id}").format(
            heading=heading or _("Your hand"), variant=variant_name(table.variant), id=table.id
        ),
        description=table.names(view.hand_text or _("no cards")),
        colour=COLOUR_PRIVATE,
    )
    if view.notes:
        notes = table.names("\n".join(view.notes))
        embed.add_field(name=_("Notes"), value=notes[:1024], inline=False)
    if view.public is not None and view.public.highlight:
        embed.add_field(
            name=_("Table"), value=table.names(view.public.highlight)[:1024], inline=False
        )
    return embed


def result_embed(table: Table, title: str, lines: list[str]) -> discord.Embed:
    """A hand or game result posted as its own message."""
    text = table.names("\n".join(lines))
    return discord.Embed(title=title, description=text[:4000], colour=COLOUR_DONE)
