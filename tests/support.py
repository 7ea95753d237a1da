"""Helpers the test folders share: the CLI under click's runner, and candidate programs to stress."""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
from dataclasses import replace
from pathlib import Path

from click.testing import CliRunner

from gamecert.verify.cli import main

TESTS = Path(__file__).resolve().parent
#: The console script installed beside this interpreter (not whichever ``gamecert`` comes first on PATH).
GAMECERT = str(Path(sys.executable).with_name("gamecert"))


def run(args: list[str], **kwargs):
    """``gamecert ARGS`` under click's test runner."""
    return CliRunner().invoke(main, args, **kwargs)


def candidate(path: str, *args: str) -> str:
    """The command line of a candidate program under ``tests/`` (``-I -S``: it imports nothing)."""
    return " ".join([sys.executable, "-I", "-S", str(TESTS / path), *args])


def apart(stderr: str) -> str:
    """A ``stress`` command's standard error with the sandbox's notice read apart. The notice (one line, first,
    naming the limits that do not apply here: docs/sandbox.md) is exactly this machine's when there is one: a
    machine without bubblewrap or without root prints it, others print nothing. Returns the rest."""
    from gamecert.verify.engine import sandbox as box

    notice = box.absent(box.support())
    if notice is not None and stderr.startswith(notice + "\n"):
        return stderr[len(notice) + 1 :]
    assert not stderr.startswith("sandbox:"), stderr
    return stderr


TIME = re.compile(r" \(\d+\.\d s\)$")


def untimed(text: str) -> list[str]:
    """An audit's output lines with each summary line's trailing time replaced by ``(T)``."""
    return [TIME.sub(" (T)", row) for row in text.splitlines()]


def after(marker: str, counterexample: str) -> str:
    """The indented block (or the rest of the line) that follows ``marker`` in a counterexample."""
    rest = counterexample.split(marker, 1)[1]
    if not rest.startswith("\n"):
        return rest.strip().splitlines()[0]
    block = []
    for row in rest[1:].splitlines():
        if not row.startswith("    "):
            break
        block.append(row)
    return textwrap.dedent("\n".join(block)) + "\n"


# Contest packages ---------------------------------------------------------------


def cpp_compile() -> str:
    """problemtools' own command template for C++ (``{binary}``, ``{files}``), run through the session's
    compile cache (``tests/cxx_cache.py``) when ``GAMECERT_TEST_CXX_CACHE`` names one (tests/conftest.py does)."""
    from problemtools.config import load_config

    template = load_config("languages.yaml")["cpp"]["compile"]
    cache = os.environ.get("GAMECERT_TEST_CXX_CACHE")
    if not cache:
        return template
    return f"{shlex.quote(sys.executable)} -I -S {shlex.quote(str(TESTS / 'cxx_cache.py'))} {shlex.quote(cache)} {template}"


def cached_compiles(folder: Path) -> None:
    """problemtools compiles C++ of the packages under ``folder`` through the session's compile cache: the same
    command as its own (:func:`cpp_compile`), in a languages.yaml in the packages' parent folder, which
    problemtools reads after its own configuration. A program built once in the session is not built again."""
    import yaml

    (folder / "languages.yaml").write_text(yaml.safe_dump({"cpp": {"compile": cpp_compile()}}))


def compiled(source: Path, folder: Path) -> Path:
    """``source`` (C++) compiled as problemtools compiles C++ (its own command, g++ -O2 -std=gnu++23 -static),
    through the session's compile cache."""
    binary = folder / source.stem
    command = cpp_compile().format(binary=shlex.quote(str(binary)), files=shlex.quote(str(source)))
    subprocess.run(shlex.split(command), check=True)
    return binary


def compiled_files(files: list[tuple[str, str]], folder: Path) -> Path:
    """A program of several files (``(name, text)``: one ``.cpp`` and the headers it includes),
    written into ``folder`` and compiled as problemtools compiles C++."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files:
        (folder / name).write_text(text)
    (main,) = [name for name, _ in files if name.endswith(".cpp")]
    return compiled(folder / main, folder)


def interaction(interactor: Path, test: str, answer: str, contestant: str, folder: Path) -> tuple[int, str]:
    """The exit code and feedback of ``interactor`` on ``test`` (``.ans`` text ``answer``) when the
    contestant's whole output is ``contestant``, written at once (the jury's lines are not read)."""
    (folder / "test.in").write_text(test)
    (folder / "test.ans").write_text(answer)
    feedback = folder / "feedback"
    feedback.mkdir(exist_ok=True)
    run = subprocess.run(
        [str(interactor), str(folder / "test.in"), str(folder / "test.ans"), str(feedback) + os.sep],
        input=contestant, capture_output=True, text=True, check=False, timeout=60,
    )
    message = feedback / "judgemessage.txt"
    return run.returncode, message.read_text().strip() if message.exists() else ""


def validate(validator: Path, text: str) -> int:
    """The exit code of an input validator on ``text`` (42 valid, 43 invalid)."""
    import subprocess

    return subprocess.run([str(validator)], input=text, capture_output=True, text=True, check=False).returncode


def submissions(folder: str, prefix: str = "") -> list[tuple[str, Path]]:
    """``(category, path)`` of every program under ``tests/FOLDER/submissions/CATEGORY/`` named ``PREFIX*``."""
    root = TESTS / folder / "submissions"
    return [(p.parent.name, p) for p in sorted(root.glob(f"*/{prefix}*.cpp"))]


def python_judge(folder: Path, monkeypatch) -> None:
    """problemtools runs Python 3 with PyPy3, which this machine may lack: a languages.yaml under ``folder``, made
    XDG_CONFIG_HOME (problemtools' own configuration place), runs it with this Python instead."""
    config = folder / "config" / "problemtools"
    config.mkdir(parents=True)
    (config / "languages.yaml").write_text(
        f"python3:\n    compile: '{sys.executable} -m py_compile {{files}}'\n"
        f"    run: '{sys.executable} \"{{mainfile}}\"'\n"
    )
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config.parent))


