"""The variant registry: variant id -> the module that implements it.

Each module exposes ``INFO: VariantInfo``. Modules are imported on first use, so one broken
variant never stops the others from loading.
"""

from __future__ import annotations

import importlib

from engine.core.game import VariantInfo

# variant id -> module path. A variant is listed here once its engine lands.
_MODULES: dict[str, str] = {
    "kessel": "engine.variants.kessel",
    "coruscant-shift": "engine.variants.coruscant",
    "classic": "engine.variants.classic",
    "centran": "engine.variants.centran",
    "project": "engine.variants.project",
    "corellian-spike": "engine.variants.corellian_spike",
}


class UnknownVariant(KeyError):
    """No variant has this id."""

    def __str__(self) -> str:
        known = ", ".join(sorted(_MODULES)) or "none"
        return f"unknown variant {self.args[0]!r} (known: {known})"


def variant_ids() -> tuple[str, ...]:
    """Ids of every registered variant, sorted."""
    return tuple(sorted(_MODULES))


def get_variant(variant_id: str) -> VariantInfo:
    """The :class:`VariantInfo` of ``variant_id``; raises :class:`UnknownVariant`."""
    try:
        module_path = _MODULES[variant_id]
    except KeyError:
        raise UnknownVariant(variant_id) from None
    info = importlib.import_module(module_path).INFO
    assert isinstance(info, VariantInfo)
    return info
