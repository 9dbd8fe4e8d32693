"""Entry point: ``python -m bot [run | invite | sync | demo ...]``.

* no argument (or ``run``): start the bot with the settings from the environment / ``.env``;
* ``invite``: print the OAuth2 URL that adds the bot to a server with exactly the permissions
  it uses (:data:`bot.invite.BOT_PERMISSIONS`, each with its reason);
* ``sync``: register the slash commands with Discord now, whatever changed (the bot registers
  them at start-up only when they changed: :mod:`bot.command_sync`); it loads the cogs and logs
  in over HTTP only: no database, no gateway, so it may run beside the bot;
* ``demo``: the offline demo in a simulated Discord (``bot.demo.cli.main(argv)``).

Every expected failure (no token, bad setting, rejected token, Discord unreachable or down,
unusable database) prints ONE line on stderr that names the cause and its fix, and exits
non-zero without a traceback (:mod:`bot.startup`): 2 when only a change of the settings fixes
it (no token, bad setting, rejected token), 1 when it may pass (network, outage, database).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence

import discord
from dotenv import find_dotenv, load_dotenv

from bot.client import create_bot
from bot.command_sync import Synced
from bot.invite import invite_url
from bot.settings import Settings, SettingsError, redact_url
from bot.startup import DatabaseProblem, configure_logging, exit_status, failure_message
from bot.storage import DATABASE_ERRORS, MigrationError, open_database

log = logging.getLogger("bot")

NO_TOKEN = (
    "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token in it "
    "(or try the offline demo: make demo)"
)


def _fail(message: str, status: int = 1) -> int:
    print(message, file=sys.stderr)
    return status


def _invite(settings: Settings) -> int:
    if settings.application_id is None:
        return _fail(
            "DISCORD_APPLICATION_ID is not set: copy the Application ID from the Developer "
            "Portal (General Information) into .env",
            2,
        )
    print(invite_url(settings.application_id))
    return 0


async def _register(settings: Settings, token: str) -> Synced:
    bot = create_bot(settings)
    bot.register_only = True  # the cogs only: no database, no recovery
    async with bot:
        await bot.login(token)  # HTTP only; runs setup_hook
        return await bot.sync_commands(force=True)


def _sync(settings: Settings) -> int:
    if settings.token is None:
        return _fail(NO_TOKEN, 2)
    try:
        synced = asyncio.run(_register(settings, settings.token))
    except Exception as error:
        message = failure_message(error, _where(settings))
        if message is None:
            raise
        return _fail(message, exit_status(error))
    print(f"Registered {synced.count} commands ({synced.scope}).")
    return 0


def _demo(argv: Sequence[str]) -> int:
    from bot.demo.cli import main  # the demo needs simcord: import it only when asked for

    return int(main(list(argv)) or 0)


async def _serve(settings: Settings, token: str) -> None:
    try:
        db = await open_database(settings.database_target)
    except (*DATABASE_ERRORS, MigrationError) as error:
        raise DatabaseProblem(_where(settings), error) from error
    try:
        async with create_bot(settings, db) as bot:
            await bot.start(token)
    finally:
        await db.close()


def _where(settings: Settings) -> str:
    """The database for messages (a URL without its password)."""
    if settings.database_url is None:
        return str(settings.database_path)
    return redact_url(settings.database_url)


def _run(settings: Settings) -> int:
    if settings.token is None:
        return _fail(NO_TOKEN, 2)
    try:
        asyncio.run(_serve(settings, settings.token))
    except KeyboardInterrupt:
        log.info("Stopped.")
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - we request none
        return _fail("Discord refused a privileged intent; this bot should need none.")
    except Exception as error:
        message = failure_message(error, _where(settings))
        if message is None:
            raise
        return _fail(message, exit_status(error))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Sabacc bot for Discord.")
    commands = parser.add_subparsers(dest="command", metavar="{run,invite,sync,demo}")
    commands.add_parser("run", help="start the bot (the default)")
    commands.add_parser("invite", help="print the URL that adds the bot to a server")
    commands.add_parser("sync", help="register the slash commands with Discord now")
    demo = commands.add_parser("demo", help="offline demo in a simulated Discord", add_help=False)
    demo.add_argument("args", nargs=argparse.REMAINDER)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["demo"]:  # everything after it is the demo's own (argparse's REMAINDER
        return _demo(argv[1:])  # cannot take options that start with --)
    args = _parser().parse_args(argv)
    load_dotenv(find_dotenv(usecwd=True))  # the .env of the working directory
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        return _fail(f"Configuration error: {error}", 2)
    configure_logging(settings.log_level_number)
    if args.command == "invite":
        return _invite(settings)
    if args.command == "sync":
        return _sync(settings)
    return _run(settings)


if __name__ == "__main__":
    sys.exit(main())
