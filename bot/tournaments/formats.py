"""What a tournament may be (pure): its variant, its seats and tables, its rising antes.
Each check refuses with a :class:`TableError` the member reads."""

from __future__ import annotations

from bot.errors import TableError
from bot.i18n import _
from bot.tournaments.blinds import Schedule
from bot.words.vocab import variant_name
from engine.core.game import VariantInfo
from engine.variants import UnknownVariant, get_variant, variant_ids


def variant_named(name: str) -> VariantInfo:
    """The variant called ``name``, else a refusal that lists the variants."""
    try:
        return get_variant(name)
    except UnknownVariant:
        raise TableError(
            _("Unknown variant {name}. Choose one of: {ids}.").format(
                name=name, ids=", ".join(variant_ids())
            )
        ) from None


def check_seats(info: VariantInfo, seats: int, table_size: int | None) -> bool:
    """Refuse seats or a table size the variant can't play; whether it is multi-table."""
    least = max(2, info.min_players)
    if table_size is not None and not least <= table_size <= info.max_players:
        raise TableError(
            _("A {variant} table seats {least} to {most} players, not {n}.").format(
                variant=variant_name(info), least=least, most=info.max_players, n=table_size
            )
        )
    if table_size is None and seats > info.max_players:
        raise TableError(
            _(
                "A {variant} table seats at most {most} players: give a `table_size` to "
                "play at several tables."
            ).format(variant=variant_name(info), most=info.max_players)
        )
    if seats < least:
        raise TableError(
            _("{variant} needs at least {n} players.").format(variant=variant_name(info), n=least)
        )
    multi = table_size is not None and seats > table_size
    if multi and not info.carries_stacks:
        raise TableError(
            _(
                "{variant} can't be played at several tables: its chips are tokens every "
                "player starts with alike, so players can't move between tables with their "
                "chips. Leave out `table_size` (one table) or choose another variant."
            ).format(variant=variant_name(info))
        )
    return multi


def check_antes(info: VariantInfo, blinds: Schedule | None) -> None:
    """Refuse rising antes for a variant without stakes to raise."""
    if blinds is None or info.stakes:
        return
    rises = "ante_escalation" in info.options  # Coruscant Shift's own rule
    raise TableError(
        (
            _("Rising antes aren't offered for {variant} (its ante already rises every hand).")
            if rises
            else _("Rising antes aren't offered for {variant}.")
        ).format(variant=variant_name(info))
    )
