"""The README's first screen: its tic-tac-toe commands run as printed and say what they print."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

from tests.support import run

ROOT = Path(__file__).resolve().parents[2]


def first_screen() -> list[str]:
    """The command lines of the README's first shell block (comments dropped)."""
    text = (ROOT / "README.md").read_text()
    block = re.search(r"```sh\n(.*?)```", text, re.S).group(1)
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def piped(line: str, cwd: Path) -> tuple[list[str], str | None]:
    """``printf ... | gamecert ARGS`` as gamecert's arguments and its input (the printf run by the shell)."""
    if "|" not in line:
        return shlex.split(line)[1:], None
    feed, command = line.split(" | ", 1)
    made = subprocess.run(["bash", "-c", feed], cwd=cwd, capture_output=True, text=True, check=True).stdout
    return shlex.split(command)[1:], made


def test_the_first_screen_solves_summarises_checks_and_plays_tic_tac_toe(tmp_path, monkeypatch):
    lines = first_screen()
    assert [line.split("gamecert ", 1)[1].split()[0] if "gamecert" in line else line.split()[0] for line in lines] == [
        "solve", "solve", "printf", "check", "play",
    ]
    monkeypatch.chdir(tmp_path)
    os.symlink(ROOT / "examples", tmp_path / "examples")
    args, made = piped(lines[0], tmp_path)
    assert run(args, input=made).stdout == "win 1\ndraw\n"
    args, made = piped(lines[1], tmp_path)
    assert run(args, input=made).stdout.startswith("tic_tac_toe: 5,478 positions reached from 1 query")
    subprocess.run(["bash", "-c", lines[2]], cwd=tmp_path, check=True)
    checked = run(shlex.split(lines[3])[1:])
    assert checked.exit_code == 0, checked.output
    assert "no expected answer (the routes are compared among themselves):\n  mine: " in checked.stdout
    played = run(shlex.split(lines[4])[1:], input="5\n?\n2\n2\n1\n1\n")
    assert played.exit_code == 0, played.output
    assert played.stdout.splitlines()[2] == "  1. X../.../..."
    assert played.stdout.splitlines()[-1].endswith("the game is over: a draw.")
