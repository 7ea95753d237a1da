"""The Split Game (2020 ICPC Jiangxi Provincial, problem J) in the registry."""

from __future__ import annotations

from ._cutting import make_game

GAME = make_game("split")
