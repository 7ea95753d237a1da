"""The impartial kind of rules games: its game class, certificate, formulations, play, pictures."""
