"""``python -m bot.demo ...`` (the same as ``python -m bot demo ...``)."""

import sys

from bot.demo.cli import main

sys.exit(main(sys.argv[1:]))
