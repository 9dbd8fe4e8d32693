"""The words printed on card faces, in the reader's language.

A face (:class:`bot.art.decks.FaceSpec`) names its suit, rank or role in English capitals
(``SAND``, ``THE IDIOT``); :func:`face_text` prints it in the current reader's language
(:mod:`bot.i18n`), still in capitals. Application emojis print no word at all (value and shape
only: :func:`bot.art.draw.draw_emoji`), so one set serves every language.
"""

from __future__ import annotations

import re

from bot.i18n import N_, _

__all__ = ["FACE_WORDS", "face_text"]

#: The capitalised words of every deck, as the catalogs hold them.
FACE_WORDS = {
    "SAND": N_("Sand"),
    "BLOOD": N_("Blood"),
    "SYLOP": N_("Sylop"),
    "IMPOSTOR": N_("Impostor"),
    "CIRCLE": N_("Circle"),
    "SQUARE": N_("Square"),
    "TRIANGLE": N_("Triangle"),
    "COINS": N_("Coins"),
    "FLASKS": N_("Flasks"),
    "SABERS": N_("Sabers"),
    "STAVES": N_("Staves"),
    "ACE": N_("Ace"),
    "COMMANDER": N_("Commander"),
    "MISTRESS": N_("Mistress"),
    "MASTER": N_("Master"),
    "LEGATE": N_("Legate"),
    "WILD": N_("Wild"),
    "BALANCE": N_("Balance"),
    "DEMISE": N_("Demise"),
    "ENDURANCE": N_("Endurance"),
    "MODERATION": N_("Moderation"),
    "JUDGEMENT": N_("Judgement"),
    "THE IDIOT": N_("The Idiot"),
    "THE QUEEN OF AIR AND DARKNESS": N_("The Queen of Air and Darkness"),
    "THE EVIL ONE": N_("The Evil One"),
    "THE STAR": N_("The Star"),
    "THE MAGICIAN": N_("The Magician"),
    "THE MOTHER": N_("The Mother"),
    "THE FATHER": N_("The Father"),
    "THE FIFTH ASPECT": N_("The Fifth Aspect"),
    "THE LOVERS": N_("The Lovers"),
    "THE CHARIOT": N_("The Chariot"),
    "THE HERMIT": N_("The Hermit"),
    "THE WHEEL": N_("The Wheel"),
    "THE HANGED MAN": N_("The Hanged Man"),
    "THE TOWER": N_("The Tower"),
    "THE MOON": N_("The Moon"),
    "THE SUN": N_("The Sun"),
    "THE WORLD": N_("The World"),
}
_WORDS = re.compile(r"[A-Z][A-Z ]*[A-Z]")


def face_text(text: str) -> str:
    """``text`` as printed on a face for the current reader (``ACE 1/15`` -> ``AS 1/15``)."""
    return _WORDS.sub(lambda m: _(FACE_WORDS[m[0]]).upper() if m[0] in FACE_WORDS else m[0], text)
