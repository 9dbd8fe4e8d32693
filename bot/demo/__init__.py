"""The offline demo: ``python -m bot demo [options]`` — the real bot in a simulated Discord.

* **Interactive** (default): simcord's Preview serves a Discord-like page on loopback. A lobby
  of the chosen variant is open in #sabacc with bot opponents seated (through the real
  ``/<variant> start`` and **Add bot** clicks); you click **Start** and play with the real
  buttons, pickers, modals and ephemeral hands. The simulated clock follows real time, so turn
  timers and bot delays work.
* **Headless** (``--headless``): simulated members play N hands by clicking the real buttons,
  each deciding like the engine's bot opponents; prints the public transcript and checks that
  every credit is conserved (see :mod:`bot.demo.headless`).

No Discord token and no network: everything runs in-process (the preview binds 127.0.0.1).

Modules: :mod:`.common` (what both share), :mod:`.interactive`, :mod:`.headless` and
:mod:`.cli` (the command line).
"""
