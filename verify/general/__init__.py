"""General two-player games from rules files: the game class, its certificate, formulations and capabilities."""
