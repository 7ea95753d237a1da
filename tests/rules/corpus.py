"""The bad-rules corpus: broken rules files, each named for its fault, with what gamecert answers.

``python -m tests.rules.corpus`` writes each rules file as ``tests/rules/bad/<name>.py`` (and its
input as ``<name>.in``) and records, in ``tests/rules/bad/expected.jsonl``, the command, the exit
code and the first line of stderr (``{rules}`` stands for the rules file's path, ``{input}`` for
the input's; for usage errors, exit 2, the line starting ``Error:`` too). ``test_bad_rules.py``
replays every entry. A file that Python tooling cannot read (a syntax error, bytes that are not
UTF-8) is kept as ``<name>.py.broken`` and copied to a ``.py`` file of a temporary folder to run;
so is a rules "file" that is a folder. Rewrite the expectations only after reading the
differences: each line is a promise to users.
"""

from __future__ import annotations

import json
import shutil
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent / "bad"
EXPECTED = HERE / "expected.jsonl"

SOLVE = ("solve", "--rules", "{rules}", "{input}")


@dataclass(frozen=True)
class Entry:
    """One broken rules file and the command run on it.

    ``kind``: ``file`` (``<name>.py``), ``broken`` (``<name>.py.broken``, copied to a temporary
    ``<name>.py``), ``folder`` (a temporary folder ``<name>.py``) or ``missing`` (no file at all).
    """

    name: str
    source: str | bytes | None
    args: tuple[str, ...] = SOLVE
    input: str | None = "3\n"
    kind: str = "file"

    @property
    def suffix(self) -> str:
        """The input file's: ``.toml`` for a case file (``check``)."""
        return ".toml" if self.args[0] == "check" else ".in"


def _case(game: str, text: str, expected: str) -> str:
    """A case file (``check``) of ``game`` with input ``text``."""
    return f"game = {game!r}\nsource = 'the bad-rules corpus'\ninput = '''\n{text}'''\nexpected = '''\n{expected}'''\n"


