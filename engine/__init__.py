"""Pure Sabacc rules: cards, RNG, betting, pots and one module per variant.

Nothing here imports discord, aiosqlite or asyncio, or does I/O (a test enforces it).
"""
