"""Cutcake: Left cuts a piece of cake along a vertical line, Right along a horizontal one.

A partizan rules file for gamecert (docs/partizan.md). One input line is one
position: pieces ``WxH`` (W squares wide, H high) separated by spaces, e.g.
``4x3 2x2``. Left cuts one piece of width at least 2 into two pieces of widths
a and W - a; Right cuts one of height at least 2 into heights b and H - b. The
player who cannot cut loses. Every piece is a game of its own (``components``).

Winning Ways (Berlekamp, Conway, Guy, ch. 2) gives every value: an integer,
``floor(W / 2^k) - 1`` with ``2^k <= H < 2^(k+1)`` when Left has the longer
side, and the negative of the mirrored rule otherwise; the claim ``published``
below writes it, and ``gamecert audit --rules examples/cutcake.py --claim
published --exhaustive 8`` checks it.

    gamecert solve --rules examples/cutcake.py INPUT
"""

KIND = "partizan"


def parse(line):
    """Pieces ``WxH`` separated by spaces (an empty line: no cake)."""
    pieces = []
    for word in line.split():
        w, x, h = word.partition("x")
        if not (x and w.isdigit() and h.isdigit() and int(w) > 0 and int(h) > 0):
            raise ValueError(f"expected a piece WxH with W, H at least 1, got {word!r}")
        pieces.append((int(w), int(h)))
    return tuple(sorted(pieces))


def left(position):
    """Cut one piece across its width: ``(W, H)`` -> ``(a, H) + (W - a, H)``."""
    out = []
    for i, (w, h) in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        out += [tuple(sorted(rest + ((a, h), (w - a, h)))) for a in range(1, w // 2 + 1)]
    return out


def right(position):
    """Cut one piece across its height: ``(W, H)`` -> ``(W, b) + (W, H - b)``."""
    out = []
    for i, (w, h) in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        out += [tuple(sorted(rest + ((w, b), (w, h - b)))) for b in range(1, h // 2 + 1)]
    return out


def components(position):
    """Each piece on its own."""
    return [(piece,) for piece in position]


def format(position):
    return " ".join(f"{w}x{h}" for w, h in position)


def positions(size):
    """Every single piece with ``W + H = size + 1``."""
    return [((w, size + 1 - w),) for w in range(1, size + 1)]


def published(position):
    """Winning Ways' value of a sum of pieces: the sum of each piece's integer value."""
    total = 0
    for w, h in position:
        if w >= h:
            total += w // (1 << (h.bit_length() - 1)) - 1
        else:
            total -= h // (1 << (w.bit_length() - 1)) - 1
    return str(total)
