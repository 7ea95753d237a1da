"""Berzerk (Codeforces 786A / 787C): a monster on a circle of objects; who pushes it into the black hole wins.

A rules file for gamecert (docs/rules.md), of the general kind, in the
judge's whole-input form. Objects 1..n stand clockwise on a circle; object 1
is a black hole, and the monster stands on one of the planets 2..n. Rick
and Morty take turns; Rick's set s1 and Morty's set s2 hold numbers from 1
to n - 1, and a move picks a number x from the mover's own set and moves the
monster x objects clockwise. The player who moves it into the black hole
wins. The players may move for ever: endless play is a ``Loop``.

Input (the judge's): ``n`` (2 <= n <= 7000), then ``k1`` and Rick's k1
numbers, then ``k2`` and Morty's k2 numbers. Output: two lines of n - 1
words, ``Win``, ``Lose`` or ``Loop``: the first for Rick moving first with
the monster on planet 2, 3, ..., n; the second for Morty moving first.
The problem's first sample, ``5 / 2 3 2 / 3 1 2 3``, answers
``Lose Win Win Loop`` and ``Loop Win Win Win``.

A position is ``(rules, place, mover)``: the instance's text form (the same
string object in every position, so hashing it is cheap), the monster's
object, and who moves (0 Rick, 1 Morty).

    gamecert solve --rules examples/berzerk.py INPUT
"""

from functools import cache

KIND = "general"

WORD = {"win": "Win", "lose": "Lose", "draw": "Loop"}


def parse(text):
    """The instance: ``n`` and both step sets, as the canonical text ``"n|s1|s2"``."""
    numbers = text.split()
    if not numbers or not all(word.isdigit() for word in numbers):
        raise ValueError("expected whole numbers: n, then k1 and Rick's steps, then k2 and Morty's steps")
    values = [int(word) for word in numbers]
    n, at, sets = values[0], 1, []
    if n < 2:
        raise ValueError(f"expected n >= 2 objects, got {n}")
    for who in ("Rick", "Morty"):
        k = values[at] if at < len(values) else 0
        steps = values[at + 1 : at + 1 + k]
        if not 1 <= k <= n - 1 or len(steps) != k or any(not 1 <= s <= n - 1 for s in steps):
            raise ValueError(f"expected k from 1 to n - 1 and then k steps from 1 to n - 1 for {who}")
        sets.append(steps)
        at += 1 + k
    if at != len(values):
        raise ValueError(f"expected {at} numbers, got {len(values)}")
    return f"{n}|{' '.join(map(str, sets[0]))}|{' '.join(map(str, sets[1]))}"


@cache
def _instance(rules):
    n, rick, morty = rules.split("|")
    return int(n), (tuple(map(int, rick.split())), tuple(map(int, morty.split())))


def starts(rules):
    """Rick first with the monster on 2..n, then Morty first on 2..n."""
    n, _ = _instance(rules)
    return [(rules, place, mover) for mover in (0, 1) for place in range(2, n + 1)]


def result(position):
    """The monster in the black hole: the previous mover won, so the player to move has lost."""
    return "lose" if position[1] == 1 else None


def moves(position):
    """Move the monster x objects clockwise, for each x of the mover's set."""
    rules, place, mover = position
    n, steps = _instance(rules)
    for x in steps[mover]:
        yield (rules, (place - 1 + x) % n + 1, 1 - mover)


def output(rules, answers):
    """Two lines of ``Win`` / ``Lose`` / ``Loop``, Rick's starts first (answers come in the order of ``starts``)."""
    words = [WORD[outcome] for outcome, _ in answers]
    half = len(words) // 2
    return " ".join(words[:half]) + "\n" + " ".join(words[half:]) + "\n"


def format(position):
    """A position as messages and pictures show it: the monster's object and who moves."""
    _, place, mover = position
    return f"monster on {place}, {('Rick', 'Morty')[mover]} to move"
