"""Take or pass (tests' copy): take 1 or 2 counters, or hand the opponent one of your pass tokens; whoever
takes the last counter wins; endless passing is a draw. A line is ``heap mine theirs``."""

KIND = "general"


def parse(line):
    return tuple(int(w) for w in line.split())


def result(position):
    return "lose" if position[0] == 0 else None


def moves(position):
    heap, mine, theirs = position
    out = [(heap - take, theirs, mine) for take in (1, 2) if take <= heap]
    if mine:
        out.append((heap, theirs + 1, mine - 1))
    return out


def positions(size):
    return [(n, a, size - n - a) for n in range(size + 1) for a in range(size - n + 1)]


def format(position):
    return " ".join(map(str, position))


def without_tokens(position):
    """The subtraction game's rule, as if nobody held a token: a multiple of 3 is lost."""
    return "lose" if position[0] % 3 == 0 else "win"


def mover_wins(position):
    """Tokens only delay: the player to move wins iff the heap is not a multiple of 3 (wrong with tokens)."""
    return position[0] % 3 != 0
