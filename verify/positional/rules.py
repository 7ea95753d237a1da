"""The board of one position of a positional rules file (:class:`~gamecert.solvers.rules.rules.ClaimRules`).

A rules file of ``KIND = "positional"`` defines ``parse(line)``,
``board(position) -> (cells, mine, theirs)`` and one of
``lines(position) -> (my_lines, their_lines)`` or
``links(position) -> (edges, my_sides, their_sides)`` (docs/rules.md).
:func:`root_board` calls them and returns a
:class:`~gamecert.solvers.positional.board.ClaimBoard`; everything the user's
code raises or returns against the contract becomes a
:class:`~gamecert.solvers.errors.RulesError` naming the function.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamecert.solvers.errors import GamecertError, RulesError
from gamecert.solvers.positional.board import ClaimBoard
from gamecert.solvers.rules.rules import ClaimRules


def _call(rules: ClaimRules, function: str, fn: Callable, position: Any) -> Any:
    try:
        return fn(position)
    except RulesError:
        raise
    except Exception as exc:  # noqa: BLE001 - the user's code: its fault becomes a located RulesError
        line = getattr(getattr(fn, "__code__", None), "co_firstlineno", 1)
        raise RulesError(rules.path, line, 1, f"{function}() raised {type(exc).__name__}: {exc}") from None


def _fault(rules: ClaimRules, function: str, fn: Callable, why: str) -> RulesError:
    line = getattr(getattr(fn, "__code__", None), "co_firstlineno", 1)
    return RulesError(rules.path, line, 1, f"{function}() {why}")


def root_board(rules: ClaimRules, position: Any) -> ClaimBoard:
    """The board of ``position``: the rules' ``board`` and ``lines`` (or ``links``) called once each.

    Raises
    ------
    RulesError
        if a function raises, or returns what the contract forbids (the message says what was expected).
    """
    got = _call(rules, "board", rules.board, position)
    try:
        cells, mine, theirs = got
        cells, mine, theirs = list(cells), list(mine), list(theirs)
    except (TypeError, ValueError):
        raise _fault(rules, "board", rules.board, "must return (cells, mine, theirs), three collections") from None
    try:
        if rules.lines is not None:
            got = _call(rules, "lines", rules.lines, position)
            try:
                mine_sets, their_sets = got
                mine_sets = [list(s) for s in mine_sets]
                their_sets = [list(s) for s in their_sets]
            except (TypeError, ValueError):
                why = "must return (my_lines, their_lines), two collections of collections of cells"
                raise _fault(rules, "lines", rules.lines, why) from None
            return ClaimBoard.from_lines(cells, mine, theirs, mine_sets, their_sets)
        got = _call(rules, "links", rules.links, position)
        try:
            edges, my_sides, their_sides = got
            edges = [tuple(e) for e in edges]
            my_sides = tuple(list(s) for s in my_sides)
            their_sides = tuple(list(s) for s in their_sides)
        except (TypeError, ValueError):
            why = "must return (edges, my_sides, their_sides): pairs of cells and two sides per player"
            raise _fault(rules, "links", rules.links, why) from None
        return ClaimBoard.from_links(cells, mine, theirs, edges, my_sides, their_sides)
    except RulesError:
        raise
    except GamecertError as exc:
        function = "lines" if rules.lines is not None else "links"
        fn = rules.lines or rules.links
        raise _fault(rules, f"board/{function}", fn, f"describe no board: {exc}") from None
