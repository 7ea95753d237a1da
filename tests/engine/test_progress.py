"""Progress bars: drawn on stderr when it is a terminal (a real pseudo-terminal), nothing on a pipe."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from gamecert.verify.engine.cases import case_text

RUN = "from gamecert.verify.cli import run; run()"
BAR = "━".encode()  # rich's bar segment


def cases(folder: Path) -> Path:
    folder.mkdir()
    for i, board in enumerate(("1 2\n..\n", "1 3\n...\n", "2 2\n..\n..\n")):
        expected = {0: "LOSE\n", 1: "WIN\n1 1\n1 3\n", 2: "LOSE\n"}[i]
        (folder / f"m{i}.toml").write_text(case_text("maze", "agreement of the tests", board, expected))
    return folder


def environment() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR")}
    env.update(TERM="xterm-256color", COLUMNS="100", GAMECERT_KERNELS="python")
    return env


def run_with_terminal_stderr(args: list[str]) -> tuple[int, bytes, bytes]:
    """Run gamecert with stderr on a pseudo-terminal and stdout on a pipe; returns (code, stdout, terminal bytes)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", RUN, *args], stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL, env=environment())
    os.close(slave)
    seen = b""
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            proc.kill()
            break
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    out = proc.stdout.read()
    code = proc.wait(timeout=60)
    os.close(master)
    return code, out, seen


@pytest.mark.slow
def test_check_draws_a_progress_bar_on_a_terminal_only(tmp_path):
    folder = cases(tmp_path / "cases")
    code, out, terminal = run_with_terminal_stderr(["check", str(folder)])
    assert code == 0, terminal
    assert BAR in terminal and b"checking" in terminal
    assert out.decode().endswith("3 cases: every answer as expected, every formulation that ran agrees, every certificate valid\n")
    piped = subprocess.run([sys.executable, "-c", RUN, "check", str(folder)], capture_output=True, env=environment(), timeout=120)
    assert piped.returncode == 0
    assert piped.stderr == b""
    assert untimed(piped.stdout) == untimed(out)  # the same report either way


def untimed(report: bytes) -> bytes:
    return re.sub(rb"\d+\.\d+ ?s", b"T", report)


@pytest.mark.slow
def test_audit_draws_its_progress_bar_on_a_terminal_only():
    code, out, terminal = run_with_terminal_stderr(["audit", "--game", "split", "--quick"])
    assert code == 0, terminal
    assert BAR in terminal and b"audit split-" in terminal
    assert out.decode().startswith("split-pieces: ")
    piped = subprocess.run([sys.executable, "-c", RUN, "audit", "--game", "split", "--quick"], capture_output=True, env=environment(), timeout=120)
    assert (piped.returncode, piped.stderr) == (0, b"")


@pytest.mark.slow
def test_stress_draws_its_progress_bar_on_a_terminal_only(tmp_path):
    from tests.support import apart, candidate

    args = ["stress", "split", "--candidate", candidate("cutting/candidate.py", "--rule", "split"), "--count", "5", "--out", str(tmp_path)]
    code, out, terminal = run_with_terminal_stderr(args)
    assert code == 0, terminal
    assert BAR in terminal and b"cases" in terminal
    assert out == b"stress split: 5 cases passed (seed 1)\n"
    piped = subprocess.run([sys.executable, "-c", RUN, *args], capture_output=True, env=environment(), timeout=120)
    # Piped, nothing but the sandbox's notice (where this machine lacks a mechanism) reaches standard error.
    assert (piped.returncode, piped.stdout, apart(piped.stderr.decode())) == (0, out, "")