#: Every entry; each rules file begins with a comment naming its fault.
_ENTRIES: list[Entry] = [
    # -- the file itself ---------------------------------------------------------------------------
    Entry(
        "syntax-error",
        """\
# a colon missing after def
def parse(line)
    return int(line)
""",
        kind="broken",
    ),
    Entry(
        "not-utf8",
        b"# Latin-1 bytes, no coding line\nNAME = 'caf\xe9'\n\n"
        b"def parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return range(n)\n",
        kind="broken",
    ),
    Entry(
        "folder",
        None,
        kind="folder",
    ),
    Entry(
        "missing",
        None,
        kind="missing",
    ),
    Entry(
        "top-level-raises",
        """\
# the module's own code fails
SIZE = 10
LIMIT = SIZE // 0

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "top-level-import-error",
        """\
# imports a module that does not exist
import no_such_module_for_rules

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "top-level-sys-exit",
        """\
# leaves the interpreter while loading
import sys

sys.exit(3)

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "top-level-keyboard-interrupt",
        """\
# raises KeyboardInterrupt while loading
raise KeyboardInterrupt
""",
    ),
    # -- the contract: names and their kinds -------------------------------------------------------
    Entry(
        "no-parse",
        """\
# moves but no parse
def moves(n):
    return range(n)
""",
    ),
    Entry(
        "no-moves-no-graph",
        """\
# parse alone: neither moves nor graph
def parse(line):
    return int(line)
""",
    ),
    Entry(
        "moves-and-graph",
        """\
# both moves and graph

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def graph(instance):
    return [], []
""",
    ),
    Entry(
        "parse-not-callable",
        """\
# parse is a number
parse = 3


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "moves-wrong-arity",
        """\
# moves takes two arguments
def parse(line):
    return int(line)


def moves(n, k):
    return range(n)
""",
    ),
    Entry(
        "answer-wrong-arity",
        """\
# answer takes one argument, not (win, value)

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(win):
    return 'yes'
""",
    ),
    Entry(
        "misere-not-bool",
        """\
# misere is a word
misere = 'yes'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "name-invalid",
        """\
# NAME has a space and a '!'
NAME = 'my game!'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "name-not-text",
        """\
# NAME is a number
NAME = 42

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "name-builtin",
        """\
# NAME is a built-in game's
NAME = 'maze'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    # -- parse -------------------------------------------------------------------------------------
    Entry(
        "parse-raises",
        """\
# int() of a word: the input's second line

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        input="3\nthree\n",
    ),
    Entry(
        "parse-returns-list",
        """\
# a list is unhashable
def parse(line):
    return [int(x) for x in line.split()]


def moves(p):
    return []
""",
        input="1 2\n",
    ),
    Entry(
        "parse-sys-exit",
        """\
# parse leaves the interpreter
import sys


def parse(line):
    sys.exit(3)


def moves(n):
    return range(n)
""",
        input="1\n2\n",
    ),
    Entry(
        "input-not-utf8",
        """\
# the rules are fine; the input is not UTF-8

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        input="3\n\udcff\n",
    ),
    # -- moves and components raise or return the wrong thing --------------------------------------
    Entry(
        "moves-raises",
        """\
# a helper divides by zero at 2
def parse(line):
    return int(line)


def allowed(m):
    return 10 // (m - 2) != 0


def moves(n):
    return [m for m in range(n) if allowed(m)]
""",
        input="5\n",
    ),
    Entry(
        "moves-raises-misere",
        """\
# misere: the helper raises at 0
misere = True


def parse(line):
    return int(line)


def moves(n):
    return [n - 1, 10 // n]
""",
        input="2\n",
    ),
    Entry(
        "components-raises",
        """\
# components indexes past the end
def parse(line):
    return tuple(int(x) for x in line.split())


def moves(p):
    return []


def components(p):
    return [p[5]]
""",
        input="1 2\n",
    ),
    Entry(
        "components-returns-int",
        """\
# components returns a number
def parse(line):
    return int(line)


def moves(n):
    return range(n)


def components(n):
    return n
""",
    ),
    Entry(
        "moves-returns-none",
        """\
# moves forgets to return
def parse(line):
    return int(line)


def moves(n):
    [n - 1]
""",
    ),
    Entry(
        "moves-returns-int",
        """\
# moves returns a count
def parse(line):
    return int(line)


def moves(n):
    return n - 1
""",
    ),
    Entry(
        "moves-returns-list-position",
        """\
# a move to a list
def parse(line):
    return (int(line),)


def moves(p):
    return [[p[0] - 1]] if p[0] > 0 else []
""",
    ),
    Entry(
        "moves-returns-dict-position",
        """\
# a move to a dict (misere)
misere = True


def parse(line):
    return int(line)


def moves(n):
    return [{'heap': n - 1}] if n else []
""",
    ),
    Entry(
        "generator-raises-midway",
        """\
# the generator fails after one move
def parse(line):
    return int(line)


def moves(n):
    yield n - 1
    raise ValueError(f'no second move from {n}')
""",
    ),
    # -- loops -------------------------------------------------------------------------------------
    Entry(
        "loop-length-1",
        """\
# a position moves to itself
def parse(line):
    return int(line)


def moves(n):
    return [n]
""",
    ),
    Entry(
        "loop-length-3",
        """\
# 0 -> 1 -> 2 -> 0
def parse(line):
    return int(line)


def moves(n):
    return [(n + 1) % 3]
""",
        input="0\n",
    ),
    Entry(
        "loop-misere",
        """\
# misere: 4 -> 3 -> 4
misere = True


def parse(line):
    return int(line)


def moves(n):
    return [7 - n]
""",
        input="4\n",
    ),
    Entry(
        "loop-through-components",
        """\
# (a, b) splits into a and b; a move from 2 gives (1, 2)
def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, n)] if n > 1 else []


def components(p):
    return p if isinstance(p, tuple) else (p,)
""",
    ),
    # -- limits ------------------------------------------------------------------------------------
    Entry(
        "infinite-generator",
        """\
# moves never stops yielding
def parse(line):
    return int(line)


def moves(n):
    while True:
        yield n - 1
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "moves-sleeps",
        """\
# moves sleeps for ever
import time


def parse(line):
    return int(line)


def moves(n):
    time.sleep(3600)
    return []
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "moves-spins",
        """\
# moves spins for ever
def parse(line):
    return int(line)


def moves(n):
    while n >= 0:
        n += 1
    return []
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "parse-spins",
        """\
# parse spins for ever
def parse(line):
    while True:
        pass


def moves(n):
    return range(n)
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "swallows-time-limit",
        """\
# except Exception cannot stop the time limit
import time


def parse(line):
    return int(line)


def moves(n):
    while True:
        try:
            time.sleep(3600)
        except Exception:
            pass
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "bare-except-swallows-stop",
        """\
# a bare except catches even the guard's stop: the process ends
import time


def parse(line):
    return int(line)


def moves(n):
    while True:
        try:
            time.sleep(3600)
        except:  # noqa: E722
            pass
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "too-many-positions",
        """\
# Nim 1000 has 1001 positions

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(*SOLVE, "--max-positions", "100"),
        input="1000\n",
    ),
    Entry(
        "unbounded-game",
        """\
# every move makes the heap larger: no loop, no end
def parse(line):
    return int(line)


def moves(n):
    return [n + 1]
""",
        args=(*SOLVE, "--max-positions", "1000"),
    ),
    Entry(
        "memory-one-call",
        """\
# one call of moves builds a huge list
def parse(line):
    return int(line)


def moves(n):
    rows = []
    while True:
        rows.append([n] * 1_000_000)
""",
        args=(*SOLVE, "--max-memory", "200M"),
    ),
    Entry(
        "memory-many-positions",
        """\
# every position holds 2 MB
class Heap(tuple):
    def __repr__(self):
        return 'Heap(...)'


def parse(line):
    return Heap((int(line), b''))


def moves(p):
    return [Heap((p[0] + 1, b'x' * (2_000_000 + p[0])))]
""",
        args=(*SOLVE, "--max-memory", "200M"),
    ),
    Entry(
        "moves-huge-range",
        """\
# moves returns 10**12 moves
def parse(line):
    return int(line)


def moves(n):
    return range(10**12)
""",
    ),
    Entry(
        "deep-recursion",
        """\
# a helper recurses without end
def parse(line):
    return int(line)


def depth(n):
    return depth(n + 1) + 1


def moves(n):
    return [depth(n)]
""",
    ),
    # -- the interpreter's own exits ---------------------------------------------------------------
    Entry(
        "moves-sys-exit",
        """\
# moves calls sys.exit(3)
import sys


def parse(line):
    return int(line)


def moves(n):
    if n == 1:
        sys.exit(3)
    return range(n)
""",
    ),
    Entry(
        "moves-raises-system-exit",
        """\
# moves raises SystemExit with a message
def parse(line):
    return int(line)


def moves(n):
    raise SystemExit('giving up')
""",
    ),
    Entry(
        "moves-keyboard-interrupt",
        """\
# moves raises KeyboardInterrupt
def parse(line):
    return int(line)


def moves(n):
    raise KeyboardInterrupt
""",
    ),
    # -- answer and format -------------------------------------------------------------------------
    Entry(
        "answer-returns-int",
        """\
# answer returns the value, not text

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(win, value):
    return value
""",
    ),
    Entry(
        "answer-multiline",
        """\
# answer returns two lines

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(win, value):
    return f'{win}\\n{value}'
""",
    ),
    Entry(
        "answer-raises",
        """\
# answer reads a missing key
WORDS = {True: 'First'}

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(win, value):
    return WORDS[win]
""",
        input="0\n",
    ),
    Entry(
        "format-raises",
        """\
# format fails on 0

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def format(n):
    return 'heap of ' + str(10 // n)
""",
        args=(
            "solve",
            "--json",
            "--rules",
            "{rules}",
            "{input}",
        ),
        input="2\n",
    ),
    Entry(
        "format-returns-int",
        """\
# format returns a number

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def format(n):
    return n
""",
        args=(
            "solve",
            "--json",
            "--rules",
            "{rules}",
            "{input}",
        ),
        input="2\n",
    ),
    Entry(
        "format-raises-in-loop-message",
        """\
# a loop, and format fails while the loop is shown
def parse(line):
    return int(line)


def moves(n):
    return [n]


def format(n):
    raise RuntimeError('no format')
""",
    ),
    # -- graph rules -------------------------------------------------------------------------------
    Entry(
        "graph-not-pair",
        """\
# graph returns three things

def parse(text):
    return int(text)


def graph(n):
    return list(range(n)), [], 'extra'
""",
    ),
    Entry(
        "graph-returns-none",
        """\
# graph forgets to return

def parse(text):
    return int(text)


def graph(n):
    (list(range(n)), [])
""",
    ),
    Entry(
        "graph-unknown-vertex",
        """\
# an edge to vertex n

def parse(text):
    return int(text)


def graph(n):
    return list(range(n)), [(i, i + 1) for i in range(n)]
""",
    ),
    Entry(
        "graph-duplicate-label",
        """\
# the label 0 twice

def parse(text):
    return int(text)


def graph(n):
    return [0] + list(range(n)), []
""",
    ),
    Entry(
        "graph-unhashable-label",
        """\
# lists as labels

def parse(text):
    return int(text)


def graph(n):
    return [[i] for i in range(n)], []
""",
    ),
    Entry(
        "graph-edge-not-pair",
        """\
# an edge of three vertices

def parse(text):
    return int(text)


def graph(n):
    return list(range(n)), [(0, 1, 2)]
""",
    ),
    Entry(
        "graph-raises",
        """\
# graph reads a missing key
BOARDS = {1: 'a'}

def parse(text):
    return int(text)


def graph(n):
    return list(BOARDS[n]), []
""",
    ),
    Entry(
        "graph-parse-raises",
        """\
# parse expects a number

def parse(text):
    return int(text)


def graph(n):
    return list(range(n)), []
""",
        input="three\n",
    ),
    Entry(
        "graph-spins",
        """\
# graph spins for ever

def parse(text):
    return int(text)


def graph(n):
    while True:
        n += 1
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "graph-export-raises",
        """\
# graph fails, through export

def parse(text):
    return int(text)


def graph(n):
    raise ValueError('no board of size ' + str(n))
""",
        args=(
            "export",
            "lp",
            "--rules",
            "{rules}",
            "{input}",
            "--vertex",
            "0",
        ),
    ),
    # -- check: a case file names the rules' game --------------------------------------------------
    Entry(
        "check-parse-raises",
        """\
# int() of a word: the case input's second line
NAME = 'check-parse-raises'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(
            "check",
            "--rules",
            "{rules}",
            "{input}",
        ),
        input=_case("check-parse-raises", "3\nthree\n", "win 3\nlose 0\n"),
    ),
    Entry(
        "check-top-level-raises",
        """\
# the module's own code fails
import math

SIDE = math.sqrt(-1)

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(
            "check",
            "--rules",
            "{rules}",
            "{input}",
        ),
        input=_case("check-top-level-raises", "3\n", "win 3\n"),
    ),
    Entry(
        "check-parse-sys-exit",
        """\
# parse calls sys.exit on the case input's first line
import sys


def parse(line):
    sys.exit('bad line')


def moves(n):
    return range(n)
""",
        args=(
            "check",
            "--rules",
            "{rules}",
            "{input}",
        ),
        input=_case("check-parse-sys-exit", "3\n", "win 3\n"),
    ),
    Entry(
        "check-moves-raises",
        """\
# moves divides by zero on the heap of 3: check stops with the rules file's line, not a verdict
NAME = 'check-moves-raises'

def parse(line):
    return int(line)


def moves(n):
    return [n // (n - 3)] if n > 0 else []
""",
        args=(
            "check",
            "--rules",
            "{rules}",
            "{input}",
        ),
        input=_case("check-moves-raises", "3\n", "win 1\n"),
    ),
    # -- positions, claims and pictures: stress, audit, show ---------------------------------------
    Entry(
        "stress-positions-raises",
        """\
# positions divides by zero at size 2

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def positions(size):
    return [size // (size - 2)]
""",
        args=(
            "stress",
            "--rules",
            "{rules}",
            "--candidate",
            "true",
            "--count",
            "3",
            "--seed",
            "1",
        ),
    ),
    Entry(
        "stress-positions-returns-int",
        """\
# positions returns a number

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def positions(size):
    return size
""",
        args=(
            "stress",
            "--rules",
            "{rules}",
            "--candidate",
            "true",
            "--count",
            "3",
            "--seed",
            "1",
        ),
    ),
    Entry(
        "audit-positions-raises",
        """\
# positions divides by zero at size 2

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def positions(size):
    return [size // (size - 2)]


def value(n):
    return n
""",
        args=(
            "audit",
            "--rules",
            "{rules}",
            "--claim",
            "value",
            "--exhaustive",
            "4",
        ),
    ),
    Entry(
        "audit-claim-raises",
        """\
# the claim divides by zero

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def positions(size):
    return [size]


def value(n):
    return 10 // (n - n)
""",
        args=(
            "audit",
            "--rules",
            "{rules}",
            "--claim",
            "value",
            "--exhaustive",
            "4",
        ),
    ),
    Entry(
        "audit-claim-unknown",
        """\
# no function named 'values': the claim is 'value'

def parse(line):
    return int(line)


def moves(n):
    return range(n)


def positions(size):
    return [size]


def value(n):
    return n
""",
        args=(
            "audit",
            "--rules",
            "{rules}",
            "--claim",
            "values",
            "--exhaustive",
            "4",
        ),
    ),
    Entry(
        "show-moves-raises",
        """\
# moves fails on 1, while the picture is drawn
def parse(line):
    return int(line)


def moves(n):
    return range(n) if n != 1 else [None + 1]
""",
        args=(
            "show",
            "--rules",
            "{rules}",
            "{input}",
        ),
    ),
    # -- option values -----------------------------------------------------------------------------
    Entry(
        "time-limit-word",
        """\
# fine rules; --time-limit is not a number

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(*SOLVE, "--time-limit", "abc"),
    ),
    Entry(
        "time-limit-zero",
        """\
# fine rules; --time-limit 0

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(*SOLVE, "--time-limit", "0"),
    ),
    Entry(
        "max-positions-zero",
        """\
# fine rules; --max-positions 0

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(*SOLVE, "--max-positions", "0"),
    ),
    Entry(
        "max-memory-word",
        """\
# fine rules; --max-memory lots

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(*SOLVE, "--max-memory", "lots"),
    ),
    Entry(
        "time-limit-fullwidth",
        """\
# fine rules; --time-limit in full-width digits
NAME = 'time-limit-fullwidth'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(*SOLVE, "--time-limit", "\uff11"),
    ),
    Entry(
        "max-positions-fullwidth",
        """\
# fine rules; --max-positions in full-width digits
NAME = 'max-positions-fullwidth'

def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
        args=(*SOLVE, "--max-positions", "\uff11\uff10"),
    ),
]


# -- general and score games (issue 26) ---------------------------------------------------------------
_ENTRIES += [
    # -- the file: KIND, names, kinds of functions ------------------------------------------------
    Entry(
        "kind-misspelt",
        """\
# KIND names no kind
KIND = "generl"


def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "kind-not-text",
        """\
# KIND is a number
KIND = 3


def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "general-no-moves",
        """\
# a general game without moves
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return "lose" if n == 0 else None
""",
    ),
    Entry(
        "partizan-no-right",
        """\
# a partizan game with Left's options only
KIND = "partizan"


def parse(line):
    return int(line)


def left(n):
    return range(n)
""",
    ),
    Entry(
        "general-output-without-starts",
        """\
# output writes the judge's answer, but nothing lists the starts
KIND = "general"


def parse(text):
    return int(text)


def moves(n):
    return range(n)


def output(instance, answers):
    return " ".join(outcome for outcome, _ in answers)
""",
    ),
    Entry(
        "general-answer-wrong-arity",
        """\
# answer takes the outcome only, not (outcome, number)
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(outcome):
    return outcome.upper()
""",
    ),
    Entry(
        "general-player-not-callable",
        """\
# player is a name, not a function
KIND = "general"
player = "Alice"


def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "general-syntax-error",
        """\
# a general game with an unclosed bracket
KIND = "general"


def parse(line):
    return int(line


def moves(n):
    return range(n)
""",
        kind="broken",
    ),
    Entry(
        "score-top-level-raises",
        """\
# a score game whose module code fails
KIND = "score"
POINTS = {"a": 1}["b"]


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 1)] if n else []
""",
    ),
    Entry(
        "general-top-level-sys-exit",
        """\
# a general game that leaves the interpreter while loading
import sys

KIND = "general"
sys.exit("not today")


def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    # -- result ---------------------------------------------------------------------------------
    Entry(
        "general-result-word",
        """\
# result says 'won', not "win", "lose" or "draw"
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return "won" if n == 0 else None


def moves(n):
    return [n - 1]
""",
    ),
    Entry(
        "general-result-bool",
        """\
# result answers True for "the game is over"
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return n == 0


def moves(n):
    return [n - 1]
""",
    ),
    Entry(
        "general-result-int",
        """\
# result answers a number, as in a score game
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return 1 if n == 0 else None


def moves(n):
    return [n - 1]
""",
    ),
    Entry(
        "general-result-raises",
        """\
# result fails on the empty heap
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    return None if n else 1 // n


def moves(n):
    return [n - 1]
""",
    ),
    Entry(
        "general-result-spins",
        """\
# result spins for ever on the empty heap
KIND = "general"


def parse(line):
    return int(line)


def result(n):
    while n == 0:
        pass
    return None


def moves(n):
    return [n - 1]
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "score-result-float",
        """\
# the score at the end is a fraction
KIND = "score"


def parse(line):
    return int(line)


def result(n):
    return 0.5 if n == 0 else None


def moves(n):
    return [(n - 1, 1)]
""",
    ),
    Entry(
        "score-result-word",
        """\
# a score game's result says "win"
KIND = "score"


def parse(line):
    return int(line)


def result(n):
    return "win" if n == 0 else None


def moves(n):
    return [(n - 1, 1)]
""",
    ),
    # -- moves: positions and points -------------------------------------------------------------
    Entry(
        "score-points-float",
        """\
# half a point per counter
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 0.5)] if n else []
""",
    ),
    Entry(
        "score-points-text",
        """\
# the points as text
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, "1")] if n else []
""",
    ),
    Entry(
        "score-points-bool",
        """\
