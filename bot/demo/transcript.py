"""The headless demo's transcript: what a spectator sees in the channel, as plain lines.

Step by step, :meth:`Transcript.collect` gives the new public lines in the order they happened:
the table log's new lines (the table message's "Last actions" field), new messages (their
content, embed titles and descriptions), and the table's commitments (🔒) when they change.
When a hand ends, its result message comes before the next hand's first lines, and the lines
of a result that repeat the log lines already printed are left out. Mentions become names.
"""

from __future__ import annotations

import re
from typing import Any

from bot.sim_driver import SimDriver

LOG_FIELD = "Last actions"
_MENTION = re.compile(r"<@!?(\d+)>")


class Transcript:
    """New public lines of the channel as a spectator sees them, step by step."""

    def __init__(self, driver: SimDriver, spectator: Any, names: dict[int, str]) -> None:
        self.driver, self.spectator, self.names = driver, spectator, names
        self.seen: set[int] = set()
        self.table_messages: set[int] = set()
        self.log: list[str] = []
        self.hand: list[str] = []  # log lines of the hand in play already printed
        self.commitments = ""

    def _plain(self, text: str) -> str:
        text = _MENTION.sub(lambda m: self.names.get(int(m[1]), "someone"), text)
        return text.replace("**", "")

    def collect(self) -> list[str]:
        """Lines that appeared since the last call, in the order they happened: the table log's
        new lines and new messages; when a hand ended, its result message comes before the
        next hand's first lines (the table log restarts with each hand)."""
        table = self.driver.table()
        if table.message_id is not None:
            self.table_messages.add(table.message_id)
        messages = self.driver.channel.history(viewer=self.spectator)
        posted: list[str] = []
        locked: list[str] = []  # the commitments on the table message, when they changed
        log_now = self.log
        for message in messages:
            if message.id in self.table_messages:
                if message.id == table.message_id:
                    log_now = _log_lines(message)
                    locked = self._commitment_line(message)
                continue
            if message.id in self.seen:
                continue
            self.seen.add(message.id)
            posted.extend(self._message_lines(message))
        first = not self.log
        logged, same_hand = _appended(self.log, log_now)
        self.log = log_now
        shown = set(posted)
        fresh = [line for line in logged if f"    {line}" not in shown]
        # A hand's result repeats, in order, the lines already printed as they happened.
        posted = _unprinted(posted, self.hand)
        self.hand = (self.hand if same_hand else []) + logged
        marked = [f"  · {line}" for line in fresh]
        if first:
            lines = locked + posted + marked
        elif not same_hand:  # the last hand's result, then the next hand's commitments
            lines = posted + locked + marked
        else:
            lines = locked + marked + posted
        return [self._plain(line) for line in lines]

    def _commitment_line(self, message: Any) -> list[str]:
        """The table's commitments (footer, after 🔒) when they changed: shown before a deal."""
        footer = next((e.footer.text for e in message.embeds if e.footer and e.footer.text), "")
        shown = footer.partition("🔒")[2].strip()
        if not shown or shown == self.commitments:
            return []
        self.commitments = shown
        return [f"  🔒 {shown}"]

    @staticmethod
    def _message_lines(message: Any) -> list[str]:
        lines = [message.content] if message.content else []
        for embed in message.embeds:
            if embed.title:
                lines.append(f"── {embed.title} ──")
            if embed.description:
                lines.extend(f"    {line}" for line in embed.description.splitlines() if line)
        return lines


def _log_lines(message: Any) -> list[str]:
    for embed in message.embeds:
        for embed_field in embed.fields:
            if embed_field.name == LOG_FIELD:
                return [line for line in str(embed_field.value).splitlines() if line]
    return []


def _unprinted(posted: list[str], printed: list[str]) -> list[str]:
    """``posted`` message lines without those repeating ``printed`` log lines in order."""
    kept: list[str] = []
    index = 0
    for line in posted:
        if index < len(printed) and line == f"    {printed[index]}":
            index += 1
            continue
        kept.append(line)
    return kept


def _appended(before: list[str], after: list[str]) -> tuple[list[str], bool]:
    """The lines ``after`` (the newest lines of a hand's log) added to ``before``, and whether
    it is still the same hand (else the log restarted with a new hand)."""
    for overlap in range(min(len(before), len(after)), 0, -1):
        if before[-overlap:] == after[:overlap]:
            return after[overlap:], True
    if after[: len(before)] == before:
        return after[len(before) :], True
    return after, False
