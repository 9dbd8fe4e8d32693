"""Provably fair hands and hand history: recording (:mod:`.recorder`), storage (:mod:`.store`),
per-hand statistics (:mod:`.stats`), retention (:mod:`.retention`) and what the history
commands show (:mod:`.views`)."""
