"""Stress generators for geography and Bunny and Egg: every case valid under the
judge limits, shrinking that strictly lowers the measure and terminates, and the
stress engine catching and shrinking deliberately wrong programs."""

from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers._jit import python_kernels
from solvers.bunny_egg import bunny_egg as analyse_bunny_egg
from solvers.bunny_egg import parse_bunny_egg
from solvers.geography import parse_geography
from verify.games import get_game
from verify.generators import bunny_egg, geography
from verify.stress import stress

GENERATORS = {"geography": geography, "bunny-egg": bunny_egg}
CANDIDATES = Path(__file__).parent / "candidates"


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
    before = gen._measure(text)
    count = 0
    for smaller in itertools.islice(gen.reductions(text), limit):
        check_valid(game, smaller)
        after = gen._measure(smaller)
        assert after < before, (text, smaller)
        if game == "bunny-egg":  # no component grows, so chains are bounded by their sum
            assert all(a <= b for a, b in zip(after, before)), (text, smaller)
        count += 1
    return count


# ---------------------------------------------------------------------------
# Edge cases


@pytest.mark.parametrize("game", GENERATORS)
@pytest.mark.parametrize("max_size", [1, 2, 3, 5, 8, 40])
def test_edge_cases_are_valid_and_within_size(game, max_size):
    cases = list(GENERATORS[game].edge_cases(max_size))
    texts = [text for _, text in cases]
    assert len(set(texts)) == len(texts)
    for _, text in cases:
        check_valid(game, text)
        assert size_of(game, text) <= max_size
    if max_size >= 5:
        assert len(cases) >= 20


def test_geography_edge_cases_cover_the_families():
    cases = dict(geography.edge_cases(8))
    for name in ("empty graph", "single vertex", "single edge", "path 7", "path 8", "cycle 7", "cycle 8",
                 "star 6", "complete 5", "complete bipartite 2,3", "blossom 3 with stem 2", "tower 2",
                 "isolated 8"):
        assert name in cases
    graphs = [parse_geography(text) for text in cases.values()]
    assert any(len(g.self_loops) for g in graphs) and any(len(g.duplicates) for g in graphs)
    assert parse_geography(cases["empty graph"]).n == 0
    odd = parse_geography(cases["cycle 7"])
    assert odd.n == 7 and not nx.is_bipartite(nx.Graph(odd.edges.tolist()))


def test_bunny_egg_edge_cases_cover_the_families():
    cases = {name: parse_bunny_egg(text) for name, text in bunny_egg.edge_cases(40)}
    # The longest record the largest board allows: the empty cell visits every cell.
    longest = cases["40x40 longest record (snake)"]
    assert longest.k == (40 * 40 - 1) // 2
    assert cases["smallest corridor 1x3"].shape == (1, 3)
    assert cases["corridor 1x40 from the end"].k == 19
    assert {"judge sample 1", "judge sample 2", "judge sample 3"} <= set(cases)
    # Around the start every neighbour is white: Bunny has four choices.
    game = cases["start surrounded by O"]
    r, c = game.start
    assert all(game.board[r + dr, c + dc] == ord("O") for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    assert max(g.k for name, g in cases.items() if "random walk" in name) > 500


# ---------------------------------------------------------------------------
# Random cases


@pytest.mark.parametrize("game", GENERATORS)
@pytest.mark.parametrize("size", [1, 2, 3, 6, 10, 40])
def test_random_cases_are_valid_deterministic_and_varied(game, size):
    gen = GENERATORS[game]
    texts = []
    for seed in range(25):
        a, b = random.Random(seed), random.Random(seed)
        text = gen.random_case(a, size)
        assert gen.random_case(b, size) == text
        assert a.random() == b.random()  # the same draws were consumed
        check_valid(game, text)
        bound = 3 if game == "bunny-egg" and size < 2 else size  # no smaller board holds a round
        assert size_of(game, text) <= bound
        texts.append(text)
    if size >= 6:
        assert len(set(texts)) >= 20


def test_bunny_egg_random_records_are_long_and_short():
    ks = [parse_bunny_egg(bunny_egg.random_case(random.Random(seed), 12)).k for seed in range(60)]
    assert min(ks) == 1 and max(ks) >= 30


# ---------------------------------------------------------------------------
# Reductions


def sample_cases(game: str) -> list[str]:
    gen = GENERATORS[game]
    cases = [text for _, text in gen.edge_cases(6)]
    cases += [gen.random_case(random.Random(seed), size) for seed, size in zip(range(12), [3, 6, 10] * 4)]
    return cases


@pytest.mark.parametrize("game", GENERATORS)
def test_reductions_are_valid_and_strictly_smaller(game):
    total = sum(check_reductions(game, text) for text in sample_cases(game))
    assert total > 100


@pytest.mark.parametrize("game", GENERATORS)
def test_first_reductions_reach_a_minimal_case(game):
    gen = GENERATORS[game]
    for text in sample_cases(game) + [gen.random_case(random.Random(7), 40)]:
        measure = gen._measure(text)
        chain = first_reduction_chain(gen, text)
        # Each step lowers the measure: at most n + m steps, or the sum of the
        # bunny-egg components (none of which ever grows).
        assert len(chain) - 1 <= (measure if game == "geography" else sum(measure))
        last = chain[-1]
        if game == "geography":
            assert last == "0 0\n"
        else:
            cells, k, _ = gen._measure(last)
            assert cells <= 4 and k == 1


def test_bunny_egg_large_record_reductions():
    text = dict(bunny_egg.edge_cases(40))["40x40 long random walk"]
    assert check_reductions("bunny-egg", text, limit=12) == 12
    first = next(bunny_egg.reductions(text))
    assert bunny_egg._measure(first) < bunny_egg._measure(text)


def test_geography_vertex_removal_renumbers():
    # Removing vertex 2 of the path 1-2-3 leaves vertices 1, 2 and no edges;
    # removing vertex 1 leaves the edge 1-2 (old 2-3).
    out = list(geography.reductions("3 2\n1 2\n2 3\n"))
    assert "2 0\n" in out and "2 1\n1 2\n" in out
    assert all(parse_geography(t).n <= 3 for t in out)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 12))
