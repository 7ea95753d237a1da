"""The malformed-input corpus: hostile files and option values for every game, with what gamecert answers.

``python -m tests.input.corpus`` writes each input under ``tests/input/corpus/<game>/`` and
records, in ``tests/input/corpus/expected.jsonl``, the command, the exit code and the first
line of stderr (``{file}`` stands for the input's path; for usage errors, exit 2, the line
starting ``Error:`` too). ``test_corpus.py`` replays every entry. Rewrite the expectations
only after reading the differences: each line is a promise to users.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent / "corpus"
EXPECTED = HERE / "expected.jsonl"

#: A valid judge-format input per game (the samples), and the command that reads it.
VALID: dict[str, tuple[bytes, list[str]]] = {
    "maze": (b"3 3\n.##\n...\n#.#\n", ["solve", "maze"]),
    "bunny-egg": (b"1 6\nXO.OXO\n1\n1 2\n1 1\n", ["solve", "bunny-egg"]),
    "geography": (b"3 2\n1 2\n2 3\n", ["solve", "geography"]),
    "dimacs": (b"c a path\np edge 3 2\ne 1 2\ne 2 3\n", ["solve", "geography"]),
    "split": (b"1 2\n1 6\n4 3\n3 5\n", ["solve", "split"]),
    "cutting": (b"2 2\n3 2\n4 2\n", ["solve", "cutting"]),
}

HUGE = b"9" * 5000


def _first_digit(data: bytes) -> int:
    return next(i for i, ch in enumerate(data) if 48 <= ch <= 57)


def _replace_number(data: bytes, k: int, by: bytes) -> bytes:
    """``data`` with its ``k``-th run of digits (from 0) replaced by ``by``."""
    i, found = 0, -1
    while i < len(data):
        if 48 <= data[i] <= 57:
            j = i
            while j < len(data) and 48 <= data[j] <= 57:
                j += 1
            found += 1
            if found == k:
                return data[:i] + by + data[j:]
            i = j
        else:
            i += 1
    raise ValueError("not enough numbers")


def hostile(data: bytes) -> Iterator[tuple[str, bytes]]:
    """The same hostile variations of any valid input."""
    rng = random.Random(12)
    d = _first_digit(data)
    yield "empty", b""
    yield "blank", b"\n \t\n\n"
    yield "bom", b"\xef\xbb\xbf" + data
    yield "fullwidth-digit", data[:d] + "３".encode() + data[d + 1 :]
    yield "arabic-indic-digit", data[:d] + "٣".encode() + data[d + 1 :]
    yield "superscript-digit", data[:d] + "²".encode() + data[d + 1 :]
    yield "huge-first-number", _replace_number(data, 0, HUGE)
    yield "huge-second-number", _replace_number(data, 1, HUGE)
    yield "huge-last-number", _replace_number(data, sum(1 for _ in _runs(data)) - 1, HUGE)
    yield "25-digit-number", _replace_number(data, 0, b"1" * 25)
    yield "negative-number", _replace_number(data, 0, b"-3")
    yield "lone-sign", _replace_number(data, 0, b"+")
    yield "decimal-number", _replace_number(data, 0, b"2.5")
    yield "hex-number", _replace_number(data, 0, b"0x3")
    yield "nul-byte", b"\x00" + data
    yield "binary", bytes(rng.randrange(256) for _ in range(300))
    yield "cr-only-lines", data.replace(b"\n", b"\r")
    yield "cr-inside-line", data.replace(b"\n", b"\r \n", 1)[:-1] + b"\r5\n"
    yield "invalid-utf8", data[:d] + b"\xff" + data[d + 1 :]
    yield "accented-letter", data[:d] + "é".encode() + data[d + 1 :]
    yield "emoji", data[:d] + "🎲".encode() + data[d + 1 :]
    yield "long-token", b"a" * 20_000 + b"\n" + data
    yield "trailing-junk", data + b"junk\n"
    yield "form-feed", data[:d] + b"\x0c" + data[d:]


def _runs(data: bytes) -> Iterator[int]:
    i = 0
    while i < len(data):
        if 48 <= data[i] <= 57:
            yield i
            while i < len(data) and 48 <= data[i] <= 57:
                i += 1
        else:
            i += 1


#: Game-specific malformed inputs: (name, bytes, extra arguments).
SPECIFIC: dict[str, list[tuple[str, bytes, list[str]]]] = {
    "maze": [
        ("zero-rows", b"0 3\n", []),
        ("beyond-judge-limit", b"101 3\n", []),
        ("three-numbers", b"3 3 3\n...\n...\n...\n", []),
        ("short-row", b"2 3\n...\n..\n", []),
        ("long-row", b"2 3\n...\n....\n", []),
        ("bad-cell", b"2 3\n...\n.x.\n", []),
        ("extra-row", b"1 3\n...\n...\n", []),
        ("missing-rows", b"3 3\n...\n", []),
        ("too-big-for-memory", b"100000 100000\n", ["--no-judge-limits", "--max-memory", "64M"]),
        ("header-only-n", b"3\n...\n", []),
        ("space-inside-row", b"2 3\n...\n. .\n", []),
    ],
    "bunny-egg": [
        ("two-empty-cells", b"1 6\nXO.O.O\n1\n1 2\n1 1\n", []),
        ("no-empty-cell", b"1 6\nXOXOXO\n1\n1 2\n1 1\n", []),
        ("zero-rounds", b"1 6\nXO.OXO\n0\n", []),
        ("too-many-rounds", b"1 6\nXO.OXO\n1001\n", []),
        ("move-off-board", b"1 6\nXO.OXO\n1\n1 9\n1 1\n", []),
        ("not-next-to-empty", b"1 6\nXO.OXO\n1\n1 4\n1 1\n", []),
        ("wrong-colour", b"1 6\nXX.OXO\n1\n1 2\n1 1\n", []),
        ("too-few-moves", b"1 6\nXO.OXO\n2\n1 2\n1 1\n", []),
        ("lowercase-piece", b"1 3\nXo.\n1\n1 2\n1 1\n", []),
        ("board-beyond-limit", b"41 2\n", []),
        ("lone-x-at-end", b"1 6\nXO.OXO\n1\n1 2\n1\n", []),
        ("too-big-for-memory", b"1000000000 1000000000\n", ["--no-judge-limits", "--max-memory", "64M"]),
    ],
    "geography": [
        ("too-many-vertices", b"100000001 0\n", []),
        ("fewer-edges", b"3 2\n1 2\n", []),
        ("vertex-zero", b"3 1\n0 2\n", []),
        ("vertex-beyond-n", b"3 1\n1 4\n", []),
        ("edges-without-vertices", b"0 1\n1 1\n", []),
        ("negative-edges", b"3 -1\n", []),
        ("too-big-for-memory", b"100000000 0\n", ["--max-memory", "1G"]),
        ("declared-edges-not-there", b"3 99999999999999\n1 2\n", []),
    ],
    "dimacs": [
        ("unknown-problem", b"p foo 3 1\ne 1 2\n", []),
        ("edge-before-problem", b"e 1 2\np edge 3 1\n", []),
        ("second-problem", b"p edge 3 1\np edge 3 1\ne 1 2\n", []),
        ("too-many-edges", b"p edge 3 1\ne 1 2\ne 2 3\n", []),
        ("short-edge", b"p edge 3 1\ne 1\n", []),
        ("long-edge", b"p edge 3 1\ne 1 2 3\n", []),
        ("unknown-line", b"p edge 3 1\nq 1 2\n", []),
        ("short-problem", b"p edge 3\n", []),
        ("problem-not-a-number", b"p edge 3 x\n", []),
        ("too-many-vertices", b"p edge 100000001 0\n", []),
        ("comment-only", b"c nothing here\n", []),
        ("too-big-for-memory", b"p edge 100000000 0\n", ["--max-memory", "1G"]),
        ("fewer-edges", b"p edge 3 2\ne 1 2\n", []),
        ("vertex-zero", b"p edge 3 1\ne 0 1\n", []),
    ],
    "split": [
        ("one-by-one", b"2 2\n1 1\n", []),
        ("zero-side", b"0 2\n", []),
        ("beyond-judge-limit", b"1 151\n", []),
        ("beyond-largest-table", b"1 2001\n", ["--no-judge-limits"]),
        ("odd-count", b"1 2\n1 6\n4\n", []),
    ],
    "cutting": [
        ("side-one", b"2 2\n1 5\n", []),
        ("beyond-judge-limit", b"201 5\n", []),
        ("odd-count", b"5 5 5", []),
        ("letter", b"5 x\n", []),
        ("beyond-largest-table", b"2001 2\n", ["--no-judge-limits"]),
    ],
}

#: Malformed option values (no input file): (name, arguments).
OPTIONS: list[tuple[str, list[str]]] = [
    ("position-fullwidth", ["solve", "split", "--position", "３x5"]),
    ("position-arabic-indic", ["solve", "cutting", "--position", "٣x5"]),
    ("position-huge", ["solve", "split", "--position", "9" * 5000 + "x3"]),
    ("position-25-digits", ["solve", "cutting", "--position", "3x" + "1" * 25]),
    ("position-one-by-one", ["solve", "split", "--position", "1x1"]),
    ("position-no-second-side", ["solve", "split", "--position", "3x"]),
    ("position-empty", ["solve", "split", "--position", ""]),
    ("position-bad-piece", ["solve", "split", "--position", "3x5 2y7"]),
    ("position-long-token", ["solve", "split", "--position", "x" * 10_000]),
    ("position-beyond-table", ["solve", "cutting", "--position", "3x2001"]),
    ("position-side-one-cutting", ["solve", "cutting", "--position", "1x5"]),
    ("max-memory-word", ["solve", "split", "--max-memory", "lots", "-"]),
    ("max-memory-fullwidth", ["solve", "split", "--max-memory", "４G", "-"]),
    ("max-memory-zero", ["solve", "split", "--max-memory", "0", "-"]),
    ("max-memory-huge-digits", ["solve", "split", "--max-memory", "9" * 5000, "-"]),
    ("stress-count-fullwidth", ["stress", "split", "--candidate", "true", "--count", "３"]),
    ("stress-seed-huge", ["stress", "split", "--candidate", "true", "--seed", "9" * 5000]),
    ("stress-timeout-nan", ["stress", "split", "--candidate", "true", "--timeout", "nan"]),
    ("stress-timeout-inf", ["stress", "split", "--candidate", "true", "--timeout", "inf"]),
    ("stress-max-size-arabic", ["stress", "split", "--candidate", "true", "--max-size", "٣"]),
    ("check-jobs-fullwidth", ["check", "--jobs", "２"]),
    ("check-time-limit-nan", ["check", "--time-limit", "nan"]),
    ("audit-seed-fullwidth", ["audit", "--seed", "１"]),
    # Every numeric option of every command reads ASCII digits only (issue #18).
    ("stress-exhaustive-fullwidth", ["stress", "maze", "--candidate", "true", "--exhaustive", "３"]),
    ("stress-jobs-fullwidth", ["stress", "split", "--candidate", "true", "--jobs", "２"]),
    ("audit-exhaustive-fullwidth", ["audit", "--game", "maze", "--exhaustive", "３"]),
    ("audit-exhaustive-21-digits", ["audit", "--game", "maze", "--exhaustive", "9" * 21]),
    ("audit-random-fullwidth", ["audit", "--game", "geography", "--random", "３"]),
    ("audit-jobs-arabic", ["audit", "--game", "maze", "--exhaustive", "2", "--jobs", "٢"]),
    ("package-seed-fullwidth", ["package", "maze", "--out", "unused", "--seed", "３"]),
    ("export-max-memory-fullwidth", ["export", "lp", "maze", "-", "--vertex", "1,1", "--max-memory", "４G"]),
]

#: ``export --vertex`` values on the maze sample (malformed or pointing nowhere).
VERTICES: list[tuple[str, str]] = [
    ("vertex-fullwidth", "１,2"),
    ("vertex-huge", "9" * 5000 + ",1"),
    ("vertex-comma-only", ","),
    ("vertex-long-garbage", "z" * 10_000),
    ("vertex-off-board", "9,9"),
]


def entries() -> Iterator[tuple[str, str | None, bytes | None, list[str]]]:
    """Every corpus entry as ``(name, file under corpus/ or None, bytes or None, arguments)``."""
    for game, (data, command) in VALID.items():
        for name, bad in hostile(data):
            yield f"{game}/{name}", f"{game}/{name}.in", bad, [*command, "{file}"]
        for name, bad, extra in SPECIFIC[game]:
            yield f"{game}/{name}", f"{game}/{name}.in", bad, [*command, *extra, "{file}"]
    for name, args in OPTIONS:
        yield f"options/{name}", None, None, args
    maze = VALID["maze"][0]
    for name, vertex in VERTICES:
        yield f"export/{name}", f"export/{name}.in", maze, ["export", "lp", "maze", "{file}", "--vertex", vertex]


def outcome(result, path: str) -> dict:
    """What the corpus records of a run: exit code and stderr's first line (and its Error: line)."""
    lines = result.stderr.splitlines() or [""]
    first = lines[0].replace(path, "{file}") if path else lines[0]
    record = {"exit": result.exit_code, "stderr": first}
    if result.exit_code == 2:
        record["error"] = next((row for row in lines if row.startswith("Error:")), "")
    return record


def main() -> None:
    from tests.support import run

    HERE.mkdir(exist_ok=True)
    rows = []
    for name, file, data, args in entries():
        path = ""
        if file is not None:
            target = HERE / file
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            path = str(target)
        result = run([a.replace("{file}", path) for a in args])
        if result.exit_code == 0:
            raise SystemExit(f"{name}: accepted (exit 0); not a malformed input")
        rows.append({"name": name, "file": file, "args": args} | outcome(result, path))
    EXPECTED.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    print(f"{len(rows)} entries written to {EXPECTED}")


if __name__ == "__main__":
    main()
