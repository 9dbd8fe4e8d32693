"""What the history commands show: /verify verdicts, /history lists and /replay frames.

A replay frame shows only what was public after that step (the public log lines of its events
and the public table) and, to a member who played the hand, their own cards then. The hands
revealed at the end are in the reveal events' public lines. Player ids are replaced by names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord

from bot import words
from bot.history.sealing import sealed_text
from bot.i18n import N_, _, ngettext
from bot.words.vocab import action_name, hand_noun, hand_word
from engine.replay import Frame
from engine.variants import UnknownVariant, get_variant
from engine.verify import Verdict

COLOUR = discord.Colour.dark_teal()
FAILED = discord.Colour.red()


def variant_name(variant_id: str) -> str:
    """The display name of a variant id (the id itself if unknown)."""
    try:
        return _(get_variant(variant_id).name)
    except (UnknownVariant, ImportError):
        return variant_id


def plain_amount(n: int, unit: str) -> str:
    """``12 chips``, ``90 credits`` (a replay's stacks)."""
    if unit == "chips":
        return ngettext("{n} chips", "{n} chips", n).format(n=n)
    if unit == "credits":
        return _("{n} credits").format(n=n)
    return f"{n} {unit}"


def hand_title(hand_id: object, variant_id: str, hand_no: object) -> str:
    """A recorded hand named by its number at the server and its place in its game:
    ``hand #12, hand 3 of its game`` (Kessel: ``round 3 of its game``)."""
    return _("hand #{id}, {hand_word} {n} of its game").format(
        id=hand_id, hand_word=hand_noun(variant_id), n=hand_no
    )


def _literal(text: str) -> Callable[[re.Match[str]], str]:
    """A ``re.sub`` replacement inserting ``text`` as it is (no backslash escapes)."""
    return lambda _match: text


def _shown_name(player: Mapping[str, Any]) -> str:
    """A recorded player's name, a bot's with its 🤖 once (records keep a bot's display name,
    which has it already)."""
    name = str(player["name"])
    return f"🤖 {name}" if player.get("bot") and not name.startswith("🤖") else name


def namer(players: Sequence[Mapping[str, Any]]) -> Any:
    """A function replacing engine player ids by the players' names in a text."""
    names = {str(p["id"]): _shown_name(p) for p in players}
    ordered = sorted(names, key=len, reverse=True)

    def name(text: str) -> str:
        for pid in ordered:
            text = re.sub(rf"(?<![<@\w]){re.escape(pid)}(?!\w)", _literal(names[pid]), text)
        return text

    return name


def verdict_embed(row: Any, verdict: Verdict) -> discord.Embed:
    """The /verify answer for a finished hand."""
    title = (
        f"{variant_name(row['variant'])} — {hand_title(row['id'], row['variant'], row['hand_no'])}"
    )
    steps = sum(1 for line in verdict.checked if line.startswith("step "))
    if verdict.ok:
        description = "✅ " + _(
            "**Verified.** SHA-256 of the revealed seed equals the commitment shown before "
            "the deal, and replaying the {steps} recorded steps from that seed reproduces every "
            "card, die, stack and payout."
        ).format(steps=steps)
    else:
        description = "❌ " + _("**Verification failed** at {where}").format(where=verdict.failure)
    embed = discord.Embed(
        title=title, description=description, colour=COLOUR if verdict.ok else FAILED
    )
    embed.add_field(name=_("Commitment (shown before the deal)"), value=f"`{row['commitment']}`")
    embed.add_field(name=_("Seed (revealed)"), value=f"`{row['seed']}`", inline=False)
    embed.set_footer(
        text=_("Check it offline: /export this hand, then python -m engine.verify FILE")
    )
    return embed


def running_embed(row: Any) -> discord.Embed:
    """/verify of a hand still being played: its full commitment, the seed stays secret."""
    return discord.Embed(
        title=_("{variant} — hand #{id} is still being played").format(
            variant=variant_name(row["variant"]), id=row["id"]
        ),
        description=_(
            "Commitment: {commitment}\nThe seed is revealed when the table closes "
            "(or a day after the hand ends); then `/verify hand:{id}` replays it."
        ).format(commitment=f"`{row['commitment']}`", id=row["id"]),
        colour=COLOUR,
    )


def sealed_embed(row: Any, due: float) -> discord.Embed:
    """/verify of a finished hand whose seed is still sealed: when it can be verified."""
    return discord.Embed(
        title=_("{variant} — hand #{id} is sealed for now").format(
            variant=variant_name(row["variant"]), id=row["id"]
        ),
        description=sealed_text(int(row["id"]), due)
        + "\n"
        + _("Commitment: {commitment}").format(commitment=f"`{row['commitment']}`"),
        colour=COLOUR,
    )


def history_embed(title: str, rows: Sequence[Any]) -> discord.Embed:
    """/history: the newest finished hands."""
    lines = [
        f"**#{r['id']}** "
        + _("{variant} {hand_word} {n} · pot {pot} · {summary} · {when}").format(
            variant=variant_name(r["variant"]),
            hand_word=hand_noun(r["variant"]),
            n=r["hand_no"],
            pot=r["pot"],
            summary=r["summary"],
            when=f"<t:{int(r['ended_at'])}:R>",
        )
        for r in rows
    ]
    embed = discord.Embed(
        title=title, description="\n".join(lines) or _("No finished hands yet."), colour=COLOUR
    )
    embed.set_footer(text=_("/replay hand:<id> steps through one · /verify hand:<id> checks it"))
    return embed


def _action_text(frame: Frame) -> str:
    if frame.source == "create":
        return _("The game starts: the first hand is dealt.")
    if frame.source == "leave":
        return _("{seat} leaves the table.").format(seat=seat_name(frame.seat))
    assert frame.action is not None
    what = action_name(frame.action.kind)
    if frame.action.amount is not None:
        what += f" {frame.action.amount}"
    how = {"timeout": N_("(timed out)"), "auto": N_("(sitting out)")}.get(frame.source)
    return f"{seat_name(frame.seat)}: **{what}**" + (" " + _(how) if how else "")


def seat_name(seat: int | None) -> str:
    """``Seat 2``."""
    return _("Seat {n}").format(n=seat)


def frame_embed(
    record: Mapping[str, Any],
    frames: Sequence[Frame],
    index: int,
    *,
    viewer_seat: int | None,
    sealed: bool = False,
) -> discord.Embed:
    """Replay frame ``index`` of a finished hand, as ``viewer_seat`` may see it (``sealed``:
    its seed is not revealed yet, and is not named)."""
    frame = frames[index]
    name = namer(record["players"])
    players = {int(p["seat"]): p for p in record["players"]}
    word = hand_word(str(record["variant"]))
    lines = [_action_text(frame)]
    if frame.seat is not None and frame.seat in players:
        lines[0] = lines[0].replace(seat_name(frame.seat), str(players[frame.seat]["name"]), 1)
    variant = str(record["variant"])
    lines += [name(line) for line in words.events_lines(variant, frame.events)]
    embed = discord.Embed(
        title=_("Replay of {variant} {hand}").format(
            variant=variant_name(variant),
            hand=hand_title(record.get("hand_id", "?"), variant, record["hand_no"]),
        ),
        description="\n".join(lines)[:4000],
        colour=COLOUR,
    )
    view = words.table_text(variant, frame.public)
    seats = []
    for seat in view.seats:
        line = f"{name(seat.player)} — {plain_amount(seat.stack, view.stack_unit)}"
        if seat.status:
            line += f" · {seat.status}"
        if seat.public:
            line += f"\n  {name(seat.public)}"
        seats.append(line)
    embed.add_field(name=_("Table"), value="\n".join(seats)[:1024] or "—", inline=False)
    if view.pots and not frame.hand_over:
        pots = "\n".join(f"{pot}: **{amount}**" for pot, amount in view.pots)
        embed.add_field(name=_("Pots"), value=pots[:1024], inline=True)
    if viewer_seat is not None and viewer_seat in frame.views:
        own = words.hand_text(variant, frame.views[viewer_seat])
        embed.add_field(
            name=_("Your cards then"),
            value=name(own.hand_text or _("no cards"))[:1024],
            inline=False,
        )
    footer = _("Step {n}/{total}").format(n=index + 1, total=len(frames))
    if frame.hand_over and sealed:
        footer += " · " + _("{hand_word} over · seed sealed until the table closes").format(
            hand_word=word
        )
    elif frame.hand_over:
        footer += " · " + _("{hand_word} over · seed {seed}… revealed").format(
            hand_word=word, seed=str(record["seed"])[:12]
        )
    embed.set_footer(text=footer)
    return embed
