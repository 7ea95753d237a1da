"""Octal games in gamecert: the game class, the certificate checker, the rules formulation and pictures."""
