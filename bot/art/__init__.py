"""Card art: every face of every deck drawn in code, pictures of hands and showdowns, emojis.

* :mod:`bot.art.decks`: which faces exist, keyed by (deck, the engine's card notation);
* :mod:`bot.art.draw`: the Pillow painter (face, back, emoji);
* :mod:`bot.art.compose`: cached faces composed into hand and showdown PNGs;
* :mod:`bot.art.attach`: those pictures as Discord attachments (rendered off the event loop);
* :mod:`bot.art.emojis`: the faces as application emojis (start-up sync, ``CARD_EMOJIS``);
* :mod:`bot.art.present`: the small calls the table runtime and the pickers make.
"""
