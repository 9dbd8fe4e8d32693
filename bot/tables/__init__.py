"""The table platform: lobbies, running games, persistence, timers and settlement."""
