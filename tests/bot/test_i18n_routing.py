"""Who reads what (issue #26 point 2): a member's replies, pickers and hand in their own Discord
language; the table message and results in the server's; an admin's ``/language`` choice
(stored, so it survives a restart) overrides the server's preferred locale; an unsupported
language falls back to English."""

from __future__ import annotations

from typing import Any

from bot.i18n.readers import CHOSEN
from engine.variants.kessel.state import Phase
from tests.bot.test_kessel_table import policy, state
from tests.bot.variant_table import dms, start_seeded
from tests.helpers import World, member_locales, text_of
from tests.table_driver import play, table_message

SEED = 4


def embed_title(message: Any) -> str:
    (embed,) = message.embeds
    return str(embed.title)


async def test_a_french_member_at_an_english_table(world: World) -> None:
    with member_locales({world.alice.id: "fr", world.bob.id: "ja"}):
        rules = await world.alice.slash(world.channel, "kessel rules")
        assert rules.ephemeral and embed_title(rules.response) == "Sabacc de Kessel — règles"
        await start_seeded(world, "kessel", SEED, players=2)
        message = table_message(world)
        assert embed_title(message).startswith("Kessel Sabacc")  # the server's language
        mine = await world.alice.click(message, custom_id=f"sabacct:{_table(world)}:hand")
        assert mine.ephemeral and "Votre main" in text_of(mine.response)
        theirs = await world.bob.click(message, custom_id=f"sabacct:{_table(world)}:hand")
        assert "Your hand" in text_of(theirs.response)  # Japanese is not spoken: English
        await play(world, policy, stop=lambda t: state(t).phase is not Phase.SELECT)
        refused = await world.alice.slash(world.channel, "kessel join")
        assert refused.ephemeral and "La partie a déjà commencé" in text_of(refused.response)
    hands = dms(world.alice)
    assert hands and all("Votre main" in text for text in hands)  # her language, remembered
    assert all("Your hand" in text for text in dms(world.bob))


async def test_an_admin_chooses_the_servers_language(world: World, restart: Any) -> None:
    command = world.bot.tree.get_command("language")
    assert command is not None and command.default_permissions is not None
    assert command.default_permissions.manage_guild  # members without Manage Server never see it
    chosen = await world.admin.slash(world.channel, "language", language="de")
    assert (
        chosen.ephemeral
        and text_of(chosen.response) == "Tables and results here are now in Deutsch."
    )
    await restart()  # stored: the next process speaks it too
    assert {world.guild.id: "de"} == CHOSEN
    await start_seeded(world, "kessel", SEED, players=2)
    assert embed_title(table_message(world)).startswith("Kessel-Sabacc")
    rules = await world.alice.slash(world.channel, "kessel rules")
    assert embed_title(rules.response) == "Kessel Sabacc — rules"  # alice reads English
    back = await world.admin.slash(world.channel, "language", language="preferred")
    assert "follow the server's preferred locale: English" in text_of(back.response)
    assert CHOSEN == {}


def _table(world: World) -> int:
    from tests.table_driver import table_in

    return table_in(world).id


def test_a_stored_best_hand_is_named_in_the_readers_language() -> None:
    """``/stats`` shows a Kessel best hand from the key it was stored under (English: as is)."""
    from bot import words
    from bot.i18n import using

    stored = ("3/3 ROYAL SABACC", "2/5 NULHREK (difference 3)", "4/4 PRIME SABACC (LOW SABACC)")
    assert [words.hand_name("kessel", key) for key in stored] == list(stored)
    with using("fr"):
        assert [words.hand_name("kessel", key) for key in stored] == [
            "3/3 SABACC ROYAL",
            "2/5 NULHREK (écart 3)",
            "4/4 SABACC PREMIER (SABACC BAS)",
        ]
        assert words.hand_name("kessel", "written before") == "written before"
