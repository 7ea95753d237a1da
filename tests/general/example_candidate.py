"""A contestant's program for any general or score rules file of one position per line: ``RULES`` is its argument.

It imports the rules file itself (no gamecert) and answers each line by the contract's definitions run
as written: in a general game, rounds of "won within k" / "lost within k" (k = 1, 2, ...; what neither
player wins is a draw); in a score game, the best over the moves of the points plus the next score
(negated when the turn passes), children first on an explicit stack.
"""

import importlib.util
import sys


def load(path):
    spec = importlib.util.spec_from_file_location("example_rules", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def options(rules, p):
    result = getattr(rules, "result", None)
    return [] if result is not None and result(p) is not None else list(rules.moves(p))


def same(rules, p, q):
    player = getattr(rules, "player", None)
    return player is not None and player(p) == player(q)


def general(rules, start):
    order, seen = [start], {start}
    for p in order:
        for q in options(rules, p):
            if q not in seen:
                seen.add(q)
                order.append(q)
    result = getattr(rules, "result", None)
    label = {}
    for p in order:
        word = result(p) if result is not None else None
        if word is not None:
            label[p] = (word, None if word == "draw" else 0)
        elif not options(rules, p):
            label[p] = ("lose", 0)
    k = 0
    while True:
        k += 1
        found = {}
        for p in order:
            if p in label:
                continue
            good = []
            for q in options(rules, p):
                outcome = label.get(q, ("draw", None))[0]
                good.append(None if outcome == "draw" else (outcome == "win") == same(rules, p, q))
            if True in good:
                found[p] = ("win", k)
            elif all(g is False for g in good):
                found[p] = ("lose", k)
        if not found:
            return label.get(start, ("draw", None))
        label.update(found)


def score(rules, start):
    result = getattr(rules, "result", None)
    value, stack = {}, [start]
    while stack:
        p = stack[-1]
        ended = result(p) if result is not None else None
        if ended is not None:
            value[p] = ended
            stack.pop()
            continue
        moves = list(rules.moves(p))
        todo = [q for q, _ in moves if q not in value]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        value[p] = max((pts + (value[q] if same(rules, p, q) else -value[q]) for q, pts in moves), default=0)
    return ("score", value[start])


def main():
    rules = load(sys.argv[1])
    solve = score if rules.KIND == "score" else general
    answer = getattr(rules, "answer", None)
    for line in sys.stdin.read().splitlines():
        outcome, number = solve(rules, rules.parse(line))
        if answer is not None:
            print(answer(outcome, number))
        else:
            print(outcome if number is None else f"{outcome} {number}")


main()
