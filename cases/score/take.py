"""Take coins from a pile, scoring what you take; leaving a pile of 4, 8, 12, ... coins earns an extra move.

A position is the pile and the player to move (0 or 1); one input line is a pile, first player
to move. A move takes 1, 2 or 3 coins (at most the pile) and scores them. The answer is the most
the player to move can guarantee: their coins minus the opponent's, from here on.
"""

KIND = "score"
NAME = "take-case"


def parse(line):
    return (int(line), 0)


def player(position):
    return position[1]


def moves(position):
    pile, who = position
    out = []
    for k in (1, 2, 3):
        if k <= pile:
            left = pile - k
            out.append(((left, who if left and left % 4 == 0 else 1 - who), k))
    return out


def format(position):
    return f"{position[0]} coins, player {position[1]} to move"
