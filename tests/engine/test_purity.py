"""engine/ stays pure: importing every engine module pulls in no discord, DB driver or asyncio."""

import pkgutil
import subprocess
import sys

import engine


def test_engine_imports_nothing_impure() -> None:
    modules = [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(n for n in sys.modules if n.split('.')[0] in "
        "{'discord', 'aiosqlite', 'asyncpg', 'asyncio', 'sqlite3', 'socket'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"engine imported: {out.stdout.strip()}"
    assert "engine.judge" in modules and "engine.core.game" in modules
