"""Pictures made of cached faces: a private hand, a showdown, an emoji image.

Each face is painted once per process (:func:`face_image`, cached) and pictures only paste cached
faces. Every PNG made here records the faces it was composed from in a ``faces`` text chunk
(``deck:key`` per face, backs not listed): tests read it from real attachments to prove a public
picture only shows revealed cards, and re-compose the picture from it to prove the record true.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw, PngImagePlugin

from bot.art.decks import FaceSpec, deck_faces, face
from bot.art.draw import CARD_H, CARD_W, GOLD, draw_back, draw_emoji, draw_face, font
from bot.i18n import SOURCE, _, locale_code, using

__all__ = [
    "SMALL",
    "ShowRow",
    "back_image",
    "emoji_png",
    "face_image",
    "faces_of_png",
    "hand_image",
    "hand_png",
    "png_bytes",
    "showdown_image",
    "showdown_png",
]

FELT = (22, 58, 46)
GAP = 10
SMALL = 0.7  # faces in a showdown, relative to a hand's
LABEL_W = 250
WIN = (255, 214, 90)
Z_RLE = 3  # zlib's run-length strategy
DIM = (150, 160, 160)


@cache
def _face(spec: FaceSpec, locale: str = SOURCE) -> Image.Image:
    with using(locale):  # the words printed on it
        return draw_face(spec)


def _scaled(image_id: str, scale: float, value: str = "") -> Image.Image:
    """A cached face or back at ``scale`` (``back`` or ``deck|key``), in the current reader's
    language; ``value`` in place of the face's big text when given (an Impostor showing the value
    its roll gave it)."""
    return _scaled_in(image_id, scale, value, locale_code())


@cache
def _scaled_in(image_id: str, scale: float, value: str, locale: str) -> Image.Image:
    if image_id == "back":
        full = back_image()
    else:
        deck, key = image_id.split("|", 1)
        spec = face(deck, key)
        assert spec is not None
        full = _face(dataclasses.replace(spec, value=value) if value else spec, locale)
    if scale == 1.0:
        return full
    size = (round(CARD_W * scale), round(CARD_H * scale))
    return full.resize(size, Image.Resampling.LANCZOS)


@cache
def back_image() -> Image.Image:
    """The card back (cached)."""
    return draw_back()


def face_image(deck: str, notation: str, scale: float = 1.0, value: str = "") -> Image.Image:
    """The cached face of a card notation of ``deck``; the back if it is not a card there;
    ``value`` in place of its big text when given."""
    spec = face(deck, notation)
    return _scaled("back" if spec is None else f"{deck}|{spec.key}", scale, value)


@cache
def emoji_png(deck: str, key: str) -> bytes:
    """The 128 px emoji image of one face (PNG bytes, cached)."""
    spec = face(deck, key)
    assert spec is not None, (deck, key)
    return png_bytes(draw_emoji(spec), ())


def png_bytes(image: Image.Image, faces: Sequence[str]) -> bytes:
    """``image`` as PNG, recording the composed faces (``deck:key``) in a ``faces`` chunk."""
    info = PngImagePlugin.PngInfo()
    info.add_text("faces", " ".join(faces))
    out = io.BytesIO()
    # fastest zlib level with run-length matching: encoding is most of a picture's cost
    image.save(out, "PNG", pnginfo=info, compress_level=1, compress_type=Z_RLE)
    return out.getvalue()


def faces_of_png(data: bytes) -> list[str]:
    """The ``deck:key`` faces a PNG made here was composed from."""
    with Image.open(io.BytesIO(data)) as image:
        text = image.info.get("faces", "")
    return str(text).split()


def _keys(deck: str, cards: Sequence[str]) -> list[str]:
    keys = []
    for card in cards:
        spec = face(deck, card)
        if spec is not None:
            keys.append(f"{deck}:{spec.key}")
    return keys


def hand_image(deck: str, cards: Sequence[str]) -> Image.Image:
    """The cards side by side on felt (a card that is not of ``deck`` shows its back)."""
    n = max(1, len(cards))
    image = Image.new("RGB", (GAP + n * (CARD_W + GAP), CARD_H + 2 * GAP), FELT)
    for i, card in enumerate(cards):
        tile = face_image(deck, card)
        image.paste(tile, (GAP + i * (CARD_W + GAP), GAP), tile)
    return image


def hand_png(deck: str, cards: Sequence[str], locale: str = SOURCE) -> bytes:
    """:func:`hand_image` as PNG bytes, its words in ``locale`` (painted in a worker process:
    the language is an argument)."""
    with using(locale):
        return png_bytes(hand_image(deck, cards), _keys(deck, cards))


@dataclass(frozen=True, slots=True)
class ShowRow:
    """One seat in a showdown: shown cards (notations) or ``face_down`` backs, hand name."""

    name: str
    cards: tuple[str, ...] = ()
    hand: str = ""
    winner: bool = False
    face_down: int = 0
    values: tuple[str, ...] = ()  # per card: the value the hand gave it ("": the card's own)


def plain(text: str, limit: int) -> str:
    """``text`` in characters Pillow's font has (Latin; a minus sign as ``-``; others dropped),
    cut to ``limit`` characters."""
    text = text.replace("\u2212", "-").replace("\u2026", "...")
    text = " ".join("".join(ch for ch in text if ord(ch) < 0x250).split())
    return text if len(text) <= limit else text[: limit - 3].rstrip() + "..."


def _label(draw: ImageDraw.ImageDraw, row: ShowRow, top: int, height: int) -> None:
    name = plain(row.name, 18) or "?"
    colour = WIN if row.winner else (240, 240, 235)
    y = top + height // 2 - (22 if row.hand or row.winner else 0)
    draw.text(
        (GAP * 2, y),
        name,
        font=font(26),
        fill=colour,
        anchor="lm",
        stroke_width=1,
        stroke_fill=colour,
    )
    detail = plain(row.hand if row.cards else (row.hand or _("folded")), 26)
    if detail:
        draw.text(
            (GAP * 2, y + 32),
            detail,
            font=font(19),
            fill=DIM if not row.cards else (220, 225, 220),
            anchor="lm",
        )
    if row.winner:
        draw.text(
            (GAP * 2, y + 58),
            _("WINNER"),
            font=font(18),
            fill=WIN,
            anchor="lm",
            stroke_width=1,
            stroke_fill=WIN,
        )


@cache
def _dim_back() -> Image.Image:
    """A small, half-faded back: a hand that was not shown."""
    back = _scaled("back", SMALL).copy()
    back.putalpha(back.getchannel("A").point(lambda a: a * 6 // 10))
    return back


def showdown_image(deck: str, rows: Sequence[ShowRow]) -> Image.Image:
    """One row per seat: name and hand name on the left, the cards (or backs) on the right;
    winners framed in gold."""
    w, h = round(CARD_W * SMALL), round(CARD_H * SMALL)
    most = max((len(r.cards) or r.face_down for r in rows), default=1)
    row_h = h + 2 * GAP
    width = LABEL_W + max(most, 2) * (w + GAP) + 2 * GAP
    image = Image.new("RGB", (width, GAP + len(rows) * (row_h + GAP)), FELT)
    draw = ImageDraw.Draw(image)
    for index, row in enumerate(rows):
        top = GAP + index * (row_h + GAP)
        if row.winner:
            draw.rounded_rectangle(
                (GAP // 2, top, width - GAP // 2, top + row_h),
                14,
                outline=GOLD,
                width=4,
                fill=(34, 78, 60),
            )
        _label(draw, row, top, row_h)
        values = row.values or ("",) * len(row.cards)
        tiles = [face_image(deck, c, SMALL, v) for c, v in zip(row.cards, values, strict=True)]
        tiles = tiles or [_dim_back()] * row.face_down
        for i, tile in enumerate(tiles):
            image.paste(tile, (LABEL_W + i * (w + GAP), top + GAP), tile)
    return image


def showdown_png(deck: str, rows: Sequence[ShowRow], locale: str = SOURCE) -> bytes:
    """:func:`showdown_image` as PNG bytes, its words in ``locale``."""
    faces = [key for row in rows for key in _keys(deck, row.cards)]
    with using(locale):
        return png_bytes(showdown_image(deck, rows), faces)


def warm(deck: str) -> None:
    """Paint every face of ``deck`` now (start-up, off the event loop)."""
    for spec in deck_faces(deck):
        _face(spec)