# True for "scored"
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, n % 2 == 1)] if n else []
""",
    ),
    Entry(
        "score-move-not-pair",
        """\
# a score game's moves without points
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "general-move-is-pair",
        """\
# a general game's moves carry points
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 1)] if n else []
""",
    ),
    Entry(
        "general-moves-unhashable",
        """\
# the board as a list
KIND = "general"


def parse(line):
    return (int(line),)


def moves(p):
    return [[p[0] - 1]] if p[0] else []
""",
    ),
    Entry(
        "general-moves-returns-none",
        """\
# moves forgets to return
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    [n - 1]
""",
    ),
    Entry(
        "score-moves-raises",
        """\
# moves fails on heap 1
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 10 // (n - 1))] if n else []
""",
    ),
    # -- loops ------------------------------------------------------------------------------------
    Entry(
        "score-loop",
        """\
# a score game whose play need not end
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [((n + 1) % 3, 1)]
""",
        input="0\n",
    ),
    Entry(
        "impartial-loop-suggests-general",
        """\
# an impartial game (no KIND) whose play need not end
def parse(line):
    return int(line)


def moves(n):
    return [(n + 1) % 3]
""",
        input="0\n",  # the loop message names KIND = "general" once general games are merged
    ),
    # -- player ----------------------------------------------------------------------------------
    Entry(
        "general-player-third",
        """\
# three players take turns
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return [n - 1] if n else []


def player(n):
    return "abc"[(3 - n) % 3]
""",
    ),
    Entry(
        "score-player-raises",
        """\
# player knows heaps up to 2 only
KIND = "score"
PLAYERS = {0: "a", 1: "b", 2: "a"}


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 1)] if n else []


def player(n):
    return PLAYERS[n]
""",
    ),
    # -- the whole-input form, answer ----------------------------------------------------------------
    Entry(
        "general-starts-not-iterable",
        """\
# starts gives a count, not the starts
KIND = "general"


def parse(text):
    return int(text)


def starts(n):
    return n


def moves(n):
    return range(n)
""",
    ),
    Entry(
        "general-output-not-text",
        """\
# output returns the answers themselves
KIND = "general"


def parse(text):
    return int(text)


def starts(n):
    return range(n)


def moves(n):
    return range(n)


def output(n, answers):
    return answers
""",
    ),
    Entry(
        "general-answer-returns-int",
        """\
# answer gives 1 for a win, as a number
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return range(n)


def answer(outcome, number):
    return 1 if outcome == "win" else 0
""",
    ),
    # -- today's faults, in general and score files ------------------------------------------------------
    Entry(
        "score-parse-raises",
        """\
# a score game whose parse fails on a word
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    return [(n - 1, 1)] if n else []
""",
        input="3\nthree\n",
    ),
    Entry(
        "general-infinite-generator",
        """\
# moves never stops yielding
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    while True:
        yield n - 1
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "score-moves-spins",
        """\
# moves spins for ever
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    while n >= 0:
        n += 1
    return []
""",
        args=(*SOLVE, "--time-limit", "0.3"),
    ),
    Entry(
        "general-moves-sys-exit",
        """\
# moves leaves the interpreter
import sys

KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    sys.exit(3)
""",
    ),
    Entry(
        "general-deep-recursion",
        """\
# moves recurses without end
KIND = "general"


def parse(line):
    return int(line)


def moves(n):
    return moves(n + 1)
""",
    ),
    Entry(
        "score-memory-one-call",
        """\
# one call of moves builds a huge list
KIND = "score"


def parse(line):
    return int(line)


def moves(n):
    rows = []
    while True:
        rows.append([n] * 1_000_000)
""",
        args=(*SOLVE, "--max-memory", "200M"),
    ),
]

def entries() -> Iterator[Entry]:
    """Every corpus entry, in file order."""
    yield from _ENTRIES


def input_bytes(entry: Entry) -> bytes | None:
    """The entry's input file (a lone surrogate stands for a byte that is not UTF-8)."""
    return None if entry.input is None else entry.input.encode("utf-8", "surrogateescape")


def rules_path(entry: Entry, scratch: Path) -> Path:
    """Where the entry's rules file is read from: under ``bad/``, or (broken, folder) copied to ``scratch``."""
    if entry.kind == "broken":
        target = scratch / f"{entry.name}.py"
        shutil.copyfile(HERE / f"{entry.name}.py.broken", target)
        return target
    if entry.kind == "folder":
        target = scratch / f"{entry.name}.py"
        target.mkdir(exist_ok=True)
        return target
    return HERE / f"{entry.name}.py"


def input_path(entry: Entry) -> Path:
    return HERE / f"{entry.name}{entry.suffix}"


def arguments(entry: Entry, rules: Path) -> list[str]:
    return [a.replace("{rules}", str(rules)).replace("{input}", str(input_path(entry))) for a in entry.args]


@dataclass(frozen=True)
class Ran:
    """What a command gave, from click's runner or from the installed ``gamecert`` in a process of its own."""

    exit_code: int
    stdout: str
    stderr: str


#: Entries that end the process (a rules function that catches every stop): run as ``gamecert`` in a subprocess.
OWN_PROCESS = ("bare-except-swallows-stop",)


def run_entry(entry: Entry, rules: Path) -> Ran:
    """Run the entry's command: in this process under click's runner, or (:data:`OWN_PROCESS`) as users do."""
    import subprocess

    from tests.support import GAMECERT, run

    if entry.name in OWN_PROCESS:
        done = subprocess.run(
            [GAMECERT, *arguments(entry, rules)], capture_output=True, text=True, timeout=60, check=False
        )
        return Ran(done.returncode, done.stdout, done.stderr)
    result = run(arguments(entry, rules))
    return Ran(result.exit_code, result.stdout, result.stderr)


def outcome(result, entry: Entry, rules: Path) -> dict:
    """What the corpus records of a run: exit code and stderr's first line (and its Error: line), the sandbox's
    notice of a ``stress`` run read apart (it depends on the machine, not on the rules)."""
    from tests.support import apart

    lines = [
        row.replace(str(rules), "{rules}").replace(str(input_path(entry)), "{input}")
        for row in apart(result.stderr).splitlines()
    ]
    record = {"exit": result.exit_code, "stderr": (lines or [""])[0]}
    if result.exit_code == 2:
        record["error"] = next((row for row in lines if row.startswith("Error:")), "")
    return record


def write(entry: Entry) -> None:
    """The entry's files under ``bad/``."""
    if entry.kind == "file":
        text = textwrap.dedent(entry.source).lstrip("\n")
        (HERE / f"{entry.name}.py").write_text(text, encoding="utf-8")
    elif entry.kind == "broken":
        data = entry.source if isinstance(entry.source, bytes) else entry.source.encode()
        (HERE / f"{entry.name}.py.broken").write_bytes(data)
    data = input_bytes(entry)
    if data is not None:
        input_path(entry).write_bytes(data)


def main() -> None:
    import tempfile
    import time

    HERE.mkdir(exist_ok=True)
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for entry in entries():
            write(entry)
            rules = rules_path(entry, Path(scratch))
            start = time.monotonic()
            result = run_entry(entry, rules)
            took = time.monotonic() - start
            if result.exit_code == 0:
                raise SystemExit(f"{entry.name}: accepted (exit 0); not a broken rules file")
            row = {"name": entry.name, "kind": entry.kind, "args": list(entry.args)} | outcome(result, entry, rules)
            print(f"{took:5.2f} s  {entry.name}: {row['exit']} {row['stderr']}")
            rows.append(row)
    EXPECTED.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    print(f"{len(rows)} entries written to {EXPECTED}")


if __name__ == "__main__":
    main()
