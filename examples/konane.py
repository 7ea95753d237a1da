"""Konane, its values: Left's stones ``x``, Right's ``o``; a move jumps one of your stones over an adjacent stone
of the opponent's into the empty square beyond, which is removed.

A partizan rules file for gamecert (docs/partizan.md). One input line is one
board: its rows separated by ``/``, ``x`` a stone of Left's, ``o`` one of
Right's and ``.`` an empty square (``xox/o.o/xox``), or ``RxC`` for a full
checkerboard of R rows and C columns with ``x`` in the top-left corner. A jump
goes up, down, left or right; the same stone may go on jumping in the same
direction, and each place it may stop is a move of its own. The player who
cannot move loses.

A position is ``(rows, columns, x stones, o stones)``, the stones as bitmasks:
square ``(r, c)`` is bit ``r * (columns + 1) + c``; the spare column keeps a
jump from wrapping between rows. The board falls apart into parts that never
meet (``components``): a group of stones can only ever stand on the squares it
reaches by jumping over its own squares (its reach, grown until it stops), so
groups whose reaches neither share nor touch a square play apart. A part is
kept cropped to its reach, the least of itself and its mirror images
left-right and top-bottom (which leave the game as it is), and a part whose
stones are all one player's, where nobody can move, is dropped.

    gamecert solve --rules examples/konane.py INPUT
"""

KIND = "partizan"
NAME = "konane"


def parse(line):
    """A board of ``x``, ``o`` and ``.`` rows separated by ``/``, or ``RxC`` (a full checkerboard)."""
    text = line.strip()
    rows, sep, cols = text.partition("x")
    if sep and rows.isdigit() and cols.isdigit():
        h, w = int(rows), int(cols)
        grid = ["".join("xo"[(r + c) % 2] for c in range(w)) for r in range(h)]
    else:
        grid = text.split("/")
        bad = set("".join(grid)) - set("xo.")
        if bad:
            raise ValueError(f"expected RxC or rows of 'x', 'o' and '.' separated by '/', got {min(bad)!r}")
        h, w = len(grid), max(len(row) for row in grid)
        if any(len(row) != w for row in grid):
            raise ValueError("expected rows of one length")
    if h * (w + 1) > 400:
        raise ValueError("expected a board of at most 400 squares")
    black = white = 0
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == "x":
                black |= 1 << (r * (w + 1) + c)
            elif ch == "o":
                white |= 1 << (r * (w + 1) + c)
    return (h, w, black, white)


def _jumps(position, me):
    h, w, black, white = position
    mine, theirs = (black, white) if me == 0 else (white, black)
    free = _board(h, w) & ~(black | white)
    out = []
    for d in (1, w + 1):
        # The stones that can jump once, towards higher bits and towards lower ones, all found at once.
        for up, starts in ((True, mine & (theirs >> d) & (free >> 2 * d)), (False, mine & (theirs << d) & (free << 2 * d))):
            while starts:
                p = starts & -starts
                starts ^= p
                at, there, empty = p, theirs, free
                while True:  # on along one line: each square it may stop on is a move
                    over, land = (at << d, at << 2 * d) if up else (at >> d, at >> 2 * d)
                    if not (over & there and land & empty):
                        break
                    there ^= over
                    empty = (empty | over) ^ land
                    at = land
                    here = (mine ^ p) | at
                    out.append((h, w, here, there) if me == 0 else (h, w, there, here))
    return out


def left(position):
    """Left jumps an ``x`` over adjacent ``o`` stones."""
    return _jumps(position, 0)


def right(position):
    """Right jumps an ``o`` over adjacent ``x`` stones."""
    return _jumps(position, 1)


def _reach(cells, board, s):
    """The squares a stone of ``cells`` may ever stand on: grown by jumps over squares already reached."""
    reach = cells
    while True:
        grown = reach
        for d in (1, s):
            grown |= ((reach & (reach >> d)) << 2 * d) | ((reach & (reach << d)) >> 2 * d)
        grown &= board
        if grown == reach:
            return reach
        reach = grown


def components(position):
    """The parts of the board that never meet, each cropped and mirrored to its least image; dead parts dropped.

    The reach of all stones, grown by jumps over squares already reached,
    falls into regions that share no side; each region is the reach of the
    stones in it alone (a square is added next to one already there, and
    squares of two regions are never side by side), so no stone ever jumps
    from one region into another or over a stone of another.
    """
    h, w, black, white = position
    s = w + 1
    board = _board(h, w)
    left = _reach(black | white, board, s)
    parts = []
    while left:
        region = left & -left
        while True:
            grown = (region | region << 1 | region >> 1 | region << s | region >> s) & left
            if grown == region:
                break
            region = grown
        left ^= region
        if region & black and region & white:
            parts.append(_least(h, w, black & region, white & region, region))
    if len(parts) > 1:
        parts.sort()
    return parts


#: ``_MIRROR[n][x]``: the ``n`` bits of ``x`` in reverse order; ``_MIRROR[(h, w)]``: every square of the board.
_MIRROR = {}


def _board(h, w):
    """Every square of the board, as a bitmask."""
    key = (h, w)
    found = _MIRROR.get(key)
    if found is None:
        row = (1 << w) - 1
        found = _MIRROR[key] = sum(row << (r * (w + 1)) for r in range(h))
    return found


def _mirror(n):
    table = _MIRROR.get(n)
    if table is None:
        table = _MIRROR[n] = [int(f"{x:0{n}b}"[::-1], 2) if n else 0 for x in range(1 << n)]
    return table


def _least(h, w, black, white, reach):
    """The part cropped to its reach, the least of it and its mirror images left-right and top-bottom."""
    s = w + 1
    full = (1 << w) - 1
    top = ((reach & -reach).bit_length() - 1) // s
    bottom = (reach.bit_length() - 1) // s
    union = 0
    for r in range(top, bottom + 1):
        union |= (reach >> (r * s)) & full
    first = (union & -union).bit_length() - 1
    cols = union.bit_length() - first
    width = (1 << cols) - 1
    shifts = range(top * s + first, bottom * s + first + 1, s)
    xs = tuple([(black >> k) & width for k in shifts])
    os = tuple([(white >> k) & width for k in shifts])
    flip = _mirror(cols)
    xm = tuple([flip[x] for x in xs])
    om = tuple([flip[x] for x in os])
    a, b = min((xs, os), (xs[::-1], os[::-1]), (xm, om), (xm[::-1], om[::-1]))
    stride, black, white = cols + 1, 0, 0
    for r in range(len(a)):
        black |= a[r] << (r * stride)
        white |= b[r] << (r * stride)
    return (len(a), cols, black, white)


def format(position):
    """The board as rows of ``x``, ``o`` and ``.`` separated by ``/`` (``parse`` reads it back)."""
    h, w, black, white = position
    s = w + 1
    return "/".join(
        "".join("x" if black >> (r * s + c) & 1 else "o" if white >> (r * s + c) & 1 else "." for c in range(w))
        for r in range(h)
    )


def positions(size):
    """Every board of one row of ``size`` squares."""
    boards = [""]
    for _ in range(size):
        boards = [b + ch for b in boards for ch in "xo."]
    return sorted({parse(b) for b in boards})
