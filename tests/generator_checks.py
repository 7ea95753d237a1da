"""Checks of the stress generators the test folders share: validity under the judge's limits,
size, and reductions that strictly lower the generator's measure."""

from __future__ import annotations

import itertools
import random

from gamecert.solvers.bunny_egg import parse_bunny_egg
from gamecert.solvers.geography import parse_geography
from gamecert.verify.bunny_egg import generator as bunny_egg
from gamecert.verify.geography import generator as geography
from gamecert.verify.registry import get_game

GENERATORS = {"geography": geography, "bunny-egg": bunny_egg}


def check_valid(game: str, text: str) -> None:
    """Parses as the stress engine parses (judge limits on); Bunny-and-Egg records
    also keep the judge's promise: at least one round, and Egg wins at the end."""
    instance = get_game(game).parse(text, "<generated>", True)
    if game == "bunny-egg":
        assert instance.k >= 1
        assert bunny_is_stuck(instance), text


def bunny_is_stuck(game) -> bool:
    """Replays the record: after it, no white piece is next to the empty cell."""
    board = game.board.copy()
    (er, ec), n, m = game.start, *game.shape
    for r, c in game.moves.tolist():
        board[er, ec], board[r, c] = board[r, c], ord(".")
        er, ec = r, c
    near = [(er + dr, ec + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))]
    return all(board[r, c] != ord("O") for r, c in near if 0 <= r < n and 0 <= c < m)


def size_of(game: str, text: str) -> int:
    """The generators' size knob: vertices, or the longer board side."""
    if game == "geography":
        return parse_geography(text).n
    return max(parse_bunny_egg(text).shape)


def first_reduction_chain(gen, text: str) -> list[str]:
    """Repeatedly take the first reduction until there is none."""
    chain = [text]
    while True:
        nxt = next(gen.reductions(chain[-1]), None)
        if nxt is None:
            return chain
        chain.append(nxt)


def shrink(gen, text: str, keep) -> str:
    """Greedy delta debugging in process: the first reduction that still satisfies ``keep``."""
    while True:
        nxt = next((c for c in gen.reductions(text) if keep(c)), None)
        if nxt is None:
            return text
        text = nxt


def check_reductions(game: str, text: str, limit: int | None = None) -> int:
    """Every reduction (the first ``limit``) is valid and strictly smaller; returns how many there were."""
    gen = GENERATORS[game]
    before = gen.measure(text)
    count = 0
    for smaller in itertools.islice(gen.reductions(text), limit):
        check_valid(game, smaller)
        after = gen.measure(smaller)
        assert after < before, (text, smaller)
        if game == "bunny-egg":  # no component grows, so chains are bounded by their sum
            assert all(a <= b for a, b in zip(after, before)), (text, smaller)
        count += 1
    return count


def sample_cases(game: str) -> list[str]:
    gen = GENERATORS[game]
    cases = [text for _, text in gen.edge_cases(6)]
    cases += [gen.random_case(random.Random(seed), size) for seed, size in zip(range(12), [3, 6, 10] * 4)]
    return cases
