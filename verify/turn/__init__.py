"""What the turn kinds of rules games (general and score) share: the game class and its capabilities, the
formulations' position graph, bounds and solver helpers, the certificate's calls, statistics and contest problem."""
