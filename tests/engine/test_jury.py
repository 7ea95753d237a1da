"""``gamecert stress --interactive``: a contestant plays against gamecert's jury, contained like any candidate.

The conversation itself (:func:`~gamecert.verify.engine.contain.run_interactive`): lines both ways, the
deadline while the jury waits, the program stopped once the jury has its verdict. Then the maze's contestants
(``tests/maze/contestant.py``) through the command line: a perfect one passes, a random one, an illegal mover, a
sleeper and a memory eater get a judge's verdicts, the failing test saved with its transcript; and the refusals.
"""

from __future__ import annotations

import sys
import time

import pytest

from gamecert.verify import registry
from gamecert.verify.engine import sandbox as box
from gamecert.verify.engine.contain import Limits, Stop, run_interactive
from gamecert.verify.engine.sandbox import Sandbox
from gamecert.verify.maze.game import MazeGame
from gamecert.verify.maze.generator import MazeStressCases
from tests.support import LoopbackServer, candidate, run

ECHO = "import sys\nfor line in sys.stdin:\n    print(line.strip()[::-1], flush=True)\n"


def reverser_jury(words: list[str]):
    """Says each word, hears it reversed; returns what it heard, ``None`` marking the end of the output."""
    heard = []
    for word in words:
        heard.append((yield word.encode() + b"\n"))
    while heard[-1] is not None:
        heard.append((yield b""))
    return heard


@pytest.mark.parametrize("sandbox", [None, Sandbox()], ids=["plain", "sandbox"])
def test_a_conversation_line_by_line(sandbox):
    def jury():
        heard = yield b"abc\n"
        again = yield b"xy\n"
        return heard, again

    run_, said = run_interactive([sys.executable, "-I", "-S", "-c", ECHO], jury(), Limits(10), sandbox)
    assert said == (b"cba", b"yx")
    assert run_.stopped is Stop.JURY and run_.returncode is None  # stopped once the jury had its verdict
    assert run_.stdout == b"cba\nyx\n"


def test_the_jury_hears_the_end_of_the_output_and_the_program_ends_by_itself():
    code = "print(input()[::-1]); print('last', end='')"
    run_, said = run_interactive([sys.executable, "-I", "-S", "-c", code], reverser_jury(["ab"]), Limits(10))
    assert said == [b"ba", b"last", None]
    assert run_.stopped is None and run_.returncode == 0


def test_the_deadline_holds_while_the_jury_waits_for_a_line():
    start = time.monotonic()
    run_, said = run_interactive([sys.executable, "-I", "-S", "-c", "import time; time.sleep(60)"],
                                 reverser_jury(["ab"]), Limits(0.3))
    assert run_.stopped is Stop.TIME and said is None
    assert time.monotonic() - start < 3


def stress(tmp_path, mode: str, *more: str):
    return run([
        "stress", "maze", "--interactive", "--candidate", candidate("maze/contestant.py", mode), "--count", "6",
        "--max-size", "3", "--out", str(tmp_path), *more,
    ])


@pytest.mark.slow
def test_a_perfect_contestant_passes(tmp_path):
    result = stress(tmp_path, "perfect")
    assert (result.exit_code, result.stdout) == (0, "stress maze --interactive: 4 cases passed, 2 without a start (seed 1)\n")


@pytest.mark.slow
def test_a_random_contestant_loses_and_the_test_is_saved_with_its_transcript(tmp_path):
    result = stress(tmp_path, "random")
    saved = tmp_path / "maze-interactive-wrong-answer"
    assert result.exit_code == 3
    assert result.stdout == (
        "stress maze --interactive: wrong answer on case 3 of 6 (edge: domino; seed 1), already minimal: "
        f"[1 2 / .. / 1 1]: {saved}.in (took SECOND, which loses from this start (FIRST wins); it cannot move "
        "after 1 move)\n"
    )
    assert saved.with_suffix(".in").read_text() == "1 2\n..\n1 1\n"
    assert saved.with_suffix(".ans").read_text() == "FIRST\n"
    transcript = saved.with_suffix(".transcript").read_text().splitlines()
    assert transcript[1:6] == ["> 1 2", "> ..", "> 1 1", "< SECOND", "> 1 2"]
    assert transcript[6].startswith("# wrong answer: took SECOND")


class RandomBoards(MazeStressCases):
    """The maze's random boards without its edge cases: the first case is a random one."""

    def edge_cases(self, max_size):
        return iter(())


