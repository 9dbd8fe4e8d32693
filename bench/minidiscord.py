"""Discord's answers for the routes the table runtime uses, and the real bot wired to them.

:class:`MiniDiscord` is the ``responder`` behind :class:`bench.limits.LimitedSession`: it keeps
the messages it was asked to create and edit (channel posts, DMs, interaction replies and
follow-ups) and answers with the payloads discord.py parses, and calls ``seen(kind, channel,
message, token)`` for every message that went out, so a benchmark sees what players see when
they see it. Unknown routes answer 404 and are counted (``unknown``) so a gap shows.

:func:`start_bot` builds the production bot (:func:`bot.client.create_bot`: its cogs, its
runtime, discord.py's own HTTP client and view store), logged in to nobody: a guild of text
channels and the bot's member are put in discord.py's cache directly, and clicks arrive as
``INTERACTION_CREATE`` payloads (:meth:`MiniDiscord.click`) through discord.py's own gateway
handler, so they run the bot's real button, picker and follow-up code.
"""

from __future__ import annotations

import asyncio
import itertools
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import discord

from bench.limits import LimitedSession, attach
from bot.client import SabaccBot, create_bot
from bot.settings import Settings

APP_ID = 900_000_000_000_000_001
GUILD_ID = 900_000_000_000_000_002
DM_BASE = 800_000_000_000_000_000
EPHEMERAL = 64
PERMISSIONS = str(discord.Permissions.all().value)

Seen = Callable[[str, int, dict[str, Any], str | None], None]


def user_payload(user_id: int, name: str | None = None) -> dict[str, Any]:
    """A user as Discord sends it."""
    name = name or f"u{user_id}"
    return {"id": str(user_id), "username": name, "discriminator": "0", "avatar": None,
            "global_name": name}  # fmt: skip


