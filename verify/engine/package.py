"""Problem packages for contest systems, in the Kattis problem package format (legacy version).

:func:`write_package` writes one game's package: ``problem.yaml``, a LaTeX
statement, ``data/sample`` (the judges' published samples), ``data/secret/<group>``
(edge families, maximum-size, random, anti-wrong and anti-slow cases), the
game's standalone C++ input validator and reference solution, any further
submissions, and ``CERTIFICATION.md`` saying how every answer was certified.
No answer is written before it is certified (:func:`certify_case`).

:func:`verify_package` runs Kattis problemtools' ``verifyproblem`` on a package
(it compiles and runs every submission on every test and checks that each
lands in its folder's category) and reads back its verdicts and its table of
submissions x test groups. There is no second grader here.

A game offers a package through its :class:`~gamecert.verify.capabilities.Contest`
capability, whose :class:`~gamecert.verify.engine.problem.ContestProblem` is imported only when a
package is made; an interactive package (``write_package(..., interactive=True)``) through its
:class:`~gamecert.verify.capabilities.InteractiveContest`
(:mod:`gamecert.verify.engine.interactive`).
"""

from __future__ import annotations

import importlib
import re
import shutil
import sys
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamecert.verify.capabilities import Contest, InteractiveContest
from gamecert.verify.engine.certified import certified_answer
from gamecert.verify.engine.contain import MAX_OUTPUT, Limits, Stop, run_contained
from gamecert.verify.engine.crosscheck import too_slow
from gamecert.verify.engine.interactive import JuryProblem
from gamecert.verify.engine.problem import ContestProblem, TestCase
from gamecert.verify.errors import CertificateRejected, CertificationError, PackageError, TimeLimitError
from gamecert.verify.game import Game

#: Kattis submission folders (legacy format) and the verdict verifyproblem expects of each.
CATEGORIES = {
    "accepted": "AC",
    "wrong_answer": "WA",
    "time_limit_exceeded": "TLE",
    "run_time_error": "RTE",
}

#: Package sizes: ``small`` for tests (seconds to build and verify), ``judge`` up to the judge's limits.
SIZES = ("small", "judge")

#: verifyproblem parts checked by default. The statement part compiles the LaTeX statement with
#: pdflatex (TeX Live), which CI does not install; ``--parts`` adds it where TeX Live is present.
DEFAULT_PARTS = ("config", "data", "validators", "submissions")
PARTS = ("config", "statement", "validators", "graders", "data", "submissions")

#: A package folder's name is the problem's short name: lower-case letters and digits only.
SHORT_NAME = re.compile(r"[a-z0-9]+")

#: Formulations left out of certification: the QBF routes (``qbf``, ``qbf-SOLVER``) decide the same rules as
#: the searches (which run wherever a QBF fits) and can spend their whole time limit on one start.
SKIPPED_FORMULATIONS = ("qbf",)
#: Seconds a formulation may be predicted to take on one case and still certify it. A package certifies
#: dozens of cases, so each route gets a few seconds per case here; ``gamecert check`` on the same case
#: files gives every route its default minute.
FORMULATION_SECONDS = 5.0

_NAMESPACE = uuid.UUID("6c1f3b52-0d5e-4b8e-9b0a-2f4d1e7c9a10")


@dataclass(frozen=True)
class CertifiedCase:
    """A case with its certified answer and the checks it passed (``certificate`` and formulation names)."""

    case: TestCase
    answer: str
    checks: tuple[str, ...]
    seconds: float
    #: The game's answer (:meth:`~gamecert.verify.game.Game.answer`) of the certified solution; None where not kept.
    solved: Any = None


@dataclass(frozen=True)
class PackageSummary:
    """What was written: cases per group, bytes on disk, the certified cases, the submissions."""

    directory: Path
    counts: dict[str, int]
    size_bytes: int
    cases: tuple[CertifiedCase, ...]
    submissions: tuple[str, ...]
    seconds: float

    def lines(self) -> list[str]:
        """A short report: one line per group, then the totals."""
        secret = sum(n for g, n in self.counts.items() if g != "sample")
        out = [f"{group:12s} {count:5d} cases" for group, count in self.counts.items()]
        out.append(f"{secret} secret cases, {self.size_bytes:,} bytes, written in {self.seconds:.1f} s")
        out.append("submissions: " + ", ".join(self.submissions))
        return out


