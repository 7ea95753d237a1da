"""General two-player games from rules files: win, lose or draw with remoteness."""
