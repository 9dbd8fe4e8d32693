"""Which faces exist: every distinct card of every deck the engines use, keyed by the engine's
own card notation, with what the painter needs to draw it (value, suit, colours, names).

Each variant's registration names its deck (:attr:`engine.core.game.VariantInfo.deck`: the
deck's id, its faces and how a notation maps to a face); this module only maps those faces to
art. Decks (variants sharing a deck share its faces):

* ``kessel``: Sand and Blood 1–6, Impostor, Sylop (16 faces; copies look alike);
* ``coruscant``: three suits ±1…±10 and the Sylop (61 faces); Corellian Spike uses the same
  notation (``docs/rules/corellian-spike.md`` §1.2), so it shares these faces;
* ``classic``: four suits 1–15 and the eight special cards (68 faces), also the Sabacc Project's;
* ``centran``: four suits Ace–14 and the 22 Major cards (78 faces), Wild Fives marked.

:func:`face_key` turns whatever the engine shows (``queen#2``, ``sylop#2``, ``blood:imposter``)
into the face's key (the engine deck's own ``face_key``); :func:`find_face_in` finds a card
named in an option label.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.i18n import SOURCE, using
from bot.words.centran_log import card_name as centran_card_name
from bot.words.classic import card_name as classic_card_name
from bot.words.kessel_log import card_name as kessel_card_name
from engine.core.deck import CardDeck
from engine.variants import UnknownVariant, get_variant, variant_ids
from engine.variants.centran import cards as centran
from engine.variants.classic import cards as classic
from engine.variants.coruscant import cards as coruscant
from engine.variants.kessel import cards as kessel

__all__ = [
    "DECKS",
    "FaceSpec",
    "deck_faces",
    "deck_of",
    "face",
    "face_key",
    "face_name",
    "find_face_in",
]

Colour = tuple[int, int, int]

# Suit inks: each suit also has its own glyph shape and its name printed on the card, so a
# colour-blind player never needs the colour (issue #15).
SAND: Colour = (201, 142, 28)
BLOOD: Colour = (176, 32, 44)
SYLOP: Colour = (112, 60, 170)
CORUSCANT: Mapping[str, Colour] = {
    "circle": (36, 104, 196),
    "triangle": (28, 138, 74),
    "square": (214, 108, 20),
}
CLASSIC: Mapping[str, Colour] = {
    "coins": (190, 140, 16),
    "flasks": (18, 128, 146),
    "sabers": (184, 36, 48),
    "staves": (70, 120, 36),
}
MAJOR: Colour = (88, 56, 150)

SHORT: Mapping[str, str] = {"kessel": "k", "coruscant": "c", "classic": "s", "centran": "n"}


@dataclass(frozen=True, slots=True)
class FaceSpec:
    """One face: what the painter draws and how it is named.

    ``value`` is the big text (``3``, ``+7``, ``-13``, ``A``, ``?``), ``glyph`` the suit shape
    (see :mod:`bot.art.draw`), ``title``/``subtitle`` the words printed at the bottom (the suit or
    the card's name, then a rank name or ``WILD``), ``dark`` a dark card (negative or special),
    ``wild`` a Centran Wild Five, ``name`` what players read (alt text, option labels).
    """

    deck: str
    key: str
    value: str
    glyph: str
    colour: Colour
    title: str
    subtitle: str = ""
    dark: bool = False
    wild: bool = False
    name: str = ""
    pip: str = ""  # a second, small shape (a Kessel Sylop's family)

    @property
    def slug(self) -> str:
        """A short identifier of this face for emoji names: ``[a-z0-9_]`` only."""
        text = self.key.replace("+", "p").replace("-", "m").replace(":", "_")
        return SHORT[self.deck] + "_" + re.sub(r"[^a-z0-9_]", "", text)


def _kessel(cards: tuple[kessel.Card, ...]) -> list[FaceSpec]:
    faces = []
    for card in cards:
        family, value = card.family, card.face
        glyph = "diamond" if family is kessel.Family.SAND else "drop"
        colour = SAND if family is kessel.Family.SAND else BLOOD
        title = family.value.upper()
        if value is kessel.Face.SYLOP:
            faces.append(
                FaceSpec(
                    "kessel",
                    card.notation,
                    "=",  # a Sylop copies the other card (kessel.md §5.1)
                    "sylop",
                    colour,
                    title,
                    "SYLOP",
                    name=kessel_card_name(card.notation),
                    pip=glyph,
                )
            )
        elif value is kessel.Face.IMPOSTOR:
            faces.append(
                FaceSpec(
                    "kessel",
                    card.notation,
                    "?",
                    glyph,
                    colour,
                    title,
                    "IMPOSTOR",
                    dark=True,
                    name=kessel_card_name(card.notation),
                )
            )
        else:
            faces.append(
                FaceSpec(
                    "kessel",
                    card.notation,
                    value.value,
                    glyph,
                    colour,
                    title,
                    name=kessel_card_name(card.notation),
                )
            )
    return faces


def _coruscant(cards: tuple[coruscant.Card, ...]) -> list[FaceSpec]:
    faces = []
    for card in cards:
        if card.suit is None:
            faces.append(
                FaceSpec(
                    "coruscant",
                    card.notation,
                    "0",
                    "sylop",
                    SYLOP,
                    "SYLOP",
                    "WILD",
                    name=card.display,
                )
            )
            continue
        suit = card.suit.value
        faces.append(
            FaceSpec(
                "coruscant",
                card.notation,
                f"{card.value:+d}",
                suit,
                CORUSCANT[suit],
                suit.upper(),
                dark=card.value < 0,
                name=card.display,
            )
        )
    return faces


GLYPHS = {"coins": "coin", "flasks": "flask", "sabers": "saber", "staves": "stave"}


def _classic(cards: tuple[classic.Card, ...]) -> list[FaceSpec]:
    faces = []
    for card in cards:
        if card.special is not None:
            title = classic.SPECIAL_NAMES[card.special].upper()
            faces.append(
                FaceSpec(
                    "classic",
                    card.plain,
                    str(card.value),
                    "aspect",
                    MAJOR,
                    title,
                    dark=True,
                    name=card.name.split(" (")[0],
                )
            )
            continue
        assert card.suit is not None
        rank = classic.RANK_NAMES.get(card.rank, "").upper()
        faces.append(
            FaceSpec(
                "classic",
                card.plain,
                str(card.rank),
                GLYPHS[card.suit],
                CLASSIC[card.suit],
                card.suit.upper(),
                rank,
                name=card.name.split(" (")[0],
            )
        )
    return faces


def _centran(cards: tuple[centran.Card, ...]) -> list[FaceSpec]:
    faces = []
    for card in cards:
        wild = card.is_five
        if card.is_major:
            title = centran.MAJOR_NAMES[-card.rank].upper()
            faces.append(
                FaceSpec(
                    "centran",
                    card.notation,
                    str(card.rank),
                    "aspect",
                    MAJOR,
                    title,
                    "WILD" if wild else "",
                    dark=True,
                    wild=wild,
                    name=card.name.split(" (")[0],
                )
            )
            continue
        if card.is_ace:
            value, rank = "A", "ACE 1/15"
        else:
            value, rank = str(card.rank), centran.RANK_NAMES.get(card.rank, "").upper()
        faces.append(
            FaceSpec(
                "centran",
                card.notation,
                value,
                GLYPHS[card.suit],
                CLASSIC[card.suit],
                card.suit.upper(),
                "WILD" if wild else rank,
                wild=wild,
                name=card.name.split(" (")[0],
            )
        )
    return faces


_BUILDERS: Mapping[str, Callable[[Any], list[FaceSpec]]] = {
    "kessel": _kessel,
    "coruscant": _coruscant,
    "classic": _classic,
    "centran": _centran,
}
DECKS: tuple[str, ...] = tuple(_BUILDERS)
"""The decks with card art."""


@cache
def _engine_decks() -> dict[str, CardDeck]:
    """Deck id -> the engine's deck, from every variant's registration."""
    return {info.deck.id: info.deck for info in map(get_variant, variant_ids())}


def face_name(spec: FaceSpec) -> str:
    """What players read for a face (alt text), in the current reader's language."""
    if spec.deck == "kessel":
        return kessel_card_name(spec.key)
    if spec.deck == "classic":
        return classic_card_name(spec.key).split(" (")[0]
    if spec.deck == "centran":
        return centran_card_name(spec.key).split(" (")[0]
    return spec.name


def deck_of(variant_id: str) -> str | None:
    """The deck a variant plays with (``None`` for an unknown variant or a deck without art)."""
    try:
        deck = get_variant(variant_id).deck.id
    except UnknownVariant:
        return None
    return deck if deck in _BUILDERS else None


@cache
def deck_faces(deck: str) -> tuple[FaceSpec, ...]:
    """Every distinct face of ``deck`` in the engine's deck order (its ``name`` in English: a
    face is built once for every reader; the words printed on it are translated when drawn)."""
    with using(SOURCE):
        return tuple(_BUILDERS[deck](_engine_decks()[deck].faces()))


@cache
def _by_key(deck: str) -> dict[str, FaceSpec]:
    return {spec.key: spec for spec in deck_faces(deck)}


def face_key(deck: str, notation: str) -> str | None:
    """The key of the face a card notation shows (copy indexes dropped), ``None`` if it is not a
    card of ``deck``."""
    try:
        key = _engine_decks()[deck].face_key(notation)
    except ValueError:
        return None
    return key if key in _by_key(deck) else None


def shown_values(deck: str, cards: tuple[str, ...], hand: object) -> tuple[str, ...]:
    """What a shown hand made of its cards whose face has no value of its own: a Kessel
    Impostor shows the value its roll gave it (the hand's values are Sand then Blood); ``()``
    when every card shows its own face."""
    if deck != "kessel" or not isinstance(hand, kessel.HandEval):
        return ()
    values = tuple(
        str(hand.values[i]) if card.endswith(":impostor") and i < 2 else ""
        for i, card in enumerate(cards)
    )
    return values if any(values) else ()


def face(deck: str, notation: str) -> FaceSpec | None:
    """The face of a card notation of ``deck`` (``None`` if it is not one)."""
    key = face_key(deck, notation)
    return None if key is None else _by_key(deck)[key]


@cache
def _names(deck: str) -> tuple[tuple[str, FaceSpec], ...]:
    """(readable name, face), longest names first (``10 of Coins`` before ``1 of Coins``)."""
    pairs = [(spec.name, spec) for spec in deck_faces(deck) if spec.name]
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


def find_face_in(deck: str, value: str, label: str) -> FaceSpec | None:
    """The card an option stands for: its value if that is a card notation, else the first card
    name its label mentions (``Keep Sand 4 (drawn) → …``), else ``None``."""
    spec = face(deck, value)
    if spec is not None:
        return spec
    for name, candidate in _names(deck):
        if re.search(rf"(?<![\w+-]){re.escape(name)}(?!\w)", label):
            return candidate
    return None
