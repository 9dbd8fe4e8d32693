"""Pieces shared by every variant: the game contract, decks, seats, betting and pots."""
