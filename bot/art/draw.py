"""The painter: one card face, the card back and the emoji of a face, drawn in code with Pillow.

Original designs only: suit glyphs are geometric shapes drawn here, text uses the font that ships
inside Pillow (``ImageFont.load_default(size=…)``, Aileron), nothing is downloaded. Every face
shows its value large, its suit as a shape *and* as a word, and its colour, so colour alone never
tells two faces apart. Faces are drawn at twice their size and scaled down (smooth edges).
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from bot.art.decks import Colour, FaceSpec
from bot.art.words import face_text

__all__ = ["CARD_H", "CARD_W", "EMOJI", "draw_back", "draw_emoji", "draw_face", "font"]

CARD_W, CARD_H = 150, 210  # a face as it is composed into pictures (5:7)
EMOJI = 128  # Discord shows emojis from a 128 px square
SCALE = 2  # drawn at twice the size, then scaled down

PAPER: Colour = (250, 246, 236)
NIGHT: Colour = (30, 27, 42)
GOLD: Colour = (228, 180, 40)
Box = tuple[float, float, float, float]


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's own scalable font at ``size`` pixels (cached)."""
    return ImageFont.load_default(size=size)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _star(
    cx: float, cy: float, outer: float, inner: float, points: int
) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / points - math.pi / 2
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def glyph(draw: ImageDraw.ImageDraw, kind: str, box: Box, ink: Colour, paper: Colour) -> None:
    """Draw the suit shape ``kind`` filling ``box`` (left, top, right, bottom)."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    cx, cy = left + w / 2, top + h / 2
    line = max(2, round(w / 9))
    if kind == "circle":
        draw.ellipse(box, fill=ink)
    elif kind == "square":
        pad = w * 0.08
        draw.rectangle((left + pad, top + pad, right - pad, bottom - pad), fill=ink)
    elif kind == "triangle":
        draw.polygon([(cx, top), (right, bottom - h * 0.06), (left, bottom - h * 0.06)], fill=ink)
    elif kind == "diamond":
        draw.polygon([(cx, top), (right, cy), (cx, bottom), (left, cy)], fill=ink)
    elif kind == "drop":
        r = w * 0.36
        draw.ellipse((cx - r, bottom - 2 * r, cx + r, bottom), fill=ink)
        draw.polygon(
            [(cx, top), (cx + r * 0.97, bottom - r * 1.25), (cx - r * 0.97, bottom - r * 1.25)],
            fill=ink,
        )
    elif kind == "coin":
        draw.ellipse(box, fill=ink)
        ring = w * 0.18
        draw.ellipse((left + ring, top + ring, right - ring, bottom - ring), fill=paper)
        dot = w * 0.36
        draw.ellipse((left + dot, top + dot, right - dot, bottom - dot), fill=ink)
    elif kind == "flask":
        neck = w * 0.16
        draw.rectangle((cx - neck, top, cx + neck, top + h * 0.42), fill=ink)
        draw.rectangle((cx - neck * 1.6, top, cx + neck * 1.6, top + h * 0.1), fill=ink)
        draw.polygon(
            [
                (cx - neck, top + h * 0.38),
                (cx + neck, top + h * 0.38),
                (right, bottom - h * 0.1),
                (left, bottom - h * 0.1),
            ],
            fill=ink,
        )
        draw.rectangle((left, bottom - h * 0.14, right, bottom), fill=ink)
    elif kind == "saber":
        draw.line(
            [(left + w * 0.2, bottom - h * 0.2), (right - w * 0.05, top + h * 0.05)],
            fill=ink,
            width=line * 2,
        )
        draw.line(
            [(left + w * 0.05, bottom - h * 0.45), (left + w * 0.45, bottom - h * 0.05)],
            fill=ink,
            width=line * 2,
        )
        draw.line([(left, bottom), (left + w * 0.25, bottom - h * 0.25)], fill=ink, width=line * 3)
    elif kind == "stave":
        draw.rectangle((cx - line, top + h * 0.2, cx + line, bottom), fill=ink)
        r = w * 0.2
        draw.ellipse((cx - r, top, cx + r, top + 2 * r), fill=ink)
        draw.rectangle(
            (cx - w * 0.32, top + h * 0.5, cx + w * 0.32, top + h * 0.5 + line * 1.4), fill=ink
        )
    elif kind == "sylop":
        draw.ellipse(box, outline=ink, width=line * 2)
        draw.line(
            [(left + w * 0.08, bottom - h * 0.08), (right - w * 0.08, top + h * 0.08)],
            fill=ink,
            width=line * 2,
        )
    elif kind == "aspect":
        draw.polygon(_star(cx, cy, w / 2, w * 0.22, 8), fill=ink)
        r = w * 0.12
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=paper)
    else:
        raise ValueError(f"unknown glyph {kind!r}")


def _fit(
    draw: ImageDraw.ImageDraw, text: str, width: float, size: int
) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The largest font up to ``size`` in which ``text`` fits ``width``."""
    while size > 8:
        f = font(size)
        left, _top, right, _bottom = draw.textbbox((0, 0), text, font=f)
        if right - left <= width:
            return f
        size -= 2
    return font(size)


