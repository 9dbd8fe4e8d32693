"""Act on the interactive demo's page the way its browser does, without a browser.

The page sends every click and slash command to the preview's action entry point
(``POST /api/action``, simcord protocol 3) with the page revision it last saw; these helpers
build the same requests from the published page, for the demo's tests and ``bench/``.
"""

from __future__ import annotations

import uuid
from typing import Any

__all__ = ["browser_action", "buttons", "embed_text", "slash_fields"]


def buttons(snapshot: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """``custom_id -> (message id, control key)`` of every button on a published page."""
    found: dict[str, tuple[str, str]] = {}

    def walk(value: Any, message_id: str) -> None:
        if isinstance(value, dict):
            if value.get("type") == 2 and "control_key" in value and "custom_id" in value:
                found[str(value["custom_id"])] = (message_id, str(value["control_key"]))
            for child in value.values():
                walk(child, message_id)
        elif isinstance(value, list):
            for child in value:
                walk(child, message_id)

    for message_id, message in snapshot.get("messages", {}).items():
        walk(message.get("components"), message_id)
    return found


def embed_text(snapshot: dict[str, Any], message_id: int | str | None) -> str:
    """The embed descriptions and field values of one message of a published page."""
    message = snapshot.get("messages", {}).get(str(message_id), {})
    parts: list[str] = []
    for embed in message.get("embeds", []):
        parts.append(str(embed.get("description", "")))
        parts.extend(str(field.get("value", "")) for field in embed.get("fields", []))
    return "\n".join(parts)


def slash_fields(preview: Any, invocation: str, **options: Any) -> dict[str, Any]:
    """The fields of a ``run_command`` request for ``/invocation``, as the page's command
    picker sends it (id and schema fingerprint from the page's command catalogue)."""
    from simcord.preview._commands import build_catalog  # simcord 3.2.1 (pinned)

    for entry in build_catalog(preview, preview._python)["entries"]:
        if entry["invocation"] == invocation:
            return {
                "kind": "run_command",
                "command_id": entry["commandId"],
                "path": entry["path"],
                "schema_fingerprint": entry["schemaFingerprint"],
                "options": dict(options),
            }
    raise LookupError(f"/{invocation} is not in the page's command list")


async def browser_action(
    preview: Any, env: Any, fields: dict[str, Any], *, revision: int | None = None
) -> dict[str, Any]:
    """Send one action as the page does; ``revision`` is the page revision the browser saw
    (default: the one published now). Returns simcord's receipt."""
    page = preview._python  # the preview's own page context (simcord 3.2.1, pinned)
    body = {
        "protocol_version": 3,
        "sequence": page.last_sequence + 1,
        "request_id": uuid.uuid4().hex,
        "generation": page.generation,
        "bot_generation": env._generation,
        "published_revision": page.revision if revision is None else revision,
        **fields,
    }
    return dict(await preview._action(page.id, body))
