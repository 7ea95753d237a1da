"""Domineering, its values: Left places vertical dominoes, Right horizontal ones; the player who cannot place one loses.

A partizan rules file for gamecert (docs/partizan.md). One input line is one
board: either ``RxC`` for an empty board of R rows and C columns (``4x5``), or
its rows separated by ``/``, ``.`` a free square and ``#`` a blocked one
(``..#/.../...``); several boards separated by spaces are set side by side,
apart (``2x2 3x3`` is their sum). A domino covers two free squares: Left's two of one column
(one above the other), Right's two of one row.

A position is ``(rows, columns, free squares)``, the squares a bitmask:
square ``(r, c)`` is bit ``r * (columns + 1) + c``; the spare column keeps a
domino from wrapping between rows. A move keeps the board's size. A board falls apart into regions (free
squares connected through shared sides) that no domino joins: the board is
the sum of its regions (``components``), each solved once; a region of one
square, where nobody can move, is dropped. A region is kept cropped to its
squares and, of it and its mirror images left-right and top-bottom (which
leave the game as it is), the least.

    gamecert solve --rules examples/domineering_partizan.py INPUT
"""

KIND = "partizan"
NAME = "domineering-partizan"


def parse(line):
    """Boards ``RxC`` or rows of ``.`` and ``#`` separated by ``/``, side by side: the free squares."""
    free, right, rows = set(), 0, 0
    for text in line.split():
        cells, height, width = _cells(text)
        free |= {(r, c + right) for r, c in cells}
        rows = max(rows, height)
        right += width + 1  # a blocked column between boards
    cols = max(right - 1, 0)
    if rows * (cols + 1) > 4096:
        raise ValueError("expected boards of at most 4096 squares")
    return (rows, cols, sum(1 << (r * (cols + 1) + c) for r, c in free))


def _cells(text):
    """The free squares of one board, its rows and its columns."""
    rows, x, cols = text.partition("x")
    if x and rows.isdigit() and cols.isdigit():
        return {(r, c) for r in range(int(rows)) for c in range(int(cols))}, int(rows), int(cols)
    free = set()
    lines = text.split("/")
    for r, row in enumerate(lines):
        for c, ch in enumerate(row):
            if ch not in ".#":
                raise ValueError(f"expected RxC or rows of '.' and '#' separated by '/', got {ch!r}")
            if ch == ".":
                free.add((r, c))
    return free, len(lines), max(len(row) for row in lines)


#: ``_MIRROR[n][x]``: the ``n`` bits of ``x`` in reverse order.
_MIRROR = {}
#: Each region met, cropped and reflected to its least image, by the region as a position.
_LEAST = {}


def _mirror(n):
    table = _MIRROR.get(n)
    if table is None:
        table = _MIRROR[n] = [int(f"{x:0{n}b}"[::-1], 2) if n else 0 for x in range(1 << min(n, 16))]
    return table


def _region(h, w, mask):
    """The squares of ``mask`` cropped to their bounding box, the least of the four mirror images."""
    key = (h, w, mask)
    found = _LEAST.get(key)
    if found is None:
        found = _LEAST[key] = _cropped(h, w, mask)
    return found


def _cropped(h, w, mask):
    s, full = w + 1, (1 << w) - 1
    top = ((mask & -mask).bit_length() - 1) // s
    bottom = (mask.bit_length() - 1) // s
    lines = [(mask >> (r * s)) & full for r in range(top, bottom + 1)]
    union = 0
    for x in lines:
        union |= x
    low = (union & -union).bit_length() - 1
    n = (union >> low).bit_length()
    a = tuple([x >> low for x in lines])
    if n <= 16:
        flip = _mirror(n)
        c = tuple([flip[x] for x in a])
    else:
        c = tuple([int(f"{x:0{n}b}"[::-1], 2) for x in a])
    best = min(a, a[::-1], c, c[::-1])
    s, packed = n + 1, 0
    for r, x in enumerate(best):
        packed |= x << (r * s)
    return (len(best), n, packed)


def _placed(position, step):
    h, w, mask = position
    if step:  # vertical: the square below, one row on
        step = w + 1
    else:
        step = 1
    pairs, out = mask & (mask >> step), []
    while pairs:
        b = pairs & -pairs
        pairs ^= b
        out.append((h, w, mask & ~(b | b << step)))
    return out


def left(position):
    """Left covers two free squares of one column."""
    return _placed(position, True)


def right(position):
    """Right covers two free squares of one row."""
    return _placed(position, False)


def components(position):
    """The regions of free squares joined through shared sides, of two squares or more."""
    h, w, mask = position
    s, parts = w + 1, []
    while mask:
        grown = mask & -mask
        while True:
            more = (grown | grown << 1 | grown >> 1 | grown << s | grown >> s) & mask
            if more == grown:
                break
            grown = more
        mask ^= grown
        if grown & (grown - 1):
            parts.append(_region(h, w, grown))
    return parts


def format(position):
    """The board as rows of ``.`` and ``#`` separated by ``/`` (``parse`` reads it back)."""
    h, w, mask = position
    if not h or not w:
        return "0x0"
    s = w + 1
    return "/".join("".join("." if mask >> (r * s + c) & 1 else "#" for c in range(w)) for r in range(h))


def positions(size):
    """Every empty rectangle of ``size`` squares."""
    return [parse(f"{h}x{size // h}") for h in range(1, size + 1) if size % h == 0]
