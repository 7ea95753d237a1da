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
    suffix: str = ".in"  # the input file's: ``.toml`` for a case file (``check``)


NIM = """
def parse(line):
    return int(line)


def moves(n):
    return range(n)
"""

GRID = """
def parse(text):
    return int(text)
"""

def _case(game: str, text: str, expected: str) -> str:
    """A case file (``check``) of ``game`` with input ``text``."""
    return f"game = {game!r}\nsource = 'the bad-rules corpus'\ninput = '''\n{text}'''\nexpected = '''\n{expected}'''\n"


#: (name, source or None, arguments, input, kind); sources are dedented, each begins with its fault.
_ENTRIES: list[tuple] = [
    # -- the file itself ---------------------------------------------------------------------
    ("syntax-error", "# a colon missing after def\ndef parse(line)\n    return int(line)\n", SOLVE, "3\n", "broken"),
    ("not-utf8", b"# Latin-1 bytes, no coding line\nNAME = 'caf\xe9'\n" + NIM.encode(), SOLVE, "3\n", "broken"),
    ("folder", None, SOLVE, "3\n", "folder"),
    ("missing", None, SOLVE, "3\n", "missing"),
    ("top-level-raises", "# the module's own code fails\nSIZE = 10\nLIMIT = SIZE // 0\n" + NIM, SOLVE),
    ("top-level-import-error", "# imports a module that does not exist\nimport no_such_module_for_rules\n" + NIM, SOLVE),
    ("top-level-sys-exit", "# leaves the interpreter while loading\nimport sys\n\nsys.exit(3)\n" + NIM, SOLVE),
    ("top-level-keyboard-interrupt", "# raises KeyboardInterrupt while loading\nraise KeyboardInterrupt\n", SOLVE),
    # -- the contract: names and their kinds ---------------------------------------------------
    ("no-parse", "# moves but no parse\ndef moves(n):\n    return range(n)\n", SOLVE),
    ("no-moves-no-graph", "# parse alone: neither moves nor graph\ndef parse(line):\n    return int(line)\n", SOLVE),
    ("moves-and-graph", "# both moves and graph\n" + NIM + "\n\ndef graph(instance):\n    return [], []\n", SOLVE),
    ("parse-not-callable", "# parse is a number\nparse = 3\n\n\ndef moves(n):\n    return range(n)\n", SOLVE),
    ("moves-wrong-arity", "# moves takes two arguments\ndef parse(line):\n    return int(line)\n\n\ndef moves(n, k):\n    return range(n)\n", SOLVE),
    ("answer-wrong-arity", "# answer takes one argument, not (win, value)\n" + NIM + "\n\ndef answer(win):\n    return 'yes'\n", SOLVE),
    ("misere-not-bool", "# misere is a word\nmisere = 'yes'\n" + NIM, SOLVE),
    ("name-invalid", "# NAME has a space and a '!'\nNAME = 'my game!'\n" + NIM, SOLVE),
    ("name-not-text", "# NAME is a number\nNAME = 42\n" + NIM, SOLVE),
    ("name-builtin", "# NAME is a built-in game's\nNAME = 'maze'\n" + NIM, SOLVE),
    # -- parse ---------------------------------------------------------------------------------
    ("parse-raises", "# int() of a word: the input's second line\n" + NIM, SOLVE, "3\nthree\n"),
    ("parse-returns-list", "# a list is unhashable\ndef parse(line):\n    return [int(x) for x in line.split()]\n\n\ndef moves(p):\n    return []\n", SOLVE, "1 2\n"),
    ("parse-sys-exit", "# parse leaves the interpreter\nimport sys\n\n\ndef parse(line):\n    sys.exit(3)\n\n\ndef moves(n):\n    return range(n)\n", SOLVE, "1\n2\n"),
    ("input-not-utf8", "# the rules are fine; the input is not UTF-8\n" + NIM, SOLVE, "3\n\udcff\n"),
    # -- moves and components raise or return the wrong thing ---------------------------------------
    ("moves-raises", "# a helper divides by zero at 2\ndef parse(line):\n    return int(line)\n\n\ndef allowed(m):\n    return 10 // (m - 2) != 0\n\n\ndef moves(n):\n    return [m for m in range(n) if allowed(m)]\n", SOLVE, "5\n"),
    ("moves-raises-misere", "# misere: the helper raises at 0\nmisere = True\n\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return [n - 1, 10 // n]\n", SOLVE, "2\n"),
    ("components-raises", "# components indexes past the end\ndef parse(line):\n    return tuple(int(x) for x in line.split())\n\n\ndef moves(p):\n    return []\n\n\ndef components(p):\n    return [p[5]]\n", SOLVE, "1 2\n"),
    ("components-returns-int", "# components returns a number\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return range(n)\n\n\ndef components(n):\n    return n\n", SOLVE),
    ("moves-returns-none", "# moves forgets to return\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    [n - 1]\n", SOLVE),
    ("moves-returns-int", "# moves returns a count\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return n - 1\n", SOLVE),
    ("moves-returns-list-position", "# a move to a list\ndef parse(line):\n    return (int(line),)\n\n\ndef moves(p):\n    return [[p[0] - 1]] if p[0] > 0 else []\n", SOLVE),
    ("moves-returns-dict-position", "# a move to a dict (misere)\nmisere = True\n\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return [{'heap': n - 1}] if n else []\n", SOLVE),
    ("generator-raises-midway", "# the generator fails after one move\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    yield n - 1\n    raise ValueError(f'no second move from {n}')\n", SOLVE),
    # -- loops -----------------------------------------------------------------------------------
    ("loop-length-1", "# a position moves to itself\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return [n]\n", SOLVE),
    ("loop-length-3", "# 0 -> 1 -> 2 -> 0\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return [(n + 1) % 3]\n", SOLVE, "0\n"),
    ("loop-misere", "# misere: 4 -> 3 -> 4\nmisere = True\n\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return [7 - n]\n", SOLVE, "4\n"),
    ("loop-through-components", "# (a, b) splits into a and b; a move from 2 gives (1, 2)\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return [(n - 1, n)] if n > 1 else []\n\n\ndef components(p):\n    return p if isinstance(p, tuple) else (p,)\n", SOLVE),
    # -- limits ----------------------------------------------------------------------------------
    ("infinite-generator", "# moves never stops yielding\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    while True:\n        yield n - 1\n", ("solve", "--rules", "{rules}", "{input}", "--time-limit", "0.3")),
    ("moves-sleeps", "# moves sleeps for ever\nimport time\n\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    time.sleep(3600)\n    return []\n", ("solve", "--rules", "{rules}", "{input}", "--time-limit", "0.3")),
    ("moves-spins", "# moves spins for ever\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    while n >= 0:\n        n += 1\n    return []\n", ("solve", "--rules", "{rules}", "{input}", "--time-limit", "0.3")),
    ("parse-spins", "# parse spins for ever\ndef parse(line):\n    while True:\n        pass\n\n\ndef moves(n):\n    return range(n)\n", ("solve", "--rules", "{rules}", "{input}", "--time-limit", "0.3")),
    ("swallows-time-limit", "# except Exception cannot stop the time limit\nimport time\n\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    while True:\n        try:\n            time.sleep(3600)\n        except Exception:\n            pass\n", ("solve", "--rules", "{rules}", "{input}", "--time-limit", "0.3")),
    ("bare-except-swallows-stop", "# a bare except catches even the guard's stop: the process ends\nimport time\n\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    while True:\n        try:\n            time.sleep(3600)\n        except:  # noqa: E722\n            pass\n", ("solve", "--rules", "{rules}", "{input}", "--time-limit", "0.3")),
    ("too-many-positions", "# Nim 1000 has 1001 positions\n" + NIM, ("solve", "--rules", "{rules}", "{input}", "--max-positions", "100"), "1000\n"),
    ("unbounded-game", "# every move makes the heap larger: no loop, no end\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return [n + 1]\n", ("solve", "--rules", "{rules}", "{input}", "--max-positions", "1000")),
    ("memory-one-call", "# one call of moves builds a huge list\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    rows = []\n    while True:\n        rows.append([n] * 1_000_000)\n", ("solve", "--rules", "{rules}", "{input}", "--max-memory", "200M")),
    ("memory-many-positions", "# every position holds 2 MB\nclass Heap(tuple):\n    def __repr__(self):\n        return 'Heap(...)'\n\n\ndef parse(line):\n    return Heap((int(line), b''))\n\n\ndef moves(p):\n    return [Heap((p[0] + 1, b'x' * (2_000_000 + p[0])))]\n", ("solve", "--rules", "{rules}", "{input}", "--max-memory", "200M")),
    ("moves-huge-range", "# moves returns 10**12 moves\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return range(10**12)\n", SOLVE),
    ("deep-recursion", "# a helper recurses without end\ndef parse(line):\n    return int(line)\n\n\ndef depth(n):\n    return depth(n + 1) + 1\n\n\ndef moves(n):\n    return [depth(n)]\n", SOLVE),
    # -- the interpreter's own exits ----------------------------------------------------------
    ("moves-sys-exit", "# moves calls sys.exit(3)\nimport sys\n\n\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    if n == 1:\n        sys.exit(3)\n    return range(n)\n", SOLVE),
    ("moves-raises-system-exit", "# moves raises SystemExit with a message\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    raise SystemExit('giving up')\n", SOLVE),
    ("moves-keyboard-interrupt", "# moves raises KeyboardInterrupt\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    raise KeyboardInterrupt\n", SOLVE),
    # -- answer and format -----------------------------------------------------------------------
    ("answer-returns-int", "# answer returns the value, not text\n" + NIM + "\n\ndef answer(win, value):\n    return value\n", SOLVE),
    ("answer-multiline", "# answer returns two lines\n" + NIM + "\n\ndef answer(win, value):\n    return f'{win}\\n{value}'\n", SOLVE),
    ("answer-raises", "# answer reads a missing key\nWORDS = {True: 'First'}\n" + NIM + "\n\ndef answer(win, value):\n    return WORDS[win]\n", SOLVE, "0\n"),
    ("format-raises", "# format fails on 0\n" + NIM + "\n\ndef format(n):\n    return 'heap of ' + str(10 // n)\n", ("solve", "--json", "--rules", "{rules}", "{input}"), "2\n"),
    ("format-returns-int", "# format returns a number\n" + NIM + "\n\ndef format(n):\n    return n\n", ("solve", "--json", "--rules", "{rules}", "{input}"), "2\n"),
    ("format-raises-in-loop-message", "# a loop, and format fails while the loop is shown\ndef parse(line):\n    return int(line)\n\n\ndef moves(n):\n    return [n]\n\n\ndef format(n):\n    raise RuntimeError('no format')\n", SOLVE),
    # -- graph rules -----------------------------------------------------------------------------
    ("graph-not-pair", "# graph returns three things\n" + GRID + "\n\ndef graph(n):\n    return list(range(n)), [], 'extra'\n", SOLVE),
    ("graph-returns-none", "# graph forgets to return\n" + GRID + "\n\ndef graph(n):\n    (list(range(n)), [])\n", SOLVE),
    ("graph-unknown-vertex", "# an edge to vertex n\n" + GRID + "\n\ndef graph(n):\n    return list(range(n)), [(i, i + 1) for i in range(n)]\n", SOLVE),
    ("graph-duplicate-label", "# the label 0 twice\n" + GRID + "\n\ndef graph(n):\n    return [0] + list(range(n)), []\n", SOLVE),
    ("graph-unhashable-label", "# lists as labels\n" + GRID + "\n\ndef graph(n):\n    return [[i] for i in range(n)], []\n", SOLVE),
    ("graph-edge-not-pair", "# an edge of three vertices\n" + GRID + "\n\ndef graph(n):\n    return list(range(n)), [(0, 1, 2)]\n", SOLVE),
    ("graph-raises", "# graph reads a missing key\nBOARDS = {1: 'a'}\n" + GRID + "\n\ndef graph(n):\n    return list(BOARDS[n]), []\n", SOLVE),
    ("graph-parse-raises", "# parse expects a number\n" + GRID + "\n\ndef graph(n):\n    return list(range(n)), []\n", SOLVE, "three\n"),
    ("graph-spins", "# graph spins for ever\n" + GRID + "\n\ndef graph(n):\n    while True:\n        n += 1\n", ("solve", "--rules", "{rules}", "{input}", "--time-limit", "0.3")),
    ("graph-export-raises", "# graph fails, through export\n" + GRID + "\n\ndef graph(n):\n    raise ValueError('no board of size ' + str(n))\n", ("export", "lp", "--rules", "{rules}", "{input}", "--vertex", "0")),
    # -- check: a case file names the rules' game ------------------------------------------------------
    ("check-parse-raises", "# int() of a word: the case input's second line\nNAME = 'check-parse-raises'\n" + NIM, ("check", "--rules", "{rules}", "{input}"), _case("check-parse-raises", "3\nthree\n", "win 3\nlose 0\n")),
    ("check-top-level-raises", "# the module's own code fails\nimport math\n\nSIDE = math.sqrt(-1)\n" + NIM, ("check", "--rules", "{rules}", "{input}"), _case("check-top-level-raises", "3\n", "win 3\n")),
    ("check-parse-sys-exit", "# parse calls sys.exit on the case input's first line\nimport sys\n\n\ndef parse(line):\n    sys.exit('bad line')\n\n\ndef moves(n):\n    return range(n)\n", ("check", "--rules", "{rules}", "{input}"), _case("check-parse-sys-exit", "3\n", "win 3\n")),
    # -- positions, claims and pictures: stress, audit, show ------------------------------------------
    ("stress-positions-raises", "# positions divides by zero at size 2\n" + NIM + "\n\ndef positions(size):\n    return [size // (size - 2)]\n", ("stress", "--rules", "{rules}", "--candidate", "true", "--count", "3", "--seed", "1")),
    ("stress-positions-returns-int", "# positions returns a number\n" + NIM + "\n\ndef positions(size):\n    return size\n", ("stress", "--rules", "{rules}", "--candidate", "true", "--count", "3", "--seed", "1")),
    ("audit-positions-raises", "# positions divides by zero at size 2\n" + NIM + "\n\ndef positions(size):\n    return [size // (size - 2)]\n\n\ndef value(n):\n    return n\n", ("audit", "--rules", "{rules}", "--claim", "value", "--exhaustive", "4")),
    ("audit-claim-raises", "# the claim divides by zero\n" + NIM + "\n\ndef positions(size):\n    return [size]\n\n\ndef value(n):\n    return 10 // (n - n)\n", ("audit", "--rules", "{rules}", "--claim", "value", "--exhaustive", "4")),
    ("audit-claim-unknown", "# no function named 'values': the claim is 'value'\n" + NIM + "\n\ndef positions(size):\n    return [size]\n\n\ndef value(n):\n    return n\n", ("audit", "--rules", "{rules}", "--claim", "values", "--exhaustive", "4")),
    ("show-format-raises", "# format fails on 1, while the picture is drawn\n" + NIM + "\n\ndef format(n):\n    return str(1 // (n - 1))\n", ("show", "--rules", "{rules}", "{input}")),
    # -- option values ---------------------------------------------------------------------------
    ("time-limit-word", "# fine rules; --time-limit is not a number\n" + NIM, ("solve", "--rules", "{rules}", "{input}", "--time-limit", "abc")),
    ("time-limit-zero", "# fine rules; --time-limit 0\n" + NIM, ("solve", "--rules", "{rules}", "{input}", "--time-limit", "0")),
    ("max-positions-zero", "# fine rules; --max-positions 0\n" + NIM, ("solve", "--rules", "{rules}", "{input}", "--max-positions", "0")),
    ("max-memory-word", "# fine rules; --max-memory lots\n" + NIM, ("solve", "--rules", "{rules}", "{input}", "--max-memory", "lots")),
]


def entries() -> Iterator[Entry]:
    """Every corpus entry, in file order."""
    for row in _ENTRIES:
        name, source, *rest = row
        args = rest[0] if rest else SOLVE
        data = rest[1] if len(rest) > 1 else "3\n"
        kind = rest[2] if len(rest) > 2 else "file"
        suffix = ".toml" if args[0] == "check" else ".in"
        yield Entry(name, source, tuple(args), data, kind, suffix)


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
        done = subprocess.run([GAMECERT, *arguments(entry, rules)], capture_output=True, text=True, timeout=60)
        return Ran(done.returncode, done.stdout, done.stderr)
    result = run(arguments(entry, rules))
    return Ran(result.exit_code, result.stdout, result.stderr)


def outcome(result, entry: Entry, rules: Path) -> dict:
    """What the corpus records of a run: exit code and stderr's first line (and its Error: line)."""
    lines = result.stderr.splitlines() or [""]
    first = lines[0].replace(str(rules), "{rules}").replace(str(input_path(entry)), "{input}")
    record = {"exit": result.exit_code, "stderr": first}
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
