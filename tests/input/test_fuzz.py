"""Random bytes and random mutations of valid inputs, fed to every parser through the CLI.

Each run must end in exit 1 with one ``error: <stdin>:LINE:COL: ...`` line, or in exit 0 with
an answer whose certificate checks (the game's independent certificate checker) and that is
byte for byte the judge output of the parsed instance: never exit 4, a traceback or a hang
(pytest-timeout bounds every test).
"""

from __future__ import annotations

import os
import re

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from gamecert.verify import registry
from tests.input.corpus import VALID
from tests.support import run

LOCATED = re.compile(r"error: (<stdin>:\d+:\d+|--position): \S[^\n]*\n")
#: Examples per test; GAMECERT_FUZZ_EXAMPLES=5000 runs a deeper search by hand.
EXAMPLES = int(os.environ.get("GAMECERT_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])

#: Bytes that matter to some parser, and some that must never be taken for digits or blanks.
ALPHABET = [bytes([c]) for c in b"0123456789 \t\r\n.#XOepc-+x"] + [
    "３".encode(),
    "٣".encode(),
    "é".encode(),
    b"\xef\xbb\xbf",
    b"\xff",
    b"\x00",
    b"\x0c",
    b"9" * 25,
    b"9" * 5000,
]


@st.composite
def mutated(draw, data: bytes) -> bytes:
    """``data`` after a few random edits: replace, insert, delete, duplicate or truncate."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(out)))
        kind = draw(st.sampled_from(["replace", "insert", "delete", "duplicate", "truncate"]))
        piece = draw(st.sampled_from(ALPHABET))
        if kind == "replace" and at < len(out):
            out[at : at + 1] = piece
        elif kind == "insert":
            out[at:at] = piece
        elif kind == "delete":
            del out[at : at + draw(st.integers(1, 3))]
        elif kind == "duplicate":
            out[at:at] = out[at : at + draw(st.integers(1, 6))]
        else:
            del out[at:]
    return bytes(out)


@st.composite
def respaced(draw, data: bytes) -> bytes:
    """``data`` with its layout changed the ways judges accept: CRLF, trailing blanks, more spaces between numbers."""
    lines = data.split(b"\n")
    out = []
    for line in lines:
        if draw(st.booleans()):
            line = line.replace(b" ", draw(st.sampled_from([b"  ", b"\t", b" \t "])))
        line += draw(st.sampled_from([b"", b" ", b"\t", b"\r", b" \r"]))
        out.append(line)
    return b"\n".join(out) + draw(st.sampled_from([b"", b"\n", b"\n\n"]))


def check(command: list[str], data: bytes) -> None:
    result = run([*command[:-1], "-"], input=data)
    event(f"exit {result.exit_code}")  # --hypothesis-show-statistics counts answers and refusals
    assert result.exit_code in (0, 1), (result.exit_code, result.stderr)
    if result.exit_code == 1:
        assert LOCATED.fullmatch(result.stderr), result.stderr
        return
    game = registry.get_game(command[1])
    instance = game.parse(data, "<stdin>", True)
    solution = game.fast_solve(instance)
    assert game.certify(instance, solution) == []
    assert result.stdout == game.format(solution)


def fuzz(name: str):
    data, command = VALID[name]
    command = [*command, "-"]

    @FUZZ
    @given(st.one_of(st.binary(max_size=80), mutated(data), respaced(data)))
    def test(raw: bytes) -> None:
        check(command, raw)

    return test


test_fuzz_maze = fuzz("maze")
test_fuzz_bunny_egg = fuzz("bunny-egg")
test_fuzz_geography = fuzz("geography")
test_fuzz_dimacs = fuzz("dimacs")
test_fuzz_split = fuzz("split")
test_fuzz_cutting = fuzz("cutting")


@FUZZ
@given(st.sampled_from(["split", "cutting"]), st.text(alphabet="0123456789xX ３٣-+\t\n", max_size=30))
def test_fuzz_position(rule: str, text: str) -> None:
    result = run(["solve", rule, "--position", text])
    event(f"exit {result.exit_code}")
    assert result.exit_code in (0, 1), (result.exit_code, result.stderr)
    if result.exit_code == 1:
        assert LOCATED.fullmatch(result.stderr), result.stderr
    else:
        assert result.stdout.startswith("position: ")
