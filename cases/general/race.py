"""A race to a hole with a step set per player, on a circle (the shape of Codeforces 786A, Berzerk).

The circle has cells ``0 .. n-1``; cell 0 is the hole. A token starts on a cell; the first player
moves it forward by one of their steps, then the second by one of theirs, and so on: the player
who moves it into the hole wins. Play may go round for ever: a draw.

Input (whole): ``n``, then the first player's steps, then the second player's; every cell
``1 .. n-1`` is a start, first player to move, then again with the second player to move. Output:
one line per player, a word per start: ``Win``, ``Lose`` or ``Loop``.
"""

KIND = "general"
NAME = "race-case"


def parse(text):
    lines = text.split("\n")
    n = int(lines[0])
    steps = tuple(tuple(int(w) for w in line.split()) for line in lines[1:3])
    return n, steps


def starts(instance):
    n, steps = instance
    return [(cell, who, n, steps) for who in (0, 1) for cell in range(1, n)]


def player(position):
    return position[1]


def result(position):
    # the player who moved the token into the hole has won: the player to move here has lost
    return "lose" if position[0] == 0 else None


def moves(position):
    cell, who, n, steps = position
    return [((cell + s) % n, 1 - who, n, steps) for s in steps[who]]


def output(instance, answers):
    n = instance[0]
    words = [{"win": "Win", "lose": "Lose", "draw": "Loop"}[outcome] for outcome, _ in answers]
    return " ".join(words[: n - 1]) + "\n" + " ".join(words[n - 1 :]) + "\n"
