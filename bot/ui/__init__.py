"""Discord UI shared by every variant: table message, persistent buttons, prompts, embeds."""
