"""Toads and Frogs: Left's toads ``T`` move right, Right's frogs ``F`` move left, on a strip of squares.

A partizan rules file for gamecert (docs/partizan.md). One input line is one
strip of ``T``, ``F`` and ``.`` (an empty square), e.g. ``TT..FF``. A toad
moves one square to the right onto an empty square, or jumps over one frog
just to its right onto the empty square beyond; a frog does the same to the
left over a toad. The player who cannot move loses.

A position is the strip with its dead ends cut off: frogs packed against the
left end and toads packed against the right end can never move again and
block nothing.

    gamecert solve --rules examples/toads_and_frogs.py INPUT
"""

KIND = "partizan"
NAME = "toads-and-frogs"


def parse(line):
    """A strip of ``T``, ``F`` and ``.``."""
    strip = line.strip()
    bad = set(strip) - set("TF.")
    if bad:
        raise ValueError(f"expected a strip of 'T', 'F' and '.', got {min(bad)!r}")
    return _trim(strip)


def _trim(strip):
    return strip.lstrip("F").rstrip("T")


def _moves(strip, me, them, step):
    out = []
    for i, ch in enumerate(strip):
        if ch != me:
            continue
        j = i + step
        if 0 <= j < len(strip) and strip[j] == ".":
            out.append(_put(strip, i, j, me))
        k = i + 2 * step
        if 0 <= k < len(strip) and strip[j] == them and strip[k] == ".":
            out.append(_put(strip, i, k, me))
    return out


def _put(strip, i, j, ch):
    cells = list(strip)
    cells[i], cells[j] = ".", ch
    return _trim("".join(cells))


def left(position):
    """A toad steps or jumps right."""
    return _moves(position, "T", "F", 1)


def right(position):
    """A frog steps or jumps left."""
    return _moves(position, "F", "T", -1)


def format(position):
    return position


def positions(size):
    """Every strip of ``size`` squares."""
    strips = [""]
    for _ in range(size):
        strips = [s + ch for s in strips for ch in "TF."]
    return sorted({_trim(s) for s in strips})
