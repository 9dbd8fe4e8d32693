"""Kessel Sabacc rank-table transforms (``kessel.md`` §5.3, §6.4): the Fix tokens in force, the
Sabacc order they produce, and the hand names (K-1, K-16).

Implementation decisions:

* K-impl-11: the Prime pair's name is ``PRIME SABACC (<base name>)`` with the full base name,
  e.g. ``PRIME SABACC (ROYAL SABACC)``; with Prime 1 the 1/1 hand stays ``PRIME SABACC``.
* K-impl-12: ``tokens_active`` lists each idempotent Fix token once (a second Cook the Books is
  a no-op and is not listed again); a later Prime Sabacc removes the earlier one and is appended.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.facts import Fact

# --- Fix tokens in force -------------------------------------------------------------------------

FIX_TOKENS = ("prime_sabacc", "markdown", "cook_the_books", "major_fraud")


@dataclass(frozen=True, slots=True)
class Fix(Fact):
    """The Fix tokens in force this round, in play order (§5.3, §6.2).

    Markdown, Major Fraud and Cook the Books are idempotent (a second copy changes nothing and is
    not listed twice); a later Prime Sabacc replaces the earlier one (removed, then appended).
    """

    entries: tuple[tuple[str, int | None], ...] = ()

    def with_token(self, token: str, value: int | None = None) -> Fix:
        """The state after ``token`` (a Fix token id) is played."""
        if token not in FIX_TOKENS:
            raise ValueError(f"not a Fix token: {token!r}")
        if token == "prime_sabacc":
            if value is None or not 1 <= value <= 6:
                raise ValueError(f"a Prime Sabacc value is a die value 1..6, got {value!r}")
            kept = tuple(e for e in self.entries if e[0] != "prime_sabacc")
            return Fix((*kept, (token, value)))
        if any(e[0] == token for e in self.entries):
            return self
        return Fix((*self.entries, (token, None)))

    def has(self, token: str) -> bool:
        """Whether ``token`` is in force."""
        return any(e[0] == token for e in self.entries)

    @property
    def cook_the_books(self) -> bool:
        """Cook the Books in force."""
        return self.has("cook_the_books")

    @property
    def markdown(self) -> bool:
        """Markdown in force."""
        return self.has("markdown")

    @property
    def major_fraud(self) -> bool:
        """Major Fraud in force."""
        return self.has("major_fraud")

    @property
    def prime(self) -> int | None:
        """The Prime Sabacc value in force, if any."""
        for token, value in self.entries:
            if token == "prime_sabacc":
                return value
        return None

    def to_json(self) -> list[Any]:
        """Vector form: ``["cook_the_books", {"prime_sabacc": 3}]``."""
        return [t if v is None else {t: v} for t, v in self.entries]

    @classmethod
    def from_json(cls, data: Iterable[Any]) -> Fix:
        """Parse the vector form (also ``"prime_sabacc:3"``, ``{"token": "prime_sabacc",
        "value": 3}`` and a lone token); non-Fix ids raise ``ValueError``."""
        fix = cls()
        items = [data] if isinstance(data, str | Mapping) else list(data or ())
        for item in items:
            if isinstance(item, Mapping) and "token" in item:
                value = item.get("value", item.get("prime"))
                fix = fix.with_token(str(item["token"]), None if value is None else int(value))
            elif isinstance(item, Mapping):
                for token, value in item.items():
                    fix = fix.with_token(str(token), None if value is None else int(value))
            else:
                token, _, value = str(item).replace("=", ":").partition(":")
                fix = fix.with_token(token, int(value) if value else None)
        return fix


def sabacc_order(fix: Fix) -> list[int]:
    """Pair values best first under the Fix tokens in force (§5.3).

    >>> sabacc_order(Fix().with_token("cook_the_books").with_token("prime_sabacc", 3))
    [3, 6, 5, 4, 2, 1, 0]
    """
    if fix.cook_the_books:
        order = [6, 5, 4, 3, 2, 1, 0]
    elif fix.markdown:
        order = [1, 2, 3, 4, 5, 6, 0]
    else:
        order = [0, 1, 2, 3, 4, 5, 6]
    prime = fix.prime
    if prime is not None:
        order.remove(prime)
        order.insert(1 if order[0] == 0 else 0, prime)
    return order


BASE_NAMES: Mapping[int, str] = {
    0: "PURE SABACC",
    1: "PRIME SABACC",
    2: "HIGH SABACC",
    3: "ROYAL SABACC",
    4: "GENERAL SABACC",
    5: "LOW SABACC",
    6: "CHEAP SABACC",
}


def sabacc_name(pair: int, fix: Fix) -> str:
    """Display name of the pair ``pair/pair`` (§5.2, K-1, K-16)."""
    prime = fix.prime
    if prime is not None and prime != 1:
        if pair == prime:
            return f"PRIME SABACC ({BASE_NAMES[pair]})"
        if pair == 1:
            return "ACE SABACC"
    return BASE_NAMES[pair]


def rank_table(fix: Fix) -> list[dict[str, Any]]:
    """The 8-row hierarchy under ``fix`` as in §6.4 (``{"rank", "pair", "name"}`` rows)."""
    rows = [
        {"rank": i, "pair": f"{p}/{p}", "name": sabacc_name(p, fix)}
        for i, p in enumerate(sabacc_order(fix), start=1)
    ]
    rows.append({"rank": 8, "pair": "X/Y", "name": "NULHREK"})
    return rows
