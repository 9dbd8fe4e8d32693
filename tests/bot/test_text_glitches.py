"""Text glitches players saw (issue #25 point 19), one test each: each failed before its fix."""

from __future__ import annotations

import re
from pathlib import Path

from bot import words
from bot.art.compose import ShowRow, showdown_image
from bot.art.decks import shown_values
from bot.demo.headless import run_headless
from bot.history.views import namer, verdict_embed
from bot.tables.handlog import played
from engine.core.game import Action
from engine.variants import get_variant
from engine.variants.kessel.cards import Family, evaluate, parse_hand
from engine.variants.kessel.rank import Fix
from engine.verify import Verdict

ROOT = Path(__file__).resolve().parents[2]


def test_a_bot_is_named_with_one_robot_in_a_replay() -> None:
    # records keep a bot seat's display name ("🤖 IG-88") beside "bot": true
    name = namer([{"seat": 0, "id": "bot-1", "name": "🤖 IG-88", "bot": True}])
    assert name("bot-1 checks.") == "🤖 IG-88 checks."
    older = namer([{"seat": 0, "id": "bot-1", "name": "IG-88", "bot": True}])
    assert older("bot-1 checks.") == "🤖 IG-88 checks."


def test_what_a_timeout_played_keeps_its_subject() -> None:
    game = get_variant("coruscant-shift").create(["p0", "p1"], buy_in=50, options={}, seed=3)
    seat = min(game.pending_seats())
    events = game.apply(seat, game.default_action(seat))
    # "I played for them: p0 has chosen", not "I played for them: has chosen"
    assert played("coruscant-shift", events, f"p{seat}") == f"p{seat} has chosen"


def test_verify_names_the_hand_once() -> None:
    row = {"variant": "classic", "id": 1, "hand_no": 1, "commitment": "ab", "seed": "cd"}
    title = verdict_embed(row, Verdict(True, ())).title
    assert title == "Classic Sabacc — hand #1, hand 1 of its game"
    kessel = {**row, "variant": "kessel", "id": 7, "hand_no": 2}
    assert verdict_embed(kessel, Verdict(True, ())).title == (
        "Kessel Sabacc — hand #7, round 2 of its game"
    )


def test_kessel_token_choice_says_its_phase_once_and_no_round_zero() -> None:
    game = get_variant("kessel").create(["a", "b"], buy_in=90, options={}, seed=1)
    view = words.table_text("kessel", game.public_view())
    assert view.phase == "Choosing Shift Tokens" and view.highlight == ""
    assert [name for name, _ in view.info if name in ("Round", "Turn")] == []
    for seat in sorted(game.pending_seats()):
        game.apply(seat, Action("select_tokens"))
    started = words.table_text("kessel", game.public_view())
    assert ("Round", "1") in started.info and started.highlight == "Round 1 · Turn 1/3"


# Where each variant's name for a hand that is not a Sabacc comes from: the seeds' rule texts
# spell it Nulhrek (Kessel, Classic, Centran); the Galaxy's Edge card of Corellian Spike spells
# it Nulrhek (docs/rules/README.md says so).
SPELLING = {
    "kessel": ("Nulhrek", ["docs/rules/kessel.md", "cogs/kessel.py", "engine/variants/kessel"]),
    "classic": ("Nulhrek", ["docs/rules/classic.md", "bot/words/classic.py"]),
    "centran": ("Nulhrek", ["docs/rules/centran.md", "cogs/centran.py", "engine/variants/centran"]),
    "corellian-spike": (
        "Nulrhek",
        ["docs/rules/corellian-spike.md", "cogs/spike.py", "engine/variants/corellian_spike"],
    ),
}


def _files(place: Path) -> list[Path]:
    return [place] if place.suffix in (".md", ".py") else sorted(place.rglob("*.py"))


def test_each_variant_spells_nulhrek_as_its_source_and_the_rules_say_so() -> None:
    readme = (ROOT / "docs/rules/README.md").read_text(encoding="utf-8")
    assert "Nulhrek" in readme and "Nulrhek" in readme  # the choice per variant is explained
    for variant, (spelling, places) in SPELLING.items():
        other = "Nulrhek" if spelling == "Nulhrek" else "Nulhrek"
        files = [path for place in places for path in _files(ROOT / place)]
        for path in files:
            text = path.read_text(encoding="utf-8")
            assert not re.search(other, text, re.IGNORECASE), (variant, path)


async def test_the_next_hands_commitment_follows_the_last_hands_result(tmp_path: Path) -> None:
    result = await run_headless(
        "kessel", hands=2, players=3, seed=1, db=tmp_path / "k.db", out=lambda _l: None
    )
    lines = result.transcript
    result_at = lines.index("── Round 1 ──")
    locked = next(i for i, line in enumerate(lines) if line.startswith("  🔒 hand 2 "))
    begins = next(i for i, line in enumerate(lines) if "Round 2 begins" in line)
    assert result_at < locked < begins


def test_a_rolled_impostor_shows_its_value_in_the_showdown_picture() -> None:
    cards = ("sand:impostor", "blood:3")
    hand = evaluate(parse_hand(cards), Fix(), {Family.SAND: 3})
    values = shown_values("kessel", cards, hand)
    assert values == ("3", "")  # the "?" of the Impostor's face gives way to its roll
    assert shown_values("kessel", ("sand:2", "blood:3"), hand) == ()
    rolled = showdown_image("kessel", [ShowRow("Rey", cards, "3/3 Royal Sabacc", True, 0, values)])
    unknown = showdown_image("kessel", [ShowRow("Rey", cards, "3/3 Royal Sabacc", True)])
    assert rolled.tobytes() != unknown.tobytes()


def test_coruscant_current_bet_leaves_with_its_betting_round() -> None:
    game = get_variant("coruscant-shift").create(["a", "b", "c"], buy_in=100, options={}, seed=0)
    state = game.state
    # bet 5 in round 1's betting and call it, until round 2's selection starts
    while not (state.phase.selecting and state.phase.round_no == 2):
        seat = min(game.pending_seats())
        kinds = [spec.kind for spec in game.legal_actions(seat)]
        action = Action("bet", 5) if "bet" in kinds else Action("call")
        game.apply(seat, action if action.kind in kinds else game.default_action(seat))
    assert state.bet.current_bet == 5  # the engine keeps the last bet until betting reopens
    view = words.table_text("coruscant-shift", game.public_view())
    assert view.phase == "Round 2 · selection"
    assert "Current bet" not in dict(view.info)
