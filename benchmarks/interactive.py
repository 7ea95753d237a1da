"""Benchmark: interactive packages -- the interactor's own time on every test, and verifyproblem's verdicts.

Usage: ``python benchmarks/interactive.py [--game GAME ...] [--quick] [--no-verify]``

For each game with an interactive problem: ``gamecert package GAME --interactive``
(judge size; ``--quick``: small) with the programs ``tests/<folder>/submissions/*/<prefix>*.cpp`` (:data:`FOLDERS`),
then

* the interactor's own CPU time (user + system, from ``wait4``) on every test,
  against the package's accepted submission (the certified strategy) through
  pipes: the slowest tests, the number of moves played (protocol lines the jury
  read and wrote) and the reference's own CPU time;
* ``verifyproblem`` (parts config, data, validators, submissions): the time limit
  it sets, each submission's verdict and its table of submissions x groups
  (which group catches which program).

Needs g++ and problemtools (``pip install -e '.[contest]'``).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent / "tests"
#: Game -> its tests folder and its programs' prefix (submissions under ``submissions/*/PREFIX*.cpp``).
FOLDERS = {
    "maze": ("maze", "play_"),
    "geography": ("geography", "play_"),
    "split": ("cutting", "play_split_"),
    "cutting": ("cutting", "play_cutting_"),
}


def _compile(folder: Path) -> Path:
    (main,) = folder.glob("*.cpp")
    binary = folder / "program"
    subprocess.run(["g++", "-O2", "-std=gnu++23", "-o", str(binary), str(main)], check=True)
    return binary


def _play(interactor: Path, player: Path, test: Path) -> tuple[int, float, float, int]:
    """One game through pipes: the interactor's exit code, its CPU seconds, the player's, the lines it wrote."""
    with tempfile.TemporaryDirectory() as tmp:
        feedback = Path(tmp) / "feedback"
        feedback.mkdir()
        to_jury_r, to_jury_w = os.pipe()
        to_player_r, to_player_w = os.pipe()
        jury = subprocess.Popen(
            [str(interactor), str(test), str(test.with_suffix(".ans")), str(feedback) + os.sep],
            stdin=to_jury_r,
            stdout=subprocess.PIPE,
        )
        # A tee: the jury's lines are counted on their way to the player.
        contestant = subprocess.Popen([str(player)], stdin=to_player_r, stdout=to_jury_w)
        for fd in (to_jury_r, to_jury_w, to_player_r):
            os.close(fd)
        lines = 0
        assert jury.stdout is not None
        with os.fdopen(to_player_w, "wb") as out:
            for line in jury.stdout:
                lines += 1
                try:
                    out.write(line)
                    out.flush()
                except BrokenPipeError:
                    break
        _, status, jury_use = os.wait4(jury.pid, 0)
        _, _, player_use = os.wait4(contestant.pid, 0)
    return (
        os.waitstatus_to_exitcode(status),
        jury_use.ru_utime + jury_use.ru_stime,
        player_use.ru_utime + player_use.ru_stime,
        lines,
    )


def measure(game: str, size: str, verify: bool) -> None:
    from gamecert.verify.engine.package import interactive_problem, verify_package, write_package
    from gamecert.verify.registry import get_game

    g = get_game(game)
    folder, prefix = FOLDERS[game]
    programs = [(p.parent.name, p) for p in sorted((TESTS / folder / "submissions").glob(f"*/{prefix}*.cpp"))]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"{game}i"
        start = time.perf_counter()
        summary = write_package(g, out, size, 0, programs, interactive=True)
        written = time.perf_counter() - start
        secret = sum(n for group, n in summary.counts.items() if group != "sample")
        groups = ", ".join(f"{group} {n}" for group, n in summary.counts.items())
        print(f"{game} --interactive --size {size}: {secret} secret tests ({groups}); write {written:.1f} s")
        interactor = _compile(out / "output_validators" / "interactor")
        (out / "reference").mkdir()
        (out / "reference" / "reference.cpp").write_text(
            interactive_problem(g).resource(interactive_problem(g).reference)
        )
        reference = _compile(out / "reference")
        rows = []
        for test in sorted((out / "data").rglob("*.in")):
            code, jury, player, lines = _play(interactor, reference, test)
            if code != 42:
                raise SystemExit(f"{test}: the reference did not win (interactor exit {code})")
            moves = lines - len(test.read_text().splitlines())  # the jury's moves (and its final "no move")
            rows.append((jury, player, moves, test.stat().st_size, str(test.relative_to(out / "data"))[:-3]))
        rows.sort(reverse=True)
        print(f"  interactor CPU on all {len(rows)} tests: total {sum(r[0] for r in rows):.3f} s; the slowest:")
        print(f"  {'test':66s} {'bytes':>8s} {'jury moves':>10s} {'jury s':>7s} {'ref s':>6s}")
        for jury, player, moves, size_bytes, name in rows[:8]:
            print(f"  {name:66s} {size_bytes:8,d} {moves:10,d} {jury:7.3f} {player:6.3f}")
        if verify:
            report = verify_package(out)
            limit = re.search(r"setting timelim to (\S+) secs", report.output)
            print(f"  verifyproblem {report.seconds:.1f} s; time limit {limit.group(1) if limit else '?'} s")
            for line in report.lines():
                print("  " + line)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="interactive.py")
    parser.add_argument("--game", action="append", choices=list(FOLDERS))
    parser.add_argument("--quick", action="store_true", help="small packages")
    parser.add_argument("--no-verify", action="store_true", help="skip verifyproblem")
    args = parser.parse_args(argv)
    for game in args.game or list(FOLDERS):
        measure(game, "small" if args.quick else "judge", not args.no_verify)


if __name__ == "__main__":
    main(sys.argv[1:])
