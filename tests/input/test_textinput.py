"""The input layer against plain, obviously-correct reference code; the memory guard; option types."""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamecert.solvers.errors import InputError
from gamecert.solvers.geography.solver import geography_game, parse_geography, write_geography_answer
from gamecert.solvers.maze.solver import maze_game, parse_maze
from gamecert.solvers.textinput import MAX_DIGITS, TextInput, default_max_memory, memory_limit, shown
from gamecert.solvers.textoutput import RowFormat
from gamecert.verify import registry
from gamecert.verify.engine.jsonstream import Rows, write_json
from tests.support import run

BYTES = st.binary(max_size=60) | st.lists(st.sampled_from([b"1", b"23", b" ", b"\t", b"\r", b"\n", b"-", b"+", b"x", b"0" * 20, "３".encode()]), max_size=20).map(b"".join)


def reference_tokens(data: bytes) -> list[tuple[int, int]]:
    """Tokens by the judge's rule, line by line: blanks are space and tab; CRs ending a line go."""
    out, offset = [], 0
    for line in data.split(b"\n"):
        body = line.rstrip(b"\r")
        for m in re.finditer(rb"[^ \t]+", body):
            out.append((offset + m.start(), offset + m.end()))
        offset += len(line) + 1
    return out


@pytest.mark.slow
@settings(max_examples=300, deadline=None, derandomize=True)
@given(BYTES)
def test_tokens_match_the_line_by_line_rule(data):
    src = TextInput(data)
    assert list(zip(src.starts.tolist(), src.ends.tolist())) == reference_tokens(data)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(BYTES, st.integers(-5, 5), st.integers(-5, 30))
def test_integers_match_python(data, lo, hi):
    src = TextInput(data)
    values, ok = src.scan_integers(0, len(src), lo, hi)
    for k in range(len(src)):
        raw = src.text(k)
        body = raw[1:] if raw[:1] in (b"+", b"-") else raw
        good = body.isdigit() and len(body.lstrip(b"0")) <= MAX_DIGITS and lo <= int(raw) <= hi
        assert bool(ok[k]) == good, raw
        if good:
            assert values[k] == int(raw)
        else:
            with pytest.raises(InputError):
                src.integer(k, "x", lo, hi)


def test_positions_count_characters_and_lines():
    src = TextInput("ab\r\n  é３ x\n".encode())
    assert [src.position(int(s)) for s in src.starts] == [(1, 1), (2, 3), (2, 6)]
    assert src.end() == (2, 7)
    assert TextInput(b"").end() == (1, 1) and TextInput(b"1 2\n\n").end() == (2, 1)


def test_shown_decodes_utf8_and_cuts():
    assert shown("é".encode()) == "'é'"
    assert shown(b"\xef\xbb\xbf3") == "'\\ufeff3'"
    assert shown(b"\xc3") == "'\ufffd'"
    assert shown(b"b" * 25) == "'" + "b" * 20 + "…'"


def test_long_integers_are_refused_by_length_and_leading_zeros_are_fine():
    src = TextInput(b"9" * 5000 + b" " + b"0" * 30 + b"7")
    with pytest.raises(InputError, match=r"got 9{20}… \(5000 digits\)$"):
        src.integer(0, "n", 0, 10)
    assert src.integer(1, "n", 0, 10) == 7
    assert src.integers(1, 1, "n", 0, 10).tolist() == [7]


def test_memory_limit_refuses_before_allocating():
    with memory_limit(2**20):
        with pytest.raises(InputError, match=r"^<stdin>:1:1: a graph of 100000000 vertices and 0 edges needs about 4\.5 GiB"):
            parse_geography("100000000 0\n")
        with pytest.raises(InputError, match=r"a 2000 x 2000 maze needs about 732\.4 MiB of memory, more than the 1\.0 MiB allowed"):
            parse_maze("2000 2000\n", judge_limits=False)
    assert parse_geography("3 0\n", max_memory=2**20).n == 3
    assert default_max_memory() > 2**20


