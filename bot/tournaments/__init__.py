"""Tournaments: sit-and-go events with a prize pool, driven through the table service."""