def contest_problem(game: Game) -> ContestProblem:
    """The :class:`ContestProblem` of a registered game's :class:`~gamecert.verify.capabilities.Contest`."""
    contest = game.capability(Contest)
    if contest is None:
        raise PackageError(f"{game.name} has no contest problem")
    return contest.problem()


def certify_case(game: Game, case: TestCase) -> CertifiedCase:
    """Certify the judge answer of one test case, or raise :class:`CertificationError`.

    Notes
    -----
    The input is read under the judge's limits (an input outside them raises
    the game's ``InputError``), solved by the fast solver, and its
    certificate checked by the game's checker, which trusts nothing the
    solver computed; then every independent formulation whose ``fits``
    accepts the case must give the same answer (a formulation that runs past
    its own time limit, or is predicted past :data:`FORMULATION_SECONDS`, is
    left out, not counted). Cost: the solver and the
    checker, near-linear, plus the formulations that fit.

    >>> from gamecert.verify.registry import get_game
    >>> certify_case(get_game("cutting"), TestCase("sample", "s", "2 2\\n4 2\\n", "sample")).answer
    'LOSE\\nWIN\\n'
    """
    start = time.perf_counter()
    where = f"{case.group}/{case.name}"
    instance = game.parse(case.text, where, True)
    try:
        certified = certified_answer(game, instance, where)
    except CertificateRejected as exc:
        raise CertificationError(f"{where}: the certificate is rejected: {exc.violation}") from None
    answer = certified.text
    checks = ["certificate"]
    expected = game.answer(certified.solution)
    for formulation in game.formulations():
        if formulation.name.split("-")[0] in SKIPPED_FORMULATIONS or formulation.fits(instance) is not None:
            continue
        if too_slow(formulation, instance, FORMULATION_SECONDS):
            continue
        try:
            other = formulation.run(instance)
        except TimeLimitError:
            continue
        if other != expected:
            raise CertificationError(f"{where}: {formulation.name} disagrees with the fast solver")
        checks.append(formulation.name)
    return CertifiedCase(case, answer, tuple(checks), time.perf_counter() - start, expected)


def interactive_problem(game: Game) -> JuryProblem:
    """The :class:`~gamecert.verify.engine.interactive.JuryProblem` of a game's :class:`~gamecert.verify.capabilities.InteractiveContest`."""
    contest = game.capability(InteractiveContest)
    if contest is None:
        raise PackageError(f"{game.name} has no interactive problem")
    return contest.problem()


def certify_once() -> Callable[[Game, TestCase], CertifiedCase]:
    """:func:`certify_case` that certifies each judge input once: a later case of the same text gets the first's
    certified answer and checks (interactive tests of one position with other roles or start cells)."""
    done: dict[str, CertifiedCase] = {}

    def certify(game: Game, case: TestCase) -> CertifiedCase:
        if case.text not in done:
            done[case.text] = certify_case(game, case)
        return done[case.text]

    return certify


def certify_role(
    game: Game, problem: JuryProblem, case: TestCase, certify: Callable[[Game, TestCase], CertifiedCase] = certify_case
) -> CertifiedCase:
    """The certified ``.ans`` of one interactive test: the winning role (``FIRST`` or ``SECOND``, one line), or
    what the problem's :meth:`~gamecert.verify.engine.interactive.JuryProblem.judged` writes.

    Notes
    -----
    An :class:`~gamecert.verify.engine.interactive.InteractiveProblem`'s
    :meth:`~gamecert.verify.engine.interactive.InteractiveProblem.certify`: by default the test's
    position, as the game's own judge input (:meth:`~gamecert.verify.engine.interactive.InteractiveProblem.position`),
    goes through :func:`certify_case` (judge limits, certificate checker, every
    independent formulation that fits) and the role is read from that certified
    answer; ``certify`` may be :func:`certify_once`, as :func:`write_package` passes it.
    Cost: that certification.
    """
    start = time.perf_counter()
    answer, checks = problem.judged(game, case, certify)
    return CertifiedCase(case, answer, checks, time.perf_counter() - start)


