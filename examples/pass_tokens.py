"""Take or pass: take 1 or 2 counters from a heap, or pass by handing the opponent one of your pass tokens.

A rules file for gamecert (docs/rules.md), of the general kind, with a pass
move and draws by repetition. A heap of counters lies between two players,
each holding some pass tokens. A move either takes one or two counters from
the heap, or (for a player holding a token) passes, handing one token to the
opponent. Whoever takes the last counter wins. Two passes in a row bring the
game back to where it was, so the players may pass for ever: when neither
can force a win, the game is a draw.

One input line is one position: the heap, the tokens of the player to move,
the opponent's tokens (``4 1 1``). Without tokens this is the subtraction
game {1, 2}, lost for the player to move on a multiple of 3. With them:
``3 0 2`` is lost (``lose 2``: a take leaves 1 or 2, which the opponent
takes), ``4 2 0`` is won (``win 3``: take one, leaving 3 to an opponent
with no token), and ``4 1 1`` is a draw (either may always pass back).

A position is ``(heap, mine, theirs)``; a pass leads from ``(n, a, b)`` to
``(n, b + 1, a - 1)`` and a second pass back to ``(n, a, b)``.

    gamecert solve --rules examples/pass_tokens.py INPUT
"""

KIND = "general"


def parse(line):
    """The position of one input line, ``"4 1 1"`` -> ``(4, 1, 1)``."""
    words = line.split()
    if len(words) != 3 or not all(w.isdigit() for w in words):
        raise ValueError(
            f"expected the heap and each player's tokens (the mover's first), three whole numbers, got {line!r}"
        )
    return tuple(int(w) for w in words)


def result(position):
    """No counter left: the opponent took the last one, so the player to move has lost."""
    return "lose" if position[0] == 0 else None


def moves(position):
    """Take 1 or 2 counters, or hand the opponent a token; then the opponent moves with the tokens swapped."""
    heap, mine, theirs = position
    for take in (1, 2):
        if take <= heap:
            yield (heap - take, theirs, mine)
    if mine:
        yield (heap, theirs + 1, mine - 1)


def tier(position):
    """Minus the heap: a take moves up a tier, a pass stays in it (passes loop inside a tier)."""
    return -position[0]


def positions(size):
    """Every position with ``size`` counters and tokens in all."""
    return [(n, a, size - n - a) for n in range(size + 1) for a in range(size - n + 1)]


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    return " ".join(map(str, position))
