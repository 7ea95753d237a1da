"""Row ends (tests' game): take the number at either end of a row and score it; taking a 0 earns an extra
move. A line is the player to move (0 or 1), then the row."""

KIND = "score"


def parse(line):
    who, *row = (int(w) for w in line.split())
    return (who, *row)


def player(position):
    return position[0]


def moves(position):
    who, *row = position
    out = []
    for end in {0, len(row) - 1} if row else ():
        rest = row[:end] + row[end + 1 :]
        out.append(((who if row[end] == 0 else 1 - who, *rest), row[end]))
    return out


def positions(size):
    rows = [()]
    for _ in range(size):
        rows = [r + (v,) for r in rows for v in (0, 1, 3)]
    return [(who, *row) for who in (0, 1) for row in rows]


def format(position):
    return " ".join(map(str, position))