def _problem_yaml(problem: ContestProblem, interactive: bool) -> str:
    # The default output validator compares tokens exactly: case and spacing matter.
    # An interactive problem is judged by its interactor (an output validator) alone.
    validation = (
        "validation: custom interactive\n"
        if interactive
        else "validation: default\nvalidator_flags: case_sensitive space_change_sensitive\n"
    )
    name = f"{problem.game} interactive" if interactive else problem.game
    return (
        f"name: {problem.title}\n"
        f"uuid: {uuid.uuid5(_NAMESPACE, name)}\n"
        f"source: {problem.source}\n"
        "license: cc by-sa\n"
        "rights_owner: gamecert\n"
        + validation
        + "limits:\n"
        "  time_multiplier: 5\n"
        "  time_safety_margin: 2\n"
    )


def _certification_note(
    problem: ContestProblem, files: list[tuple[str, CertifiedCase]], size: str, seed: int, interactive: bool
) -> str:
    lines = [f"# How the answers of `{problem.game}`{' (interactive)' if interactive else ''} were certified", ""]
    if isinstance(problem, JuryProblem):
        lines += [f"Written by `gamecert package {problem.game} --interactive --size {size} --seed {seed}`.",
                  *problem.answer_note]
    else:
        lines += [
            f"Written by `gamecert package {problem.game} --size {size} --seed {seed}`.",
            "Every `.ans` file is the output of gamecert's fast solver for its `.in` file, written only after",
        ]
    lines += [
        "(1) the input was read under the judge's limits, (2) the solver's certificate passed gamecert's",
        "certificate checker, which trusts nothing the solver computed (matching games: a maximum",
        "matching with a Gallai-Edmonds odd-set cover and an even alternating path for every losing",
        "vertex; cutting games: every Sprague-Grundy table entry recomputed as the mex of its cuts), and",
        "(3) every independent formulation that fits the case (ILP, SAT, rule search, plain",
        "Sprague-Grundy table, networkx, as the game offers) gave the same answer; the column below",
        "names the checks each case passed.",
    ]
    if isinstance(problem, JuryProblem):
        lines += list(problem.jury_note)
    else:
        lines += [
            "verifyproblem then runs the package's own reference",
            f"solution (`submissions/accepted/reference{Path(problem.reference).suffix}`, written apart from gamecert,",
            "sharing no code with it) on every case: its acceptance is one more independent agreement on every answer.",
        ]
    lines += [
        f"Samples: {problem.sample_note}.",
        "",
        "Secret groups:",
        "",
    ]
    lines += [f"- `{group}`: {text}" for group, text in problem.groups]
    lines += ["", "| file | purpose | checks passed |", "|---|---|---|"]
    lines += [f"| {name} | {c.case.purpose} | {', '.join(c.checks)} |" for name, c in files]
    return "\n".join(lines) + "\n"


def _copy_submission(category: str, path: Path, out: Path) -> str:
    target = out / "submissions" / category / path.name
    target.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir():
        shutil.copytree(path, target)
    else:
        shutil.copyfile(path, target)
    return f"{category}/{path.name}"


