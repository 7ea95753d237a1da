"""The reference contestant of a general rules game's interactive problem: a standalone Python 3 program.

``gamecert package --rules FILE --interactive`` writes this file into the
package as ``submissions/accepted/reference.py`` with the package's reference
program (which embeds the rules file) in :data:`REFERENCE`. It reads the
start, solves the game with the reference's retrograde analysis, takes
FIRST where the start is won or drawn for the player to move and SECOND
where it is lost, then plays the reference's :func:`best_move` on every
``TURN`` and follows the jury's ``MOVE`` s until ``END`` (the statement's protocol).
"""

import sys

REFERENCE = ""  # gamecert: the reference program, with the rules file, written in when the package is made


def main():
    reference = {"__name__": "reference"}
    exec(compile(REFERENCE, "reference.py", "exec"), reference)
    rules = reference["load_rules"](reference["RULES_SOURCE"])
    write = rules.get("format") or str
    position = rules["parse"](sys.stdin.readline().rstrip("\n"))
    value = reference["solve"](rules, [position])
    print("SECOND" if value[position][0] == "lose" else "FIRST", flush=True)
    while True:
        said = sys.stdin.readline().rstrip("\n")
        if said == "TURN":
            position = reference["best_move"](rules, value, position)
            print(write(position), flush=True)
        elif said == "MOVE":
            position = rules["parse"](sys.stdin.readline().rstrip("\n"))
        else:  # END, or the jury gone
            return


if __name__ == "__main__":
    main()
