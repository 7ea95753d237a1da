"""General two-player games from rules files: win, lose or draw with remoteness (and the value type that score
games share)."""