def write_package(
    game: Game,
    out: Path,
    size: str = "judge",
    seed: int = 0,
    submissions: Iterable[tuple[str, Path]] = (),
    interactive: bool = False,
) -> PackageSummary:
    """Write a certified Kattis problem package of one game into ``out`` (new or empty).

    Notes
    -----
    Cases come from the game's ``ContestProblem.cases(size, seed)`` and are
    all certified by :func:`certify_case` before anything is written, so a
    failed certification leaves no package behind. With ``interactive``, the
    problem is the game's :class:`~gamecert.verify.engine.interactive.InteractiveProblem`:
    each case's winning role is certified
    (:func:`certify_role`; tests of one position are certified once, :func:`certify_once`), the package has
    ``validation: custom interactive`` and its interactor under
    ``output_validators/interactor/``. File names carry a running
    number per group, so the judge's order is the generation order. Every
    group runs to its end (``on_reject: continue``), so verifyproblem's table
    shows what each group catches. Cost: the certification of every case.
    """
    if size not in SIZES:
        raise PackageError(f"unknown size {size!r}; choose from {', '.join(SIZES)}")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise PackageError(f"{out} exists and is not an empty folder")
    if not SHORT_NAME.fullmatch(out.name):
        raise PackageError(
            f"the package folder's name {out.name!r} is not a Kattis short name (letters a-z and digits only)"
        )
    submissions = [(category, Path(path)) for category, path in submissions]
    if interactive:
        problem: ContestProblem = interactive_problem(game)
    else:
        problem = contest_problem(game)
    # The reference and validator keep their language's suffix (C++ for the built-in games; Python 3 for a rules file).
    reference = f"accepted/reference{Path(problem.reference).suffix}"
    targets = [f"{category}/{path.name}" for category, path in submissions]
    for category, path in submissions:
        if category not in CATEGORIES:
            raise PackageError(f"unknown submission category {category!r}; choose from {', '.join(CATEGORIES)}")
        if not path.exists():
            raise PackageError(f"submission {path} does not exist")
    for target in targets:
        if targets.count(target) > 1 or target == reference:
            raise PackageError(f"two submissions would be {target}")
    start = time.perf_counter()
    known = {"sample"} | {group for group, _ in problem.groups}
    certified = []
    certify = certify_once()
    for case in problem.cases(size, seed):
        if case.group not in known:
            raise PackageError(f"case {case.name} is in the unknown group {case.group!r}")
        certified.append(certify_role(game, problem, case, certify) if isinstance(problem, JuryProblem)
                         else certify_case(game, case))
    out.mkdir(parents=True, exist_ok=True)
    (out / "problem.yaml").write_text(_problem_yaml(problem, interactive))
    (out / "problem_statement").mkdir()
    (out / "problem_statement" / "problem.en.tex").write_text(problem.resource(problem.statement))
    data = out / "data"
    (data / "sample").mkdir(parents=True)
    (data / "testdata.yaml").write_text("on_reject: continue\n")
    counts = {"sample": 0} | {group: 0 for group, _ in problem.groups}
    files = []
    for c in certified:
        folder = data / "sample" if c.case.group == "sample" else data / "secret" / c.case.group
        folder.mkdir(parents=True, exist_ok=True)
        counts[c.case.group] += 1
        stem = f"{counts[c.case.group]:03d}-{c.case.name}"
        (folder / f"{stem}.in").write_text(c.case.text)
        (folder / f"{stem}.ans").write_text(c.answer)
        files.append((str((folder / stem).relative_to(data)), c))
    (out / "input_validators" / "validator").mkdir(parents=True)
    for name, text in problem.validator_files():
        (out / "input_validators" / "validator" / name).write_text(text)
    if isinstance(problem, JuryProblem):
        (out / "output_validators" / "interactor").mkdir(parents=True)
        for name, text in problem.interactor_files():
            (out / "output_validators" / "interactor" / name).write_text(text)
    (out / "submissions" / "accepted").mkdir(parents=True)
    (out / "submissions" / reference).write_text(problem.resource(problem.reference))
    added = [reference] + [_copy_submission(category, path, out) for category, path in submissions]
    (out / "CERTIFICATION.md").write_text(_certification_note(problem, files, size, seed, interactive))
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    return PackageSummary(out, counts, total, tuple(certified), tuple(added), time.perf_counter() - start)


# verifyproblem -----------------------------------------------------------------


@dataclass(frozen=True)
class SubmissionVerdict:
    """One submission as verifyproblem judged it; ``ok`` when it landed in its folder's category."""

    submission: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class VerifyReport:
    """verifyproblem's verdicts, its table of submissions x test groups, its error and warning counts."""

    verdicts: tuple[SubmissionVerdict, ...]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    errors: int
    warnings: int
    messages: tuple[str, ...]
    output: str
    returncode: int
    seconds: float

    @property
    def passed(self) -> bool:
        """verifyproblem found no error and every submission landed in its category."""
        return self.returncode == 0 and self.errors == 0 and bool(self.verdicts) and all(v.ok for v in self.verdicts)

    def lines(self) -> list[str]:
        """The summary ``gamecert package --verify`` prints: verdicts, the table, errors and warnings."""
        out = [f"{'ok ' if v.ok else 'BAD'} {v.submission}: {v.detail}" for v in self.verdicts]
        if self.header:
            widths = [
                max(len(row[i]) for row in (self.header, *self.rows) if i < len(row)) for i in range(len(self.header))
            ]
            for row in (self.header, *self.rows):
                out.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        out += list(self.messages)
        verdict = "passed" if self.passed else "FAILED"
        out.append(f"verifyproblem {verdict}: {self.errors} errors, {self.warnings} warnings ({self.seconds:.1f} s)")
        return out