def _text(
    draw: ImageDraw.ImageDraw,
    text: str,
    cx: float,
    cy: float,
    width: float,
    size: int,
    ink: Colour,
    stroke: int = 0,
) -> None:
    f = _fit(draw, text, width, size)
    draw.text((cx, cy), text, font=f, fill=ink, anchor="mm", stroke_width=stroke, stroke_fill=ink)


def _wrap(text: str, limit: int) -> list[str]:
    """Words in at most two lines of about ``limit`` characters."""
    if len(text) <= limit or " " not in text:
        return [text]
    words = text.split()
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(text) / 2))
    return [" ".join(words[:best]), " ".join(words[best:])]


def _colours(spec: FaceSpec) -> tuple[Colour, Colour, Colour]:
    """(paper, ink, border) of a face."""
    if spec.dark:
        return NIGHT, _mix(spec.colour, (255, 255, 255), 0.45), spec.colour
    return PAPER, _mix(spec.colour, (0, 0, 0), 0.12), spec.colour


def draw_face(spec: FaceSpec) -> Image.Image:
    """The face of one card, ``CARD_W`` x ``CARD_H``, RGBA with rounded transparent corners."""
    w, h = CARD_W * SCALE, CARD_H * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    paper, ink, border = _colours(spec)
    radius = 22
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=border)
    draw.rounded_rectangle((10, 10, w - 11, h - 11), radius - 8, fill=paper)
    if spec.wild:
        draw.rounded_rectangle((18, 18, w - 19, h - 19), radius - 10, outline=GOLD, width=6)
        for x, y in ((44, 44), (w - 44, 44)):
            draw.polygon(_star(x, y, 20, 8, 5), fill=GOLD)
    # the value, large
    _text(draw, spec.value, w / 2, 112, w - 70, 150, ink, stroke=3)
    # the suit shape (a Kessel Sylop also shows its family's shape beside it)
    size = 104
    top = 196
    if spec.pip:
        glyph(draw, spec.glyph, (w / 2 - size - 4, top, w / 2 - 4, top + size), ink, paper)
        glyph(
            draw,
            spec.pip,
            (w / 2 + 14, top + 8, w / 2 + 14 + size - 16, top + size - 8),
            ink,
            paper,
        )
    else:
        glyph(draw, spec.glyph, (w / 2 - size / 2, top, w / 2 + size / 2, top + size), ink, paper)
    # the words: rank or role, then suit or name
    if spec.subtitle:
        _text(
            draw,
            face_text(spec.subtitle),
            w / 2,
            326,
            w - 50,
            30,
            GOLD if spec.wild else ink,
            stroke=1,
        )
    lines = _wrap(face_text(spec.title), 16)
    ys = (372,) if len(lines) == 1 else (358, 388)
    for line_text, y in zip(lines, ys, strict=True):
        _text(draw, line_text, w / 2, y, w - 44, 30, ink, stroke=1)
    return image.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


def draw_back() -> Image.Image:
    """The common card back: a night-blue card with a gold geometric pattern."""
    w, h = CARD_W * SCALE, CARD_H * SCALE
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), 22, fill=GOLD)
    draw.rounded_rectangle((10, 10, w - 11, h - 11), 14, fill=(24, 36, 74))
    cx, cy = w / 2, h / 2
    for i, r in enumerate(range(150, 20, -26)):
        colour = GOLD if i % 2 == 0 else (60, 82, 150)
        draw.polygon(
            [(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)],
            outline=colour,
            width=5,
        )
    draw.polygon(_star(cx, cy, 30, 12, 8), fill=GOLD)
    return image.resize((CARD_W, CARD_H), Image.Resampling.LANCZOS)


def draw_emoji(spec: FaceSpec) -> Image.Image:
    """A face for emoji size: the value filling the square, the suit shape(s) below it."""
    s = EMOJI * SCALE
    image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    paper, ink, border = _colours(spec)
    draw.rounded_rectangle((0, 0, s - 1, s - 1), 36, fill=GOLD if spec.wild else border)
    draw.rounded_rectangle((12, 12, s - 13, s - 13), 26, fill=paper)
    _text(draw, spec.value, s / 2, 92, s - 36, 150, ink, stroke=4)
    size = 64
    if spec.pip:
        glyph(draw, spec.glyph, (s / 2 - size - 6, 174, s / 2 - 6, 174 + size), ink, paper)
        glyph(draw, spec.pip, (s / 2 + 6, 174, s / 2 + 6 + size, 174 + size), ink, paper)
    else:
        glyph(draw, spec.glyph, (s / 2 - size / 2, 172, s / 2 + size / 2, 172 + size), ink, paper)
    return image.resize((EMOJI, EMOJI), Image.Resampling.LANCZOS)