def check_small_package(
    game: str,
    folder: str,
    out: Path,
    prefix: str = "",
    interactive: bool = False,
    catching: tuple[str, ...] = (),
    slow_on: str | None = None,
):
    """Write the small package of ``game`` (its interactive problem with ``interactive``) with the
    programs under ``tests/FOLDER/submissions`` named ``PREFIX*``, run the real verifyproblem on it,
    and check that every program landed in its category:
    the reference accepted on every group, each wrong program caught by some group, the slow
    one over the time limit. verifyproblem's statement part is left out (the default parts): it
    compiles the LaTeX statement with pdflatex, and CI installs no TeX Live.

    ``catching``: the groups the wrong and slow programs run on (the fewest that still give each its
    verdict; every group when empty). verifyproblem then runs twice: the package's own checks and the
    reference on every group (which sets the time limit), then the other programs on those groups only,
    under that time limit (``--fixed_timelim``). Every group runs to its end (``on_reject: continue``), so a
    slow program costs about four times the limit on every case it fails; ``slow_on`` (a test case, as
    ``secret/GROUP/NNN``) gives the slow programs that one case instead, in a third run, where they would
    fail every case of the groups. Returns the report of the run that judged the wrong and slow programs."""
    from gamecert.verify.engine.package import verify_package, write_package
    from gamecert.verify.registry import get_game

    programs = submissions(folder, prefix)
    assert {c for c, _ in programs} == {"wrong_answer", "time_limit_exceeded"}
    cached_compiles(out.parent)
    summary = write_package(get_game(game), out, "small", 0, programs, interactive)
    if catching:
        assert set(catching) < set(summary.counts), catching
        whole = verify_package(out, extra=["--submission_filter", "accepted/"])
        assert whole.passed, whole.output
        assert [v.submission for v in whole.verdicts] == ["accepted/reference.cpp"]
        limit = re.search(r"setting timelim to ([0-9.]+) secs", whole.output)
        assert limit is not None, whole.output
        fixed = ["--fixed_timelim", limit.group(1)]
        data = "|".join("sample/" if group == "sample" else f"secret/{group}/" for group in catching)
        others = "wrong_answer/" if slow_on else "wrong_answer/|time_limit_exceeded/"
        report = verify_package(out, parts=["submissions"], extra=["--submission_filter", others, "--data_filter", data, *fixed])
        if slow_on:
            assert list((out / "data").glob(f"{slow_on}*.in")), slow_on
            slow = verify_package(
                out, parts=["submissions"], extra=["--submission_filter", "time_limit_exceeded/", "--data_filter", slow_on, *fixed]
            )
            assert slow.passed, slow.output
            report = replace(report, verdicts=report.verdicts + slow.verdicts, rows=report.rows + slow.rows)
    else:
        whole = report = verify_package(out)
    assert report.passed, report.output
    judged = sorted({v.submission for v in whole.verdicts} | {v.submission for v in report.verdicts})
    assert judged == sorted(summary.submissions)
    groups = whole.header[1:-1]
    assert set(groups) == set(summary.counts)
    assert all(cell.startswith("AC") for cell in {row[0]: row[1:-1] for row in whole.rows}["reference.cpp"])
    table = {row[0]: row[1:-1] for row in report.rows}
    for category, path in programs:
        verdicts = table[path.name]
        wanted = "WA" if category == "wrong_answer" else "TLE"
        assert wanted in verdicts, (path.name, verdicts)
    return report


# Dask processes -------------------------------------------------------------------


def dask_process(*args: str, log: Path, cwd: Path | None = None) -> subprocess.Popen:
    """``dask ARGS`` (this interpreter's ``python -m dask``) in its own session, output to ``log``.

    With ``cwd``, the process starts there without ``PYTHONPATH``: it imports the installed
    gamecert and nothing of ``tests/``.
    """
    env = None if cwd is None else {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with open(log, "ab") as out:
        return subprocess.Popen(
            [sys.executable, "-m", "dask", *args], cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop_process(proc: subprocess.Popen) -> None:
    """Kill ``proc``'s whole session (if it still runs) and reap it."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)


def wait_for(check, what: str, limit: float = 90.0) -> None:
    """Poll ``check()`` until it is true; AssertionError naming ``what`` after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class LoopbackServer:
    """A TCP server on 127.0.0.1 that counts the connections it accepts (answering WIN to each):
    a sandboxed candidate must never reach it."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections += 1
            with conn:
                conn.sendall(b"WIN\n")
