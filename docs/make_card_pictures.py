"""Regenerate the card pictures of the README: ``.venv/bin/python docs/make_card_pictures.py``.

* ``docs/cards-hand.png``: a private hand as a player receives it (a seeded Coruscant Shift deal);
* ``docs/cards-showdown.png``: the showdown picture of the first reveal of a seeded Classic game
  played by the engine's bot opponents, drawn by the bot's own code path;
* ``docs/cards-faces.png``: a few faces of every deck, the card back and some emojis.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.art.attach import showdown_rows
from bot.art.compose import FELT, back_image, face_image, hand_png, showdown_png
from bot.art.decks import deck_faces
from bot.art.draw import CARD_H, CARD_W, draw_emoji
from bot.tables.models import Seat, Status, Table
from engine.bots import choose_action
from engine.core.game import Event, Reveals
from engine.variants import get_variant

HERE = Path(__file__).resolve().parent
NAMES = ("Lando", "Han", "Qi'ra", "Beckett")


def table_of(variant: str, players: int, seed: int) -> Table:
    """A started table of ``players`` seats playing a seeded game of ``variant``."""
    info = get_variant(variant)
    seats = [Seat(-(i + 1), NAMES[i], "balanced") for i in range(players)]
    game = info.create(
        tuple(s.player_id for s in seats),
        buy_in=info.buy_in_presets[info.default_preset],
        options={},
        seed=seed,
    )
    return Table(1, 1, 1, info, 1, 100, 90, status=Status.PLAYING, seats=seats, game=game)


def first_showdown(table: Table) -> tuple[Event, ...]:
    """Play with the bot opponents until the events of a reveal with at least two hands."""
    game = table.game
    assert game is not None
    while not game.finished:
        seat = min(game.pending_seats())
        events = game.apply(seat, choose_action(table.variant.id, game, seat, "balanced"))
        shown = [h for e in events if isinstance(e, Reveals) for h in e.shown_hands()]
        if len(shown) >= 2:
            return events
    raise RuntimeError("the game ended without a showdown")


def faces_sheet() -> Image.Image:
    """Eight faces of each deck in a row, then the back and emojis."""
    picks = {
        "kessel": [
            "sand:1",
            "sand:6",
            "sand:impostor",
            "sand:sylop",
            "blood:3",
            "blood:impostor",
            "blood:sylop",
            "blood:6",
        ],
        "coruscant": [
            "circle:+7",
            "circle:-3",
            "triangle:+10",
            "triangle:-1",
            "square:+4",
            "square:-9",
            "sylop",
            "circle:+1",
        ],
        "classic": [
            "coins:7",
            "flasks:12",
            "sabers:15",
            "staves:1",
            "idiot",
            "queen",
            "star",
            "evil_one",
        ],
        "centran": [
            "coins:ace",
            "flasks:5",
            "sabers:11",
            "staves:14",
            "major:0",
            "major:-5",
            "major:-17",
            "major:-21",
        ],
    }
    gap = 12
    width = gap + 8 * (CARD_W + gap)
    height = gap + 4 * (CARD_H + gap) + 64 + gap
    sheet = Image.new("RGB", (width, height), FELT)
    for row, (deck, cards) in enumerate(picks.items()):
        for col, card in enumerate(cards):
            tile = face_image(deck, card)
            sheet.paste(tile, (gap + col * (CARD_W + gap), gap + row * (CARD_H + gap)), tile)
    y = gap + 4 * (CARD_H + gap)
    back = back_image().resize((46, 64))
    sheet.paste(back, (gap, y), back)
    specs = [
        s for deck in ("kessel", "coruscant", "classic", "centran") for s in deck_faces(deck)[::9]
    ]
    for i, spec in enumerate(specs[:24]):
        icon = draw_emoji(spec).resize((44, 44), Image.Resampling.LANCZOS)
        sheet.paste(icon, (gap + 60 + i * 50, y + 10), icon)
    return sheet


def main() -> int:
    """Write the three pictures."""
    table = table_of("coruscant-shift", 2, seed=3)
    assert table.game is not None
    hand = table.game.view_for(0).hand
    (HERE / "cards-hand.png").write_bytes(hand_png("coruscant", hand))
    table = table_of("classic", 4, seed=21)
    rows = showdown_rows(table, first_showdown(table))
    (HERE / "cards-showdown.png").write_bytes(showdown_png("classic", rows))
    faces_sheet().save(HERE / "cards-faces.png", optimize=True)
    print("wrote docs/cards-hand.png, docs/cards-showdown.png, docs/cards-faces.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
