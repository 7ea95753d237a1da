"""The impartial kind of rules games: Sprague–Grundy values under normal play, outcomes under misère play."""
