"""``python -m bot demo [options]``: parse the options and run the interactive or the headless
demo."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.demo.common import DEFAULT_VARIANT, demo_variants
from bot.demo.headless import run_headless_cli
from bot.demo.interactive import preview_missing, run_interactive


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    """Parse the demo's options (``python -m bot demo --help``)."""
    variants = demo_variants()
    parser = argparse.ArgumentParser(
        prog="python -m bot demo",
        description="Play Sabacc against bots in a simulated Discord: offline, no token.",
    )
    parser.add_argument("--variant", default=DEFAULT_VARIANT, help="variant id (with a cog)")
    parser.add_argument("--list-variants", action="store_true", help="print the variant ids")
    parser.add_argument("--players", type=int, default=None, help="bot opponents / members")
    parser.add_argument("--db", type=Path, default=None, help="database file (kept); default temp")
    parser.add_argument("--bot-delay", type=float, default=1.5, help="seconds a bot thinks")
    parser.add_argument("--port", type=int, default=None, help="preview port on 127.0.0.1")
    parser.add_argument("--start", action="store_true", help="also click Start (interactive)")
    parser.add_argument("--seconds", type=float, default=None, help="close after this long")
    parser.add_argument("--url-file", type=Path, default=None, help="write the URL to this file")
    headless = parser.add_argument_group("headless mode")
    headless.add_argument("--headless", action="store_true", help="simulated members play")
    headless.add_argument("--hands", type=int, default=3, help="hands to play (headless)")
    headless.add_argument("--bots", type=int, default=0, help="extra Add-bot seats (headless)")
    headless.add_argument("--seed", type=int, default=None, help="seed the deals and policies")
    argv = list(argv)
    if argv[:1] == ["--"]:  # ``python -m bot demo -- --headless ...``
        argv = argv[1:]
    args = parser.parse_args(argv)
    if not args.list_variants and args.variant not in variants:
        known = ", ".join(variants) or "none"
        parser.error(f"no cog plays variant {args.variant!r} (choose from: {known})")
    if args.players is not None and args.players < 0:
        parser.error("--players must be ≥ 0")
    if args.hands < 1 or args.bots < 0 or args.bot_delay < 0:
        parser.error("--hands must be ≥ 1, --bots and --bot-delay ≥ 0")
    return args


def main(argv: Sequence[str]) -> int:
    """Run the demo; return the process exit status."""
    args = parse_args(argv)
    if args.list_variants:
        print("\n".join(demo_variants()))
        return 0
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.headless:
            return run_headless_cli(args)
        missing = preview_missing()
        if missing:
            print(
                f"The interactive demo needs simcord[preview] ({missing}): make demo",
                file=sys.stderr,
            )
            return 2
        if args.players is None:
            args.players = 2
        return asyncio.run(run_interactive(args))
    except KeyboardInterrupt:
        print("\nDemo stopped.")
        return 0
