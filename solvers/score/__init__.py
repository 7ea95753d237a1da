"""Score games from rules files: the most the player to move can guarantee, own points minus the opponent's."""
