"""Domineering, its values: Left places vertical dominoes, Right horizontal ones; the player who cannot place one loses.

A partizan rules file for gamecert (docs/partizan.md). One input line is one
board: either ``RxC`` for an empty board of R rows and C columns (``4x5``), or
its rows separated by ``/``, ``.`` a free square and ``#`` a blocked one
(``..#/.../...``); several boards separated by spaces are set side by side,
apart (``2x2 3x3`` is their sum). A domino covers two free squares: Left's two of one column
(one above the other), Right's two of one row.

A position is the set of free squares. A board falls apart into regions (free
squares connected through shared sides) that no domino joins: the board is
the sum of its regions (``components``), each solved once. A region is kept
moved to the top-left corner and, of it and its mirror images left-right and
top-bottom (which leave the game as it is), the least.

    gamecert solve --rules examples/domineering_partizan.py INPUT
"""

KIND = "partizan"
NAME = "domineering-partizan"


def parse(line):
    """Boards ``RxC`` or rows of ``.`` and ``#`` separated by ``/``, side by side: the free squares."""
    free, right = set(), 0
    for text in line.split():
        cells = _cells(text)
        free |= {(r, c + right) for r, c in cells}
        right += max((c for _, c in cells), default=-1) + 2  # a blocked column between boards
    return _board(free)


def _cells(text):
    rows, x, cols = text.partition("x")
    if x and rows.isdigit() and cols.isdigit():
        return {(r, c) for r in range(int(rows)) for c in range(int(cols))}
    free = set()
    for r, row in enumerate(text.split("/")):
        for c, ch in enumerate(row):
            if ch not in ".#":
                raise ValueError(f"expected RxC or rows of '.' and '#' separated by '/', got {ch!r}")
            if ch == ".":
                free.add((r, c))
    return free


def _board(cells):
    """The least of ``cells`` and its mirror images, moved to the top-left corner, as a sorted tuple."""
    if not cells:
        return ()
    rows = max(r for r, _ in cells)
    cols = max(c for _, c in cells)
    images = []
    for flip_r in (False, True):
        for flip_c in (False, True):
            image = {(rows - r if flip_r else r, cols - c if flip_c else c) for r, c in cells}
            top = min(r for r, _ in image)
            left = min(c for _, c in image)
            images.append(tuple(sorted((r - top, c - left) for r, c in image)))
    return min(images)


def _placed(position, step):
    free = set(position)
    for r, c in position:
        other = (r + step[0], c + step[1])
        if other in free:
            yield _board(free - {(r, c), other})


def left(position):
    """Left covers two free squares of one column."""
    return list(_placed(position, (1, 0)))


def right(position):
    """Right covers two free squares of one row."""
    return list(_placed(position, (0, 1)))


def components(position):
    """The regions of free squares joined through shared sides."""
    free, parts = set(position), []
    while free:
        seen = {free.pop()}
        stack = list(seen)
        while stack:
            r, c = stack.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in free:
                    free.discard(n)
                    seen.add(n)
                    stack.append(n)
        parts.append(_board(seen))
    return parts


def format(position):
    """The board as rows of ``.`` and ``#`` separated by ``/`` (``parse`` reads it back)."""
    if not position:
        return "0x0"
    cells = set(position)
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    return "/".join("".join("." if (r, c) in cells else "#" for c in range(cols)) for r in range(rows))


def positions(size):
    """Every empty rectangle of ``size`` squares."""
    return [_board({(r, c) for r in range(h) for c in range(size // h)}) for h in range(1, size + 1) if size % h == 0]
