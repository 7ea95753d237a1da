"""Predict the Winner (LeetCode 486): two players take numbers from either end of an array.

A rules file for gamecert (docs/rules.md), of the score kind. Player 1 and
player 2 take turns (player 1 first), each taking the number at either end
of the array and adding it to their own score, until the array is empty.
The question: can player 1 end with a score at least player 2's (a tie counts
for player 1)? That is a score of 0 or more for the player to move, own
points minus the opponent's.

One input line is one array as the judge gives it, ``[1,5,2]``. The answer
is the judge's: ``true`` or ``false``. The problem's examples: ``[1,5,2]``
answers ``false`` (player 1 gets 3 against 5, score -2) and ``[1,5,233,7]``
``true`` (score 222).

    gamecert solve --rules examples/predict_the_winner.py INPUT
"""

import json
from itertools import product

KIND = "score"


def parse(line):
    """The array of one input line, as a tuple, e.g. ``"[1,5,2]"`` -> ``(1, 5, 2)`` (``[]``: nothing left, score 0)."""
    try:
        numbers = json.loads(line)
    except ValueError:
        numbers = None
    if not isinstance(numbers, list) or any(type(x) is not int or x < 0 for x in numbers):
        raise ValueError(f"expected an array of whole numbers 0 or more, [1,5,2], got {line!r}")
    return tuple(numbers)


def moves(numbers):
    """Take the first number or the last one: ``(what is left, the number taken)``."""
    if not numbers:
        return []
    if len(numbers) == 1:
        return [((), numbers[0])]
    return [(numbers[1:], numbers[0]), (numbers[:-1], numbers[-1])]


def answer(outcome, score):
    """``true`` when player 1, the player to move, can end with at least player 2's score."""
    return "true" if score >= 0 else "false"


def positions(size):
    """Every array of ``size`` numbers from 0 to 3."""
    return list(product(range(4), repeat=size))


def format(numbers):
    """The array as an input line (``parse`` reads it back)."""
    return json.dumps(list(numbers), separators=(",", ":"))
