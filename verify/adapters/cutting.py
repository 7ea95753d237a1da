"""The Cutting Game (POJ 2311, AcWing 219, Luogu P10501) in the registry."""

from __future__ import annotations

from ._cutting import make_game

GAME = make_game("cutting")
