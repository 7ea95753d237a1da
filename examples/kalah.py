"""A small Kalah: sow seeds around two rows of pits; the last seed in your own store earns another move.

A rules file for gamecert (docs/rules.md), of the score kind, with extra
moves. South (``S``) and North (``N``) each own a row of P pits and a store
at its end. A move takes every seed from one of the mover's non-empty pits
and sows them one by one into the following pits counterclockwise: along
the mover's row, into the mover's store, along the opponent's row (the
opponent's store is skipped), and round again. The seeds that land in a
store are its owner's points, so every point here is the mover's.

- The last seed in the mover's own store: the mover moves again.
- The last seed in an empty pit of the mover's, facing a pit of the
  opponent's that holds seeds: that seed and the facing ones go to the
  mover's store (a capture).
- When either row is empty the game ends, and the seeds left in the other
  row go to their owner's store.

The answer is the score for the player to move: own points minus the
opponent's, from here on. One input line is either ``P K`` (P pits a side,
K seeds in each, South to move: ``3 2``) or a position as ``format`` writes
it: the mover, South's pits in sowing order, ``|``, North's pits in sowing
order (``S 2 2 2 | 2 2 2``; South's first pit faces North's last).

A position is ``(mover, pits)``, ``pits`` South's P pits then North's; only
the seeds still in play are part of it, since what the stores already hold
cannot change what is left to win. ``player`` names the mover, so a move
ending in the mover's store is an extra move.

    gamecert solve --rules examples/kalah.py INPUT
"""

KIND = "score"

OTHER = {"S": "N", "N": "S"}


def parse(line):
    """The position of one input line: ``"3 2"`` -> ``("S", (2, 2, 2, 2, 2, 2))``; ``"N 0 1 | 2 0"`` as written."""
    words = line.split()
    if len(words) == 2 and all(w.isdigit() for w in words):
        pits, seeds = int(words[0]), int(words[1])
        if not 1 <= pits <= 6:
            raise ValueError(f"expected 1 to 6 pits a side, got {pits}")
        return ("S", (seeds,) * (2 * pits))
    if not words or words[0] not in OTHER or words.count("|") != 1:
        raise ValueError(
            f"expected P K (pits a side, seeds a pit) or S or N then the pits with | between the rows, got {line!r}"
        )
    bar = words.index("|")
    south, north = words[1:bar], words[bar + 1 :]
    if len(south) != len(north) or not south or not all(w.isdigit() for w in south + north):
        raise ValueError(f"expected as many pits on each side, each a whole number, got {line!r}")
    return (words[0], tuple(int(w) for w in south + north))


def _row(mover, count):
    """The mover's pits (indices into ``pits``) in sowing order, and the opponent's."""
    south, north = list(range(count)), list(range(count, 2 * count))
    return (south, north) if mover == "S" else (north, south)


def result(position):
    """Over when either row is empty: each side's seeds go to its owner, so the mover gains own minus other."""
    mover, pits = position
    mine, theirs = _row(mover, len(pits) // 2)
    own, other = sum(pits[i] for i in mine), sum(pits[i] for i in theirs)
    return own - other if own == 0 or other == 0 else None


def moves(position):
    """Sow from each non-empty pit of the mover's: ``(the new position, the seeds put in the mover's store)``."""
    mover, pits = position
    count = len(pits) // 2
    mine, theirs = _row(mover, count)
    ring = mine + [None] + theirs  # None: the mover's store
    for k, pit in enumerate(mine):
        if not pits[pit]:
            continue
        after, store, at = list(pits), 0, k
        after[pit] = 0
        for _ in range(pits[pit]):
            at = (at + 1) % len(ring)
            if ring[at] is None:
                store += 1
            else:
                after[ring[at]] += 1
        last = ring[at]
        if last is None:
            yield (mover, tuple(after)), store  # an extra move
            continue
        facing = theirs[count - 1 - mine.index(last)] if last in mine else None
        if facing is not None and after[last] == 1 and after[facing] > 0:
            store += 1 + after[facing]
            after[last] = after[facing] = 0
        yield (OTHER[mover], tuple(after)), store


def player(position):
    """``S`` or ``N``: a move that keeps the mover is an extra move."""
    return position[0]


def positions(size):
    """Every position of two pits a side holding ``size`` seeds in all, either player to move."""
    found = []
    for a in range(size + 1):
        for b in range(size + 1 - a):
            for c in range(size + 1 - a - b):
                found += [(mover, (a, b, c, size - a - b - c)) for mover in ("S", "N")]
    return found


def format(position):
    """The position as an input line (``parse`` reads it back)."""
    mover, pits = position
    count = len(pits) // 2
    return " ".join([mover, *map(str, pits[:count]), "|", *map(str, pits[count:])])