# The language in parentheses may hold its own: "(Python 3 (w/PyPy3))".
_SUBMISSION = r"((?:" + "|".join(CATEGORIES) + r")/\S+) \((?:[^()]|\([^()]*\))*\)"
_VERDICT = re.compile(r"^\s+" + _SUBMISSION + r" (OK(?: with extra time)?): (.*)$")
_FAILED = re.compile(r"^ERROR\b.*?" + _SUBMISSION + r" got (.*)$")
_TOTAL = re.compile(r"tested: (\d+) errors?, (\d+) warnings?")


def parse_verifyproblem(output: str) -> VerifyReport:
    """Read verifyproblem's log: per-submission verdicts, the results table, error and warning counts.

    >>> log = '''   accepted/a.cpp (C++) OK: AC [CPU: 0.01s @ testcase secret/x/1]
    ... ERROR wrong_answer/b.cpp (C++) got AC [CPU: 0.00s @ testcase secret/x/1]
    ... Submission results:
    ...    Submission  sample    x         Time
    ...    a.cpp       AC:0.00s  AC:0.01s  0.01s
    ... p tested: 1 error, 0 warnings'''
    >>> r = parse_verifyproblem(log)
    >>> [(v.submission, v.ok) for v in r.verdicts], r.header, r.errors
    ([('accepted/a.cpp', True), ('wrong_answer/b.cpp', False)], ('Submission', 'sample', 'x', 'Time'), 1)
    """
    verdicts, header, rows, messages = [], (), [], []
    errors = warnings = -1
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if m := _VERDICT.match(line):
            verdicts.append(SubmissionVerdict(m.group(1), True, m.group(3)))
        elif m := _FAILED.match(line):
            verdicts.append(SubmissionVerdict(m.group(1), False, m.group(2)))
        elif line.startswith(("ERROR", "WARNING")):
            messages.append(line.strip())
        if line.strip() == "Submission results:" and i + 1 < len(lines):
            header = tuple(lines[i + 1].split())
            for row in lines[i + 2 :]:
                if not row.startswith("   ") or not row.strip():
                    break
                rows.append(tuple(row.split()))
        if m := _TOTAL.search(line):
            errors, warnings = int(m.group(1)), int(m.group(2))
    return VerifyReport(tuple(verdicts), header, tuple(rows), errors, warnings, tuple(messages), output, 0, 0.0)


#: Seconds verifyproblem may run unless told.
VERIFY_SECONDS = 3600.0


def verify_package(
    directory: Path, parts: Iterable[str] = DEFAULT_PARTS, extra: Iterable[str] = (), seconds: float = VERIFY_SECONDS
) -> VerifyReport:
    """Run problemtools' ``verifyproblem`` on a package (in this Python) and read its report.

    Notes
    -----
    ``python -m problemtools.verifyproblem DIR -p PARTS...``, contained like
    a stress candidate (:func:`~gamecert.verify.engine.contain.run_contained`):
    past ``seconds`` of wall clock it and every program it started are
    killed and the report fails; its log (standard output and error) is kept
    up to :data:`~gamecert.verify.engine.contain.MAX_OUTPUT` bytes. It needs g++
    for the C++ validator and submissions. Cost: verifyproblem's own, about
    (tests x submissions) program runs plus each TLE submission running to
    twice the time limit on every test that it fails.
    """
    parts = list(parts)
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        raise PackageError(f"unknown verifyproblem part {unknown[0]!r}; choose from {', '.join(PARTS)}")
    try:
        importlib.import_module("problemtools.verifyproblem")
    except ImportError:
        raise PackageError("problemtools is not installed: pip install 'gamecert[contest]'") from None
    command = [sys.executable, "-m", "problemtools.verifyproblem", str(directory), "-p", *parts, *extra]
    run = run_contained(command, b"", Limits(seconds, MAX_OUTPUT), merge=True)
    report = parse_verifyproblem(run.stdout.decode("utf-8", "replace"))
    messages, errors, warnings = report.messages, report.errors, report.warnings
    if run.stopped is not None:
        limit = f"the {seconds:g} s time limit" if run.stopped is Stop.TIME else f"{MAX_OUTPUT:,} bytes of log"
        messages += (f"ERROR verifyproblem was stopped at {limit}",)
        errors, warnings = max(errors, 0) + 1, max(warnings, 0)
    return VerifyReport(
        report.verdicts,
        report.header,
        report.rows,
        errors,
        warnings,
        messages,
        report.output,
        -1 if run.returncode is None else run.returncode,
        run.seconds,
    )