def test_geography_reductions_hypothesis(seed, size):
    text = geography.random_case(random.Random(seed), size)
    check_valid("geography", text)
    check_reductions("geography", text)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(1, 8))
def test_bunny_egg_reductions_hypothesis(seed, size):
    text = bunny_egg.random_case(random.Random(seed), size)
    check_valid("bunny-egg", text)
    check_reductions("bunny-egg", text)


def non_bipartite(text: str) -> bool:
    g = parse_geography(text)
    G = nx.Graph()
    G.add_nodes_from(range(g.n))
    G.add_edges_from((u, v) for u, v in g.edges.tolist() if u != v)
    return not nx.is_bipartite(G)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(3, 14))
def test_geography_shrinks_non_bipartite_to_an_odd_cycle(seed, size):
    # Removing any single edge or vertex is among the reductions, so a graph
    # that stays non-bipartite under none of them is exactly an odd cycle.
    text = geography.random_case(random.Random(seed), size)
    if not non_bipartite(text):
        return
    g = parse_geography(shrink(geography, text, non_bipartite))
    G = nx.Graph(g.edges.tolist())
    assert g.n == len(g.edges) == G.number_of_nodes() and g.n % 2 == 1
    assert nx.is_connected(G) and all(d == 2 for _, d in G.degree)


def has_bunny_mistake(text: str) -> bool:
    with python_kernels():  # tiny boards: skip loading numba
        return bool(analyse_bunny_egg(parse_bunny_egg(text)).bunny_mistakes)


def test_bunny_egg_shrinks_a_mistake_to_one_round():
    shrunk = 0
    for seed in range(30):
        text = bunny_egg.random_case(random.Random(seed), 8)
        if not has_bunny_mistake(text):
            continue
        small = shrink(bunny_egg, text, has_bunny_mistake)
        cells, k, _ = bunny_egg._measure(small)
        assert has_bunny_mistake(small) and k == 1 and cells <= 6, small
        shrunk += 1
    assert shrunk >= 4


# ---------------------------------------------------------------------------
# The stress engine against the programs in tests/candidates


def candidate(name: str, *args: str) -> str:
    return " ".join([sys.executable, str(CANDIDATES / name), *args])


def test_stress_geography_catches_a_bipartite_only_program(tmp_path):
    # The wrong program 2-colours the graph and drops the odd edges: any odd cycle fails it.
    result = stress(get_game("geography"), candidate("geography.py", "--wrong"), count=30, seed=3,
                    max_size=8, timeout=20, out=tmp_path)
    assert result.failure is not None and result.failure.verdict.kind == "WRONG"
    g = parse_geography(result.failure.shrunk.text)
    assert g.n <= 3 and len(g.edges) <= 3 and non_bipartite(result.failure.shrunk.text)
    assert (tmp_path / "geography-wrong.in").read_text() == result.failure.shrunk.text


def test_stress_bunny_egg_catches_a_dropped_last_mistake(tmp_path):
    result = stress(get_game("bunny-egg"), candidate("bunny_egg.py", "--wrong"), count=30, seed=3,
                    max_size=8, timeout=20, out=tmp_path)
    assert result.failure is not None and result.failure.verdict.kind == "WRONG"
    shrunk = result.failure.shrunk
    cells, k, _ = bunny_egg._measure(shrunk.text)
    assert cells <= 4 and k == 1 and shrunk.steps >= 1
    assert cells < bunny_egg._measure(result.failure.case.text)[0]
    assert (tmp_path / "bunny-egg-wrong.ans").read_text().split() == ["1", "1"]
