"""What the bot asks for when it is added to a server, and why (``python -m bot invite``).

Public API (stable)::

    PERMISSIONS: dict[str, str]        # discord.Permissions flag name -> why the bot needs it
    BOT_PERMISSIONS: discord.Permissions   # exactly those flags
    SCOPES: tuple[str, ...]            # ("bot", "applications.commands")
    invite_url(application_id) -> str  # the OAuth2 URL that adds the bot with both
    permissions_table() -> str         # README's table (a block of ``python -m bot.docgen``)

Nothing else is asked: no privileged intents, no Manage Messages, no External Emojis (card
emojis are the application's own), no administrator.
"""

from __future__ import annotations

import discord

__all__ = ["BOT_PERMISSIONS", "PERMISSIONS", "SCOPES", "invite_url", "permissions_table"]

#: What the bot needs in the channels where tables are played, and why (README's wording).
PERMISSIONS: dict[str, str] = {
    "view_channel": "see the channel where a table is played",
    "send_messages": "post the table message (command replies need no permission)",
    "embed_links": "tables, balances, leaderboards and stats are embeds",
    "attach_files": "upload the showdown picture with each hand's result",
    "read_message_history": "find and edit its own table message again after a restart",
    "create_events": "announce a tournament's start time as a server event (optional)",
    "create_public_threads": "seat a multi-table tournament's tables in threads",
    "send_messages_in_threads": "post those tables' messages in their threads",
}
BOT_PERMISSIONS = discord.Permissions(**dict.fromkeys(PERMISSIONS, True))
SCOPES: tuple[str, ...] = ("bot", "applications.commands")
_SCOPE_REASONS = {
    "bot": "adds the bot user to the server",
    "applications.commands": "registers its slash commands",
}


def invite_url(application_id: int) -> str:
    """The OAuth2 URL that adds the bot with :data:`SCOPES` and :data:`BOT_PERMISSIONS`."""
    return discord.utils.oauth_url(application_id, permissions=BOT_PERMISSIONS, scopes=SCOPES)


def _title(flag: str) -> str:
    return flag.replace("_", " ").title()


def permissions_table() -> str:
    """The Markdown table of every scope and permission the invite asks for, with why."""
    rows = ["| Scope / permission | Why |", "|---|---|"]
    rows += [f"| `{scope}` scope | {_SCOPE_REASONS[scope]} |" for scope in SCOPES]
    rows += [f"| {_title(flag)} | {why} |" for flag, why in PERMISSIONS.items()]
    return "\n".join(rows)
