"""Clobber on a strip: Left's stones ``x``, Right's ``o``; a move clobbers an adjacent stone of the opponent's.

A partizan rules file for gamecert (docs/partizan.md). One input line is one
strip of ``x``, ``o`` and ``.`` (an empty square), e.g. ``xoxo.ox``. A move
picks one of your stones and moves it onto a square next to it holding one of
the opponent's stones, which is removed; the square left is empty. The player
who cannot move loses.

An empty square never fills again, so the strip is the sum of its runs of
stones (``components``); a run reads the same game backwards, so each run is
kept as the lesser of itself and its reverse.

    gamecert solve --rules examples/clobber.py INPUT
"""

KIND = "partizan"


def parse(line):
    """A strip of ``x``, ``o`` and ``.``: its runs of stones."""
    strip = line.strip()
    bad = set(strip) - set("xo.")
    if bad:
        raise ValueError(f"expected a strip of 'x', 'o' and '.', got {min(bad)!r}")
    return _runs(strip)


def _runs(strip):
    # A run of one colour only is dead (nobody can move in it), so it is dropped.
    runs = [min(r, r[::-1]) for r in strip.split(".") if "x" in r and "o" in r]
    return tuple(sorted(runs))


def _moves(position, me):
    out = []
    for i, run in enumerate(position):
        rest = ".".join(position[:i] + position[i + 1 :])
        for j, ch in enumerate(run):
            if ch != me:
                continue
            for k in (j - 1, j + 1):
                if 0 <= k < len(run) and run[k] not in (me, "."):
                    cells = list(run)
                    cells[j], cells[k] = ".", me
                    out.append(_runs(rest + "." + "".join(cells)))
    return out


def left(position):
    """Left moves an ``x`` onto an adjacent ``o``."""
    return _moves(position, "x")


def right(position):
    """Right moves an ``o`` onto an adjacent ``x``."""
    return _moves(position, "o")


def components(position):
    """Each run of stones on its own."""
    return [(run,) for run in position]


def format(position):
    return ".".join(position)


def positions(size):
    """Every strip of ``size`` stones without gaps."""
    strips = [""]
    for _ in range(size):
        strips = [s + ch for s in strips for ch in "xo"]
    return sorted({_runs(s) for s in strips})