class MiniDiscord:
    """Answers the bot's requests (see the module docstring)."""

    def __init__(self, bot_user_id: int, seen: Seen | None = None) -> None:
        self.bot_user = user_payload(bot_user_id, "Sabacc")
        self.seen = seen
        self.messages: dict[int, dict[str, Any]] = {}
        self.unknown: Counter[str] = Counter()
        self._ids = itertools.count(700_000_000_000_000_000)
        self._clicks = itertools.count(1)
        self._interactions: dict[str, dict[str, Any]] = {}  # token -> what the click was on
        self.answered: dict[int, asyncio.Future[dict[str, Any]]] = {}  # interaction -> reply
        self.followed: dict[str, asyncio.Future[dict[str, Any]]] = {}  # token -> 1st follow-up

    # ------------------------------------------------------------------ the routes

    async def __call__(
        self, method: str, path: str, body: Any, params: dict[str, Any]
    ) -> tuple[int, Any]:
        """Answer one request that passed the limits: ``(status, JSON body)``."""
        parts = path.strip("/").split("/")
        if parts[0] == "channels" and len(parts) >= 3 and parts[2] == "messages":
            channel = int(parts[1])
            if method == "POST" and len(parts) == 3:
                kind = "dm" if channel >= DM_BASE else "post"
                return 200, self._store(kind, channel, body, None)
            if method == "PATCH" and len(parts) == 4:
                return self._edit("edit", int(parts[3]), body, None)
            if method == "DELETE" and len(parts) == 4:
                self.messages.pop(int(parts[3]), None)
                return 204, None
        if path == "/users/@me/channels" and method == "POST":
            user = int(body["recipient_id"])
            return 200, {"id": str(DM_BASE + user), "type": 1, "recipients": [user_payload(user)]}
        if parts[0] == "interactions" and parts[-1] == "callback":
            return self._callback(int(parts[1]), parts[2], body)
        if parts[0] == "webhooks" and len(parts) >= 3:
            return self._webhook(method, parts[2], parts[3:], body)
        if parts[0] == "applications" and parts[-1] == "commands" and method == "PUT":
            return 200, []
        self.unknown[f"{method} {re.sub(r'[0-9]+', '{id}', path)}"] += 1
        return 404, {"message": "Unknown route", "code": 0}

    def _message(self, channel: int, body: dict[str, Any], mid: int) -> dict[str, Any]:
        files = body.get("attachments") or []
        return {
            "id": str(mid), "channel_id": str(channel), "author": self.bot_user,
            "content": body.get("content") or "", "timestamp": discord.utils.utcnow().isoformat(),
            "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "pinned": False, "type": 0, "flags": body.get("flags") or 0,
            "embeds": body.get("embeds") or [], "components": body.get("components") or [],
            **({"interaction_metadata": body["_by"]["metadata"]} if "_by" in body else {}),
            "attachments": [
                {"id": str(next(self._ids)), "filename": f.get("filename", "file"), "size": 0,
                 "url": "https://cdn.invalid/f", "proxy_url": "https://cdn.invalid/f"}
                for f in files
            ],
        }  # fmt: skip

    def _store(self, kind: str, channel: int, body: Any, token: str | None) -> dict[str, Any]:
        message = self._message(channel, body or {}, next(self._ids))
        self.messages[int(message["id"])] = message
        if self.seen is not None:
            self.seen(kind, channel, message, token)
        return message

    def _edit(self, kind: str, mid: int, body: Any, token: str | None) -> tuple[int, Any]:
        message = self.messages.get(mid)
        if message is None:
            return 404, {"message": "Unknown Message", "code": 10008}
        for key in ("content", "embeds", "components", "flags"):
            if body and key in body:
                message[key] = body[key] if body[key] is not None else message[key]
        message["edited_timestamp"] = discord.utils.utcnow().isoformat()
        if self.seen is not None:
            self.seen(kind, int(message["channel_id"]), message, token)
        return 200, message

    def _callback(self, iid: int, token: str, body: Any) -> tuple[int, Any]:
        click = self._interactions.get(token)
        if click is None:
            return 404, {"message": "Unknown interaction", "code": 10062}
        kind, data = body["type"], body.get("data") or {}
        reply: dict[str, Any] = {"id": str(iid), "type": 3}
        resource: dict[str, Any] | None = None
        if kind == 4:  # a message (ephemeral with flag 64)
            message = self._store("reply", click["channel"], {**data, "_by": click}, token)
            click["original"] = int(message["id"])
            ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
            reply.update(response_message_id=message["id"], response_message_ephemeral=ephemeral)
            resource = {"type": 4, "message": message}
        elif kind == 5:  # thinking: a placeholder message the follow-up replaces
            message = self._store("thinking", click["channel"], {"flags": data.get("flags")}, token)
            click["original"] = int(message["id"])
            reply.update(response_message_id=message["id"], response_message_loading=True)
        elif kind == 7 and click["message"] is not None:  # the clicked message updated
            self._edit("update", click["message"], data, token)
        future = self.answered.get(iid)
        if future is not None and not future.done():
            future.set_result({"type": kind, "original": click.get("original")})
        return 200, {"interaction": reply, **({"resource": resource} if resource else {})}

    def _webhook(self, method: str, token: str, rest: list[str], body: Any) -> tuple[int, Any]:
        click = self._interactions.get(token)
        if click is None:
            return 404, {"message": "Unknown Webhook", "code": 10015}
        if method == "POST" and not rest:
            message = self._store("followup", click["channel"], {**body, "_by": click}, token)
            future = self.followed.get(token)
            if future is not None and not future.done():
                future.set_result(message)
            return 200, message
        if len(rest) == 2 and rest[0] == "messages":
            target = click.get("original") if rest[1] == "@original" else int(rest[1])
            if method == "PATCH":
                return self._edit("followup_edit", target or 0, body, token)
            if method == "GET" and target in self.messages:
                return 200, self.messages[target]
            if method == "DELETE":
                return 204, None
        return 404, {"message": "Unknown Message", "code": 10008}

    # ------------------------------------------------------------------ clicks

    def click(
        self,
        bot: SabaccBot,
        user_id: int,
        channel_id: int,
        message: dict[str, Any],
        data: dict[str, Any],
    ) -> tuple[int, str]:
        """A member clicks a component of ``message``: its ``INTERACTION_CREATE`` is handed to
        discord.py; returns the interaction id and token (its reply resolves ``answered``)."""
        now = discord.utils.utcnow()
        iid = discord.utils.time_snowflake(now) + next(self._clicks) % 4_000_000
        token = f"interaction-token-{iid}-" + "x" * 40
        metadata = {
            "id": str(iid),
            "type": 3,
            "user": user_payload(user_id),
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
        }
        self._interactions[token] = {
            "channel": channel_id, "message": int(message["id"]), "original": int(message["id"]),
            "metadata": metadata,
        }  # fmt: skip
        self.answered[iid] = asyncio.get_running_loop().create_future()
        self.followed[token] = asyncio.get_running_loop().create_future()
        member = {"user": user_payload(user_id), "roles": [], "joined_at": now.isoformat(),
                  "deaf": False, "mute": False, "flags": 0, "permissions": PERMISSIONS}  # fmt: skip
        payload = {
            "id": str(iid), "application_id": str(APP_ID), "type": 3, "token": token,
            "version": 1, "guild_id": str(GUILD_ID), "channel_id": str(channel_id),
            "member": member, "data": data, "message": message, "app_permissions": PERMISSIONS,
            "locale": "en-US", "guild_locale": "en-US", "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)}, "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }  # fmt: skip
        bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        return iid, token

    def forget(self, iid: int, token: str) -> None:
        """A click is over: its records go (they would grow with every click)."""
        self.answered.pop(iid, None)
        self.followed.pop(token, None)
        self._interactions.pop(token, None)


async def start_bot(settings: Settings, session: LimitedSession, channels: list[int]) -> SabaccBot:
    """The production bot on ``session``, in one guild of text ``channels``, set up and ready."""
    bot = create_bot(settings)
    await bot._async_setup_hook()
    attach(bot.http, session)
    state = bot._connection
    me = user_payload(APP_ID, "Sabacc")
    state.user = discord.ClientUser(state=state, data=me)  # type: ignore[arg-type]
    state.application_id = APP_ID
    role = {"id": str(GUILD_ID), "name": "@everyone", "permissions": PERMISSIONS, "position": 0,
            "color": 0, "hoist": False, "managed": False, "mentionable": False}  # fmt: skip
    text = [{"id": str(c), "type": 0, "name": f"t{c}", "position": k,
             "permission_overwrites": [], "guild_id": str(GUILD_ID)}
            for k, c in enumerate(channels)]  # fmt: skip
    member = {"user": me, "roles": [], "joined_at": discord.utils.utcnow().isoformat(),
              "deaf": False, "mute": False, "flags": 0}  # fmt: skip
    data: Any = {"id": str(GUILD_ID), "name": "Cantina", "owner_id": str(APP_ID), "roles": [role],
                 "emojis": [], "stickers": [], "features": [], "member_count": 1,
                 "channels": text, "members": [member]}  # fmt: skip
    guild = discord.Guild(data=data, state=state)
    state._add_guild(guild)
    await bot.setup_hook()
    bot._ready.set()
    return bot
