"""The input validator of a rules file's contest problem: a standalone Python 3 program.

``gamecert package --rules FILE`` writes this file into the package as
``input_validators/validator/validator.py`` with the rules file's source and
the package's limits on the lines marked ``# gamecert:``. It reads one judge
input on stdin and exits 42 when the input is what the statement promises,
43 (with the reason on stdout) otherwise: UTF-8 text of 1 to
:data:`MAX_LINES` lines, each ending in ``\\n`` (no ``\\r``), each one position
of a size from :data:`FIRST_SIZE` to :data:`MAX_SIZE` (as the rules'
``positions(size)`` lists them) written exactly as the rules write it
(``format(position)``, else ``str(position)``).
"""

import sys

RULES_SOURCE = ""  # gamecert: the rules file's source, written in when the package is made
FIRST_SIZE = 0  # gamecert: the smallest size of a position
MAX_SIZE = 0  # gamecert: the largest size of a position
MAX_LINES = 0  # gamecert: the most lines of an input

ACCEPT, REJECT = 42, 43


def load_rules(source):
    """The rules file's names, executed as a module of their own."""
    namespace = {"__name__": "rules"}
    exec(compile(source, "rules.py", "exec"), namespace)
    return namespace


def written(rules, position):
    """A position as an input line: the rules' ``format``, else ``str``."""
    write = rules.get("format")
    return write(position) if write is not None else str(position)


def problems(rules, data):
    """What is wrong with the judge input ``data`` (bytes): the first reason, or None when it is valid."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "expected UTF-8 text"
    if not text:
        return "expected at least one line"
    if not text.endswith("\n"):
        return "expected the last line to end with a newline"
    if "\r" in text:
        return "expected no carriage return"
    lines = text[:-1].split("\n")
    if len(lines) > MAX_LINES:
        return f"expected at most {MAX_LINES} lines, got {len(lines)}"
    allowed = set()
    for size in range(FIRST_SIZE, MAX_SIZE + 1):
        allowed.update(rules["positions"](size))
    for number, line in enumerate(lines, 1):
        try:
            position = rules["parse"](line)
        except Exception as exc:  # the rules refuse the line
            return f"line {number}: parse raised {type(exc).__name__}: {exc}"
        try:
            known = position in allowed
        except TypeError:
            return f"line {number}: parse returned an unhashable position"
        if not known:
            return f"line {number}: not a position of size {FIRST_SIZE} to {MAX_SIZE}"
        if written(rules, position) != line:
            return f"line {number}: expected the position written as {written(rules, position)!r}"
    return None


def main():
    reason = problems(load_rules(RULES_SOURCE), sys.stdin.buffer.read())
    if reason is not None:
        print(reason)
        sys.exit(REJECT)
    sys.exit(ACCEPT)


if __name__ == "__main__":
    main()
