"""The two rectangle-cutting games in the registry (shared by ``split`` and ``cutting``)."""

from __future__ import annotations

import json
from types import ModuleType

import numpy as np

from gamecert.solvers.cutting.solver import (
    QueryAnswers,
    cutting_position,
    cutting_queries,
    format_cutting_answer,
    format_position,
    format_split_answer,
    parse_position,
    parse_queries,
)
from gamecert.verify.cutting.audit import rule_audits
from gamecert.verify.cutting.generator import PiecesGenerator
from gamecert.verify.game import Exhaustive, Formulation, Game, Pictures, Play, first_difference

_WORDS = {"split": ("Alice", "Bob"), "cutting": ("WIN", "LOSE")}
_SUMMARY = {
    "split": "Split Game (ICPC 2020 Jiangxi J): cutting out a 1x1 loses; Alice or Bob",
    "cutting": "Cutting Game (POJ 2311): cutting out a 1x1 wins; WIN or LOSE",
}


def _pairs(pieces) -> list[tuple[int, int]]:
    return [(p.rows, p.cols) for p in pieces]


def _words(rule: str, wins) -> list[str]:
    win, lose = _WORDS[rule]
    return [win if w else lose for w in wins]


def _picture(pieces, answers, focus: str | None) -> str:
    from gamecert.verify.cutting.show import picture

    return picture(pieces, answers, focus)


def _position_picture(rule: str, text: str) -> str:
    from gamecert.verify.cutting.show import position_picture

    return position_picture(rule, text)


def _play(rule: str, text: str):
    from gamecert.verify.cutting.play import CuttingPlay

    return CuttingPlay(rule, text)


def _exhaustive_family() -> ModuleType:
    from gamecert.verify.cutting import exhaustive  # campaigns only: not loaded by `gamecert solve`

    return exhaustive


def make_game(rule: str) -> Game:
    """The registry entry of one rule set (``"split"`` or ``"cutting"``)."""

    def contest_problem():
        from gamecert.verify.cutting import contest  # `gamecert package` only

        return {"split": contest.SPLIT, "cutting": contest.CUTTING}[rule]

    to_json_note = (
        "table[n][m] is the Sprague-Grundy value of an n x m piece, -1 where undefined; "
        "every defined entry must be the mex of its cuts' xors"
    )

    def to_json(sol: QueryAnswers) -> dict:
        return {
            "game": rule,
            "answer": _words(rule, sol.first_player_wins.tolist()),
            "pieces": [[p.rows, p.cols] for p in sol.pieces],
            "values": sol.values.tolist(),
            "certificate": {
                "rule": rule,
                "table": sol.table.values.tolist(),
                "note": to_json_note,
            },
        }

    def json_stream(sol: QueryAnswers) -> dict:
        """``to_json`` with its arrays streamed (same bytes through ``write_json``)."""
        from gamecert.verify.engine.jsonstream import Rows

        wins = sol.first_player_wins
        sides = np.stack([sol.pieces.rows, sol.pieces.cols], axis=1)
        values = sol.values.astype(np.int64)[:, None]
        table = sol.table.values
        row = "[" + ", ".join(["%d"] * table.shape[1]) + "]"
        note = to_json_note
        return {
            "game": rule,
            "answer": Rows(tuple(json.dumps(w) for w in _WORDS[rule][::-1]), len(wins), lambda i, j: (np.zeros((j - i, 0)), wins[i:j])),
            "pieces": Rows("[%d, %d]", len(sides), lambda i, j: (sides[i:j], None)),
            "values": Rows("%d", len(values), lambda i, j: (values[i:j], None)),
            "certificate": {"rule": rule, "table": Rows(row, len(table), lambda i, j: (table[i:j], None)), "note": note},
        }

    def certify(pieces, sol: QueryAnswers) -> list[str]:
        from gamecert.verify.cutting.certificate import check_sg_table

        problems = [str(v) for v in check_sg_table(sol.table.values, rule)]
        size = sol.table.size
        for i, p in enumerate(pieces):
            if max(p.rows, p.cols) > size:
                problems.append(f"query {i + 1} ({p}) lies outside the {size}x{size} table")
            elif int(sol.values[i]) != int(sol.table.values[p.rows, p.cols]):
                problems.append(f"query {i + 1} ({p}) has value {sol.values[i]}, the table says {sol.table.values[p.rows, p.cols]}")
        return problems

    def explain(pieces, fast: tuple, other: tuple) -> str:
        i = first_difference(fast, other)
        if i is None:
            return "answers agree"
        if i >= min(len(fast), len(other)):
            return f"{len(other)} answers, fast has {len(fast)}"
        got, want = _words(rule, [other[i], fast[i]])
        return f"query {i + 1} ({pieces[i]}): {got}, fast says {want}"

    def search_fits(pieces) -> str | None:
        from gamecert.verify.cutting.search import fits

        for p in pieces:
            reason = fits([(p.rows, p.cols)], rule)
            if reason is not None:
                return f"query {p}: {reason}"
        return None

    def search_answer(pieces) -> tuple[bool, ...]:
        from gamecert.verify.cutting.search import rule_search

        memo: dict = {}
        return tuple(rule_search([pair], rule, memo) for pair in _pairs(pieces))

    def reference_fits(pieces) -> str | None:
        from gamecert.verify.cutting.reference import fits

        return fits(_pairs(pieces))

    def reference_answer(pieces) -> tuple[bool, ...]:
        from gamecert.verify.cutting.reference import reference_wins

        return reference_wins(_pairs(pieces), rule)

    def solve_position(text: str) -> dict:
        # The registry passes no judge_limits flag here; a position is not judge input.
        pieces = parse_position(text, rule, "--position", judge_limits=False)
        sol = cutting_position(pieces, rule)
        win, lose = _WORDS[rule]
        move = None
        if sol.move is not None:
            m = sol.move
            move = {
                "piece": m.piece + 1,
                "direction": m.direction,
                "at": m.at,
                "parts": [[q.rows, q.cols] for q in m.parts],
                "text": str(m),
            }
        return {
            "game": rule,
            "pieces": [[p.rows, p.cols] for p in sol.pieces],
            "values": list(sol.values),
            "value": sol.value,
            "answer": win if sol.first_player_wins else lose,
            "winner": "first player" if sol.first_player_wins else "second player",
            "move": move,
            "text": format_position(sol),
        }

    return Game(
        name=rule,
        summary=_SUMMARY[rule],
        parse=lambda text, source, judge_limits: parse_queries(text, rule, source, judge_limits),
        solve=lambda pieces: cutting_queries(pieces, rule),
        format=format_split_answer if rule == "split" else format_cutting_answer,
        to_json=to_json,
        json_stream=json_stream,
        answer=lambda sol: tuple(bool(w) for w in sol.first_player_wins.tolist()),
        certify=certify,
        explain=explain,
        formulations=(
            Formulation("rule-search", search_fits, search_answer),
            Formulation("plain-sg", reference_fits, reference_answer),
        ),
        solve_position=solve_position,
        pictures=Pictures(_picture, position=lambda text: _position_picture(rule, text)),
        play=Play(position=lambda text: _play(rule, text)),
        generator=PiecesGenerator(rule),
        audits=rule_audits(rule),
        exhaustive=Exhaustive(_exhaustive_family, "total area", {"rule": rule}),
        contest=contest_problem,
    )


SPLIT = make_game("split")
CUTTING = make_game("cutting")