def test_max_memory_option():
    refused = run(["solve", "geography", "--max-memory", "1G", "-"], input="100000000 0\n")
    assert (refused.exit_code, refused.stderr) == (
        1,
        "error: <stdin>:1:1: a graph of 100000000 vertices and 0 edges needs about 4.5 GiB of memory, "
        "more than the 1.0 GiB allowed (--max-memory raises the limit)\n",
    )
    accepted = run(["solve", "geography", "--max-memory", "1.5G", "-"], input="2 1\n1 2\n")
    assert (accepted.exit_code, accepted.stdout) == (0, "1 win\n2 win\n")


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "split", "--max-memory", "４G"], "Error: Invalid value for '--max-memory': expected a size such as 4G, 512M or 100000 (bytes), got '４G'"),
        (["stress", "split", "--candidate", "x", "--count", "３"], "Error: Invalid value for '--count': expected an integer (ASCII digits), got '３'"),
        (["check", "--time-limit", "nan"], "Error: Invalid value for '--time-limit': expected a number such as 2.5 (ASCII digits), got 'nan'"),
    ],
)
def test_numeric_options_take_ascii_digits_only(args, message):
    result = run(args)
    assert result.exit_code == 2 and result.stderr.splitlines()[-1] == message


def test_row_format_matches_percent_formatting():
    rng = np.random.default_rng(3)
    for template in ("%d %d\n", ("[%d], ", "<%d>%%"), ("%d win\n", "%d lose\n")):
        fmt = RowFormat(template)
        alternatives = (template,) if isinstance(template, str) else template
        for rows in (0, 3, 5000):  # 5000 rows go through the compiled kernel
            values = rng.integers(-(10**15), 10**15, size=(rows, fmt.columns))
            choice = rng.integers(0, len(alternatives), size=rows)
            want = "".join(alternatives[c] % tuple(r) for c, r in zip(choice.tolist(), values.tolist()))
            assert fmt.format(values, choice) == want.encode()


def test_streamed_geography_answer_is_the_judge_answer():
    sol = geography_game(parse_geography("5 3\n1 2\n2 3\n4 4\n"))
    parts = []
    write_geography_answer(sol, parts.append)
    plain = "".join(f"{v} {'lose' if x else 'win'}\n" for v, x in enumerate(sol.loses.tolist(), start=1))
    assert b"".join(parts).decode() == plain == "1 lose\n2 win\n3 lose\n4 lose\n5 lose\n"


@pytest.mark.parametrize(
    "game, text",
    [
        ("maze", "3 4\n.##.\n....\n#.#.\n"),
        ("maze", "1 1\n#\n"),
        ("geography", "7 7\n1 2\n2 3\n3 1\n3 4\n5 5\n6 7\n7 6\n"),
        ("geography", "c x\np edge 4 0\n"),
        ("split", "1 2\n1 6\n4 3\n3 5\n"),
        ("cutting", "2 2\n3 2\n4 2\n30 17\n"),
    ],
)
def test_streamed_json_is_json_dumps(game, text):
    g = registry.get_game(game)
    sol = g.solve(g.parse(text, "<t>", True))
    out = io.BytesIO()
    write_json(g.describe(sol), out.write)
    assert out.getvalue() == json.dumps(materialized(g.describe(sol))).encode()


def materialized(value):
    """The description as plain data: every streamed block of rows as its list."""
    stack, root = [], [value]
    stack.append((root, 0))
    while stack:
        holder, key = stack.pop()
        item = holder[key]
        if isinstance(item, Rows):
            holder[key] = item.value()
        elif isinstance(item, dict):
            holder[key] = item = dict(item)
            stack.extend((item, k) for k in item)
        elif isinstance(item, list | tuple):
            holder[key] = item = list(item)
            stack.extend((item, i) for i in range(len(item)))
    return root[0]


def test_rows_value_and_chunks():
    rows = Rows(("%d", "-%d"), 70_000, lambda i, j: (np.arange(i, j)[:, None], np.arange(i, j) % 2))
    value = rows.value()
    assert len(value) == 70_000 and value[:3] == [0, -1, 2] and value[-1] == -69_999


def test_maze_board_is_read_whole():
    maze = parse_maze(b"2 3\r\n.#.  \r\n...\t\n\n")
    assert maze.free.tolist() == [[True, False, True], [True, True, True]]
    assert maze_game(maze).winning_cells.tolist() == [[1, 1], [1, 3], [2, 2]]
