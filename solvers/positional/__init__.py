"""Games of claiming cells (k-in-a-row, Hex): the board as plain data and the explicit solver."""