class RandomMaze(MazeGame):
    name = "randommaze"

    def capabilities(self):
        return (RandomBoards(), *(c for c in super().capabilities() if not isinstance(c, MazeStressCases)))


def free_cells(test: str) -> int:
    return test.count(".")


@pytest.mark.slow
def test_a_failing_random_case_is_shrunk_by_size(tmp_path):
    # Perfect on boards of at most 4 free cells, random on larger ones: whatever fails has more than 4.
    with registry.registered(RandomMaze()):
        result = run([
            "stress", "randommaze", "--interactive", "--candidate", candidate("maze/contestant.py", "small"),
            "--count", "4", "--max-size", "8", "--seed", "13", "--out", str(tmp_path),
        ])
    saved = tmp_path / "randommaze-interactive-wrong-answer"
    assert result.exit_code == 3
    assert result.stdout == (
        "stress randommaze --interactive: wrong answer on case 3 of 4 (random, size 5; seed 13), shrunk in 1 step to "
        f"[3 3 / ... / ... / ... / 3 3]: {saved}.in (lost a won start: its move 4, '1 1', leaves the jury a win; it "
        "cannot move after 7 moves)\n"
    )
    shrunk, first = saved.with_suffix(".in").read_text(), saved.with_suffix(".orig.in").read_text()
    assert free_cells(shrunk) > 4 and shrunk != first
    assert max(map(int, shrunk.split()[:2])) <= 4  # a random case of a size below the first's 5: sides at most 4


def test_an_illegal_move(tmp_path):
    result = stress(tmp_path, "illegal", "--count", "3")
    assert result.exit_code == 3
    assert "(edge: domino; seed 1)" in result.stdout
    assert result.stdout.endswith("(move 1: '2 1': expected a row in 1..1, got 2)\n")  # the board has one row


@pytest.mark.parametrize(
    ("program", "more", "verdict", "detail"),
    [
        ("sleep_forever.py", ("--timeout", "0.5"), "time limit exceeded", "(no answer within the 0.5 s time limit)"),
        ("memory.py", ("--memory-limit", "64M"), "memory limit exceeded", "64.0 MiB memory limit reached"),
    ],
)
def test_hostile_contestants_get_the_contained_verdicts(tmp_path, program, more, verdict, detail):
    result = run([
        "stress", "maze", "--interactive", "--candidate", candidate(f"engine/hostile/{program}"), "--count", "1",
        "--out", str(tmp_path), *more,
    ])
    assert result.exit_code == 3
    assert result.stdout.startswith(f"stress maze --interactive: {verdict} on case 1 of 1 (edge: single free cell; seed 1)")
    assert detail in result.stdout


@pytest.mark.parametrize("off", ["", "files"], ids=["machine", "no bwrap"])
def test_a_contestant_reaches_no_network(tmp_path, monkeypatch, off):
    monkeypatch.setenv(box.OFF, off)  # bubblewrap hidden by the sandbox's own switch, or as the machine has it
    sup = box.support()
    server = LoopbackServer()
    code = f"import socket; socket.create_connection(('127.0.0.1', {server.port}), timeout=2); print('FIRST')"
    result = run([
        "stress", "maze", "--interactive", "--candidate", f'{sys.executable} -I -S -c "{code}"', "--count", "1",
        "--out", str(tmp_path),
    ])
    server.sock.close()
    assert result.exit_code == 3
    if not sup.has(box.Mechanism.NETWORK):  # the fallback: network open (it connects, then plays a wrong move)
        assert server.connections == 1
        return
    assert result.stdout.startswith("stress maze --interactive: run-time error on case 1 of 1")
    # Its own loopback refuses (bubblewrap, the launcher), or a namespace without one has no route.
    assert "Connection refused" in result.stdout or "Network is unreachable" in result.stdout, result.stdout
    assert server.connections == 0


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["bunny-egg", "--interactive", "--candidate", "true"],
         "bunny-egg has no interactive problem (--interactive); choose from maze, geography, split, cutting"),
        (["maze", "--interactive"], "Missing option '--candidate'."),
        (["maze", "--interactive", "--candidate", "true", "--exhaustive", "3"],
         "--interactive runs the cases here, one at a time: not with --exhaustive, --tiers or the campaign options"),
    ],
)
def test_refusals_are_usage_errors(args, error):
    result = run(["stress", *args])
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"Error: {error}"
