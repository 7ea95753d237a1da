"""The reference solution of a rules file's contest problem: a standalone Python 3 program.

``gamecert package --rules FILE`` writes this file into the package as
``submissions/accepted/reference.py`` with the rules file's source in
:data:`RULES_SOURCE` (the line marked ``# gamecert:``), so it runs on any judge
with Python 3 and nothing else. It reads one position per line (the rules'
``parse``) and prints, per line, ``win N`` or ``lose 0`` (N the nim value,
normal play), ``win`` or ``lose`` (misère play), or the rules' own
``answer(win, value)``.

It shares no code with gamecert's solver: the rules file is the game's
definition, and the two searches below are written apart from
``gamecert.solvers.impartial.solver``, so its acceptance by verifyproblem on
every test is one more independent agreement with the certified answers.
Normal play: the Sprague–Grundy value of each component by memoized
depth-first search over an explicit stack, the value of a line the xor of
its components'. Misère play: the outcome of the whole position (a multiset
of components) by the same search; the player who cannot move wins.
"""

import sys
from collections import Counter

RULES_SOURCE = ""  # gamecert: the rules file's source, written in when the package is made


def load_rules(source):
    """The rules file's names, executed as a module of their own."""
    namespace = {"__name__": "rules"}
    exec(compile(source, "rules.py", "exec"), namespace)
    return namespace


def parts_of(rules, position):
    """The components of ``position`` (the position alone when the rules give no ``components``)."""
    split = rules.get("components")
    return list(split(position)) if split is not None else [position]


def grundy(rules, root, memo):
    """The Sprague-Grundy value of the component ``root``; ``memo`` keeps every value found."""
    if root in memo:
        return memo[root]
    # A frame: [component, its options (each a list of components), next option, option values seen].
    stack = [[root, [parts_of(rules, m) for m in rules["moves"](root)], 0, set()]]
    while stack:
        top = stack[-1]
        component, options = top[0], top[1]
        waiting = None
        while top[2] < len(options):
            value = 0
            for part in options[top[2]]:
                if part not in memo:
                    waiting = part
                    break
                value ^= memo[part]
            if waiting is not None:
                break
            top[3].add(value)
            top[2] += 1
        if waiting is not None:
            stack.append([waiting, [parts_of(rules, m) for m in rules["moves"](waiting)], 0, set()])
            continue
        mex = 0
        while mex in top[3]:
            mex += 1
        memo[component] = mex
        stack.pop()
    return memo[root]


def whole_key(parts):
    """A whole position as a multiset of components: equal however its components are ordered."""
    return frozenset(Counter(parts).items())


def whole_moves(rules, parts):
    """Every whole position one move from ``parts``: one component replaced by the components of one of its moves."""
    out = []
    for i, part in enumerate(parts):
        if part in parts[:i]:
            continue  # an equal component has the same moves
        rest = parts[:i] + parts[i + 1 :]
        for m in rules["moves"](part):
            out.append(rest + parts_of(rules, m))
    return out


def misere_wins(rules, root, memo):
    """Whether the player to move from the whole position ``root`` (a list of components) wins, misère play."""
    key = whole_key(root)
    if key in memo:
        return memo[key]
    # A frame: [key, its moves, next move, a move to a lost position seen].
    stack = [[key, whole_moves(rules, root), 0, False]]
    while stack:
        top = stack[-1]
        waiting = None
        while top[2] < len(top[1]) and not top[3]:
            after = top[1][top[2]]
            known = memo.get(whole_key(after))
            if known is None:
                waiting = after
                break
            top[3] = not known
            top[2] += 1
        if waiting is not None:
            stack.append([whole_key(waiting), whole_moves(rules, waiting), 0, False])
            continue
        memo[top[0]] = top[3] or not top[1]  # no move at all: the opponent made the last move
        stack.pop()
    return memo[key]


def answers(rules, text):
    """The answer line of every input line of ``text``."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    misere = rules.get("misere", False)
    answer = rules.get("answer")
    memo = {}
    out = []
    for line in lines:
        position = rules["parse"](line.rstrip("\r"))
        parts = parts_of(rules, position)
        if misere:
            win, value = misere_wins(rules, parts, memo), None
        else:
            value = 0
            for part in parts:
                value ^= grundy(rules, part, memo)
            win = value != 0
        if answer is not None:
            out.append(answer(win, value))
        elif misere:
            out.append("win" if win else "lose")
        else:
            out.append(f"win {value}" if win else "lose 0")
    return out


def main():
    rules = load_rules(RULES_SOURCE)
    sys.stdout.write("".join(line + "\n" for line in answers(rules, sys.stdin.read())))


if __name__ == "__main__":
    main()
