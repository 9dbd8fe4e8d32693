"""House rules at ``/<variant> start``: ``options:"max_hands=5 ante_escalation=off"``.

Every option a variant declares (``VariantInfo.options``, name → default) can be set by name; the
value's type follows the default's (on/off for yes-no rules, whole numbers, decimals, words,
``none`` where the default is none). The engine itself then validates the combination.
"""

from __future__ import annotations

import math
import re
from typing import Any

from bot.errors import TableError, quote
from bot.i18n import _, current
from bot.words.vocab import variant_name
from engine.core.game import IllegalAction, VariantInfo

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
#: The largest whole number a house rule takes (no count, ante or fee of a game comes near;
#: the engine then checks each option's own range).
MAX_WHOLE = 1_000_000
_PAIR = re.compile(r"([A-Za-z][\w\- ]*?)\s*[=:]\s*([^\s,;=]+)")


def settable(info: VariantInfo) -> dict[str, Any]:
    """The options that can be set from Discord (lists and tables of values cannot)."""
    return {k: v for k, v in info.options.items() if not isinstance(v, list | tuple | dict)}


def describe(info: VariantInfo) -> str:
    """``name=default`` for every settable option, for help texts."""
    return ", ".join(f"{k}={show_value(v)}" for k, v in settable(info).items()) or _("none")


def show_value(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return "none" if value is None else str(value)


def _convert(name: str, raw: str, default: Any) -> Any:
    word = raw.strip().lower()
    if isinstance(default, bool):
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        raise TableError(_("`{name}` is on or off, not {raw}.").format(name=name, raw=quote(raw)))
    if default is None or isinstance(default, int):
        if default is None and word in {"none", "off", "no"}:
            return None
        if not word.isdecimal() or not 0 <= int(word) <= MAX_WHOLE:
            raise TableError(
                _("`{name}` must be a whole number from 0 to {most}, not {raw}.").format(
                    name=name, most=current().number(MAX_WHOLE), raw=quote(raw)
                )
            )
        return int(word)
    if isinstance(default, float):
        try:
            number = float(word)
        except ValueError:
            number = math.nan
        if not math.isfinite(number):
            raise TableError(
                _("`{name}` must be a number, not {raw}.").format(name=name, raw=quote(raw))
            )
        return number
    return word


def parse_options(info: VariantInfo, text: str | None) -> dict[str, Any]:
    """The options written in ``text``; raises TableError naming what is wrong."""
    if not text or not text.strip():
        return {}
    known = settable(info)
    pairs = _PAIR.findall(text)
    leftover = _PAIR.sub("", text).strip(" ,;")
    if leftover or not pairs:
        raise TableError(
            _(
                "Write options as name=value, e.g. `{example}=…`. {variant} options: {options}."
            ).format(
                example=next(iter(known), "name"),
                variant=variant_name(info),
                options=describe(info),
            )
        )
    chosen: dict[str, Any] = {}
    for raw_name, raw_value in pairs:
        name = raw_name.strip().lower().replace("-", "_").replace(" ", "_")
        if name not in known:
            raise TableError(
                _("{variant} has no option `{name}`. Options: {options}.").format(
                    variant=variant_name(info), name=name, options=describe(info)
                )
            )
        chosen[name] = _convert(name, raw_value, known[name])
    return chosen


def check_options(info: VariantInfo, buy_in: int, options: dict[str, Any]) -> None:
    """Let the engine refuse an impossible combination now rather than at Start."""
    players = [f"p{i}" for i in range(info.min_players)]
    try:
        info.create(players, buy_in=buy_in, options={**info.options, **options}, seed=0)
    except (ValueError, TypeError, KeyError, IllegalAction) as error:
        raise TableError(
            _("These options do not work together: {error}").format(error=error)
        ) from None
