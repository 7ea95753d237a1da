"""Kayles (Dudeney 1908): a row of pins; a move knocks down one pin or two adjacent pins.

A position is a row of n pins (an int) or, after a move, the rows left on
either side (a tuple); the value of a position is the xor of its rows'.
Two claims about the rows' values, for ``gamecert audit --claim``:
``published_value`` (right) and ``period_formula`` (wrong for small rows).
"""

# The periodic part (n >= 71) and the exceptions, from OEIS A002186 (Sprague-Grundy values for the game of
# Kayles; Guy and Smith, Proc. Cambridge Philos. Soc. 52 (1956) 514-526): a(n) = PERIOD[n % 12] from n = 71
# on, "the only exceptions are n=0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57 and 70".
PERIOD = (4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7)
EXCEPTIONS = {0: 0, 3: 3, 6: 3, 9: 4, 11: 6, 15: 7, 18: 3, 21: 4, 22: 6, 28: 5, 34: 6, 39: 3, 57: 4, 70: 6}


def parse(line):
    return int(line)


def moves(n):
    for take in (1, 2):
        for left in range(n - take + 1):
            yield (left, n - take - left)


def components(p):
    return [k for k in ((p,) if isinstance(p, int) else p) if k > 0]


def positions(size):
    return [size]


def published_value(n):
    """The nim value of a row of n pins, as OEIS A002186 publishes it."""
    return EXCEPTIONS.get(n, PERIOD[n % 12])


def period_formula(n):
    """The period-12 formula for every row (right from n = 71 on; the empty row is a loss)."""
    return 0 if n == 0 else PERIOD[n % 12]


def first_player_wins(n):
    """Whether the player to move wins on a row of n pins: always, by the symmetry strategy, but for n = 0."""
    return n > 0
