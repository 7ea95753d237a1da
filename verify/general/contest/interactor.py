"""The interactor of a general rules game's interactive problem: a standalone Python 3 program.

``gamecert package --rules FILE --interactive`` writes this file into the
package as ``output_validators/interactor/interactor.py`` with the package's
reference program (which embeds the rules file) in :data:`REFERENCE`. The
judge runs it as ``interactor.py IN ANS FEEDBACK_DIR/`` with the contestant
on its stdin and stdout. IN is one line, the start position; ANS its value
for the player to move (``win N``, ``lose N`` or ``draw``), certified by
gamecert. The interactor solves the game again with the reference's
retrograde analysis and refuses to judge (exit 1, a judge error) when its
value of the start differs from ANS.

Protocol (the statement's): the jury writes the start line; the contestant
answers ``FIRST`` (the player to move at the start) or ``SECOND``. Then,
before every turn, the jury writes ``END`` (the game is over), ``TURN`` (the
contestant writes the position after its move, one line) or ``MOVE`` and the
position after the jury's move. The game is over where ``result`` says so,
where the player to move has no move (lost for that player), or at the third
time a position comes (a draw). A move to a position of the same player
(``player``) is an extra move. The jury plays the reference's
:func:`best_move`: the quickest win, else a draw kept, else the slowest loss.
Exit 42 (accepted) when the contestant won, or drew a start that neither
player can win; 43 (wrong answer, the reason in ``judgemessage.txt``) otherwise.
"""

import sys
from collections import Counter

REFERENCE = ""  # gamecert: the reference program, with the rules file, written in when the package is made
#: A position coming this many times ends the game in a draw.
REPEATS = 3

ACCEPT, REJECT, JUDGE_ERROR = 42, 43, 1


def finish(feedback, code, message):
    with open(feedback + "judgemessage.txt", "a", encoding="utf-8") as f:
        f.write(message + "\n")
    sys.exit(code)


def main():
    infile, ansfile, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
    reference = {"__name__": "reference"}
    exec(compile(REFERENCE, "reference.py", "exec"), reference)
    rules = reference["load_rules"](reference["RULES_SOURCE"])
    result, player, write = rules.get("result"), rules.get("player"), rules.get("format") or str
    with open(infile, encoding="utf-8") as f:
        line = f.read().split("\n")[0]
    with open(ansfile, encoding="utf-8") as f:
        expected = f.read().strip()
    start = rules["parse"](line)
    value = reference["solve"](rules, [start])
    outcome, number = value[start]
    own = "draw" if outcome == "draw" else f"{outcome} {number}"
    if own != expected:
        finish(feedback, JUDGE_ERROR, f"the start's value is {own}, the answer file says {expected}")

    def say(text):
        try:
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            finish(feedback, REJECT, "the contestant stopped reading")

    def hear(what):
        got = sys.stdin.readline()
        if not got:
            finish(feedback, REJECT, f"expected {what}, got the end of the contestant's output")
        return got.rstrip("\n").rstrip("\r")

    say(line)
    role = hear("FIRST or SECOND")
    if role not in ("FIRST", "SECOND"):
        finish(feedback, REJECT, f"expected FIRST or SECOND, got {role!r}")
    position, seen, mine, count = start, Counter([start]), role == "FIRST", 0
    while True:
        end = result(position) if result is not None else None
        legal = [] if end is not None else list(rules["moves"](position))
        if seen[position] >= REPEATS:
            end = "draw"
        elif end is None and not legal:
            end = "lose"
        if end is not None:
            say("END")
            got = end if mine else {"win": "lose", "lose": "win", "draw": "draw"}[end]
            needed = "at least a draw" if outcome == "draw" else "a win"
            verdict = ACCEPT if got == "win" or (got == "draw" and outcome == "draw") else REJECT
            finish(feedback, verdict, f"the game ended after {count} moves: {got} for the contestant ({needed} "
                                      f"was possible, the start being {own} for FIRST)")
        if mine:
            say("TURN")
            text = hear("a move")
            try:
                after = rules["parse"](text)
                ok = after in legal
            except Exception as exc:  # the rules refuse the line
                finish(feedback, REJECT, f"move {count + 1}: {text!r} is not a position ({type(exc).__name__}: {exc})")
            if not ok:
                finish(feedback, REJECT, f"move {count + 1}: {text!r} is not one move from {write(position)!r}")
        else:
            after = reference["best_move"](rules, value, position)
            say("MOVE")
            say(write(after))
        again = player is not None and player(after) == player(position)
        mine = mine if again else not mine
        position = after
        seen[position] += 1
        count += 1


if __name__ == "__main__":
    main()
