"""``python -m bot``: clear one-line failures, the invite URL; and Settings parsing."""

from __future__ import annotations

import asyncio
import os
import pprint
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import discord
import pytest

from bot.__main__ import NO_TOKEN
from bot.settings import Settings, SettingsError, redact_url
from bot.startup import BAD_TOKEN
from bot.storage import open_database
from bot.storage.embedded import EmbeddedPostgres

ROOT = Path(__file__).resolve().parents[2]


#: Runs the bot whose Discord login is refused as an improper token.
REFUSED_LOGIN = (
    "import sys, discord\n"
    "async def refuse(self, token): raise discord.LoginFailure('Improper token')\n"
    "discord.Client.login = refuse\n"
    "from bot.__main__ import main\n"
    "sys.exit(main([]))\n"
)


def run_bot(
    tmp_path: Path, *args: str, env: dict[str, str] | None = None, code: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bot ARGS`` (or ``-c code``) in ``tmp_path`` with a clean environment."""
    clean = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT), **(env or {})}
    command = [sys.executable, "-c", code] if code else [sys.executable, "-m", "bot", *args]
    return subprocess.run(
        command, cwd=tmp_path, env=clean, capture_output=True, text=True, timeout=60
    )


def test_without_a_token_one_line_and_status_2(tmp_path: Path) -> None:
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert result.stderr == NO_TOKEN + "\n"
    assert result.stdout == ""
    assert NO_TOKEN == (
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token in it "
        "(or try the offline demo: make demo)"
    )


def test_the_token_is_read_from_dotenv_in_the_working_directory(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("LOG_LEVEL=loud\n")
    result = run_bot(tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "Configuration error: LOG_LEVEL='loud' is not valid: "
        "expected one of CRITICAL, ERROR, WARNING, INFO, DEBUG"
    )


def test_a_rejected_token_is_one_line(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "not-a-token", "DATABASE_PATH": str(tmp_path / "db" / "s.db")}
    result = run_bot(tmp_path, env=env, code=REFUSED_LOGIN)
    assert result.returncode == 2  # a service manager does not retry it (deploy/sabacc.service)
    assert result.stderr.strip().splitlines()[-1] == BAD_TOKEN
    assert "Traceback" not in result.stderr
    assert (tmp_path / "db" / "s.db").exists()  # migrations ran before login


# discord.py's API lives under a name that never resolves (RFC 6761): "no network", offline or not.
UNREACHABLE = (
    "import sys, discord, discord.http, discord.utils\n"
    "discord.http.Route.BASE = 'https://discord.invalid/api/v10'\n"
    "discord.utils.is_docker = lambda: True\n"  # discord.py colours logs in Docker
    "from bot.__main__ import main\n"
    "sys.exit(main([]))\n"
)


def test_an_unreachable_discord_is_told_apart_from_the_database(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "a-token", "DATABASE_PATH": str(tmp_path / "s.db")}
    result = run_bot(tmp_path, env=env, code=UNREACHABLE)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("Cannot reach Discord (") and "internet connection" in last
    assert "database" not in last and "Traceback" not in result.stderr
    assert "\x1b[" not in result.stderr  # no colour codes: stderr is not a terminal


def test_a_taken_metrics_port_is_one_line(tmp_path: Path) -> None:
    code = (
        "import sys, discord\n"
        "async def login(self, token):\n"  # Discord accepts the token (offline): set-up runs
        "    await self._async_setup_hook()\n"
        "    await self.setup_hook()\n"
        "discord.Client.login = login\n"
        "from bot.__main__ import main\n"
        "sys.exit(main([]))\n"
    )
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {"DISCORD_TOKEN": "a-token", "DATABASE_PATH": str(tmp_path / "s.db")}
        result = run_bot(tmp_path, env={**env, "METRICS_PORT": str(port)}, code=code)
    assert result.returncode == 1
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith(f"The metrics server cannot listen on 127.0.0.1:{port}: ")
    assert "METRICS_PORT" in last and "Traceback" not in result.stderr


def test_an_unusable_database_says_how_to_fix_it(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a directory")
    path = tmp_path / "taken" / "s.db"
    env = {"DISCORD_TOKEN": "a-token", "DATABASE_PATH": str(path)}
    result = run_bot(tmp_path, env=env, code=UNREACHABLE)
    assert result.returncode == 1
    (last,) = result.stderr.strip().splitlines()  # before any log line: nothing else ran
    assert last.startswith(f"Cannot use the database at {path} (")
    assert "directory this user can write" in last and "Discord" not in last


def test_python_m_bot_runs_on_postgresql_when_database_url_is_set(
    tmp_path: Path, pg_server: EmbeddedPostgres
) -> None:
    url = asyncio.run(pg_server.create_database())
    env = {"DISCORD_TOKEN": "not-a-token", "DATABASE_URL": url}
    result = run_bot(tmp_path, env=env, code=REFUSED_LOGIN)
    assert result.stderr.strip().splitlines()[-1] == BAD_TOKEN
    assert not (tmp_path / "data").exists()  # no SQLite file was made

    async def migrated() -> list[str]:
        db = await open_database(url)
        try:
            return [r[0] for r in await db.fetchall("SELECT name FROM schema_migrations")]
        finally:
            await db.close()

    assert asyncio.run(migrated())[:3] == [
        "V001__bank.sql",
        "V002__tables.sql",
        "V003__table_leases.sql",
    ]  # migrations ran on PostgreSQL before login


def test_an_unreachable_postgresql_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {"DISCORD_TOKEN": "x", "DATABASE_URL": f"postgresql://u:secret@127.0.0.1:{port}/db"}
    result = run_bot(tmp_path, env=env)
    assert result.returncode == 1
    assert result.stderr.startswith(
        f"Cannot use the database at postgresql://u:***@127.0.0.1:{port}/db ("
    )
    assert "secret" not in result.stderr and "Traceback" not in result.stderr


def test_invite_prints_the_url_with_exactly_the_needed_permissions(tmp_path: Path) -> None:
    result = run_bot(tmp_path, "invite", env={"DISCORD_APPLICATION_ID": "123456789012345678"})
    assert result.returncode == 0, result.stderr
    url = urlsplit(result.stdout.strip())
    assert (url.scheme, url.netloc, url.path) == ("https", "discord.com", "/oauth2/authorize")
    query = parse_qs(url.query)
    assert query["client_id"] == ["123456789012345678"]
    assert query["scope"] == ["bot applications.commands"]
    permissions = discord.Permissions(int(query["permissions"][0]))
    assert permissions == discord.Permissions(
        view_channel=True,
        send_messages=True,
        embed_links=True,
        attach_files=True,  # the showdown pictures are uploaded to the table's channel
        read_message_history=True,
        create_events=True,  # a tournament's start time as a server event
        create_public_threads=True,  # a multi-table tournament's tables
        send_messages_in_threads=True,
    )
    assert query["permissions"] == ["17901423807488"]
    assert not permissions.use_external_emojis and not permissions.administrator


def test_invite_without_an_application_id_is_one_line(tmp_path: Path) -> None:
    result = run_bot(tmp_path, "invite")
    assert result.returncode == 2
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.startswith("DISCORD_APPLICATION_ID is not set")


def test_settings_defaults() -> None:
    settings = Settings.from_env({})
    assert settings == Settings()
    assert (settings.token, settings.database_path) == (None, Path("data/sabacc.db"))
    assert (settings.starting_balance, settings.daily_amount) == (1000, 250)
    assert (settings.turn_timeout, settings.bot_delay, settings.log_level) == (90.0, 1.5, "INFO")


def test_settings_from_env() -> None:
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "DATABASE_PATH": "/tmp/x.db",
            "DEV_GUILD_ID": "42",
            "LOG_LEVEL": "debug",
            "DISCORD_APPLICATION_ID": "7",
            "STARTING_BALANCE": "0",
            "DAILY_AMOUNT": "10",
            "TURN_TIMEOUT": "30.5",
            "BOT_DELAY": "0",
        }
    )
    assert settings == Settings("abc", Path("/tmp/x.db"), 42, "DEBUG", 7, 0, 10, 30.5, 0.0)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DEV_GUILD_ID", "abc"),
        ("DEV_GUILD_ID", "-3"),
        ("STARTING_BALANCE", "1.5"),
        ("DAILY_AMOUNT", "0"),
        ("TURN_TIMEOUT", "0"),
        ("BOT_DELAY", "nan"),
        ("LOG_LEVEL", "verbose"),
        ("METRICS_PORT", "0"),
        ("METRICS_PORT", "70000"),
    ],
)
def test_bad_settings_name_the_variable(name: str, value: str) -> None:
    with pytest.raises(SettingsError, match=f"^{name}='{value}' is not valid: expected "):
        Settings.from_env({name: value})


def test_demo_takes_its_own_options() -> None:
    """Options after ``demo`` belong to the demo, even those that start with ``--``."""
    from bot.__main__ import main

    assert main(["demo", "--list-variants"]) == 0


def test_settings_never_show_the_token() -> None:
    token = "MTIzNDU2Nzg5.secret-token-value"
    settings = Settings.from_env({"DISCORD_TOKEN": token, "DATABASE_PATH": "x.db"})
    assert settings.token == token
    shown = [
        repr(settings),
        str(settings),
        f"{settings}",
        f"{settings!r}",
        pprint.pformat(settings),
    ]
    shown.append(repr([settings, {"settings": settings}]))
    for text in shown:
        assert token not in text and "secret" not in text
        assert "x.db" in text  # the rest is still shown


SECRET_URLS = (
    "postgresql://sabacc:s3cret-pw@db.example:5432/sabacc",
    "postgresql://sabacc@db.example/sabacc?sslmode=require&password=s3cret-pw",
    "postgres://sabacc:s3cret-pw@db.example/sabacc?sslpassword=s3cret-pw",
)


@pytest.mark.parametrize("url", SECRET_URLS)
def test_settings_never_show_the_database_password(url: str) -> None:
    settings = Settings.from_env({"DATABASE_URL": url})
    assert settings.database_url == url  # the bot still connects with it
    for text in (repr(settings), str(settings), f"{settings}", pprint.pformat([settings])):
        assert "s3cret" not in text
        assert "db.example" in text  # which database is still shown


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://u:secret@h:5/db", "postgresql://u:***@h:5/db"),
        ("postgresql://u@h/db?password=secret", "postgresql://u@h/db?password=***"),
        (
            "postgresql://u:secret@h/db?sslmode=require&Password=secret&sslpassword=secret",
            "postgresql://u:***@h/db?sslmode=require&Password=***&sslpassword=***",
        ),
        ("postgresql://h/db?sslmode=require", "postgresql://h/db?sslmode=require"),
        ("postgresql://u:secret@h:abc/db", "postgresql://u:***@h:abc/db"),  # malformed: no raise
    ],
)
def test_redact_hides_every_password(url: str, shown: str) -> None:
    assert redact_url(url) == shown


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("mysql://u:s3cret@h/db", ""),
        ("postgresql://u:s3cret@h:abc/db", " (port 'abc' is not a number from 1 to 65535)"),
        ("postgresql://u:s3cret@h1:5432,h2:x/db", " (port 'x' is not a number from 1 to 65535)"),
        ("postgresql://u@h/db?port=99999&password=s3cret", " (port '99999' is not a number"),
    ],
)
def test_a_malformed_database_url_is_one_line_without_its_password(url: str, reason: str) -> None:
    with pytest.raises(SettingsError) as raised:
        Settings.from_env({"DATABASE_URL": url})
    message = str(raised.value)
    assert message.startswith(f"DATABASE_URL='{redact_url(url)}' is not valid{reason}")
    assert "s3cret" not in message and "\n" not in message


def test_a_non_numeric_port_stops_the_bot_with_one_line(tmp_path: Path) -> None:
    env = {"DISCORD_TOKEN": "x", "DATABASE_URL": "postgresql://u:s3cret@localhost:abc/db"}
    result = run_bot(tmp_path, env=env)
    assert result.returncode == 2
    assert result.stderr == (
        "Configuration error: DATABASE_URL='postgresql://u:***@localhost:abc/db' is not valid "
        "(port 'abc' is not a number from 1 to 65535): expected a "
        "postgresql://user:pass@host:port/db URL\n"
    )
