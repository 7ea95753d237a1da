"""The report of ``gamecert check``: rich tables as text, or JSON."""

from __future__ import annotations

import io
import re

from gamecert.verify.engine.crosscheck import CaseReport, Status


def plural(n: int, word: str) -> str:
    """``"1 case"``, ``"2 cases"``.

    >>> plural(1, "case"), plural(0, "case")
    ('1 case', '0 cases')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def _cell(v) -> str:
    if v.status in (Status.SKIPPED, Status.ERROR) and not v.seconds:
        return str(v.status)
    return f"{v.status} {v.seconds:.3f}s"


def _reason(detail: str) -> str:
    """A skip reason with its numbers blanked: skips of one kind share it."""
    return re.sub(r"\d+(?:\.\d+)?", "#", detail)


def skipped_summary(reports: list[CaseReport], verbose: bool = False) -> list[str]:
    """Lines about skipped formulations: one per formulation and reason, or (``verbose``) one per skip.

    >>> from gamecert.verify.engine.crosscheck import Verdict
    >>> from gamecert.verify.engine.cases import CaseFile
    >>> case = lambda i: CaseFile(None, i, "g", "", "", "")
    >>> skip = lambda n: Verdict("qbf", Status.SKIPPED, f"{n} vertices > 20 (QBF limit)")
    >>> skipped_summary([CaseReport(case("a"), (skip(25),)), CaseReport(case("b"), (skip(28),))])
    ['  qbf: 2 cases, e.g. a: 25 vertices > 20 (QBF limit)']
    """
    if verbose:
        return [f"  {r.case.id}: {v.formulation}: {v.detail}" for r in reports for v in r.verdicts if v.status is Status.SKIPPED]
    groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for r in reports:
        for v in r.verdicts:
            if v.status is Status.SKIPPED:
                groups.setdefault((v.formulation, _reason(v.detail)), []).append((r.case.id, v.detail))
    lines = []
    for (formulation, _), seen in groups.items():
        case_id, detail = seen[0]
        if len(seen) == 1:
            lines.append(f"  {case_id}: {formulation}: {detail}")
        else:
            lines.append(f"  {formulation}: {plural(len(seen), 'case')}, e.g. {case_id}: {detail}")
    return lines


def by_game(reports: list[CaseReport]) -> dict[str, tuple[list[CaseReport], list[str]]]:
    """The reports of each game, in first-seen order, with the game's steps as table columns
    (every formulation any of its cases ran, in first-seen order)."""
    games: dict[str, tuple[list[CaseReport], list[str]]] = {}
    for r in reports:
        rows, columns = games.setdefault(r.case.game, ([], []))
        rows.append(r)
        columns.extend(v.formulation for v in r.verdicts if v.formulation not in columns)
    return games


def unexpected(reports: list[CaseReport]) -> list[CaseReport]:
    """The reports of the cases with no expected answer."""
    return [r for r in reports if r.case.expected is None]


def _agreeing(report: CaseReport) -> str:
    """How many formulations gave the fast answer, on a case with no expected answer.

    >>> from gamecert.verify.engine.crosscheck import Verdict
    >>> from gamecert.verify.engine.cases import CaseFile
    >>> _agreeing(CaseReport(CaseFile(None, "a", "g", "", "", None), (Verdict("ilp", Status.AGREE),)))
    '1 formulation agrees with the fast answer'
    """
    agree = sum(v.status is Status.AGREE for v in report.verdicts)
    return f"{plural(agree, 'formulation')} agree{'s' if agree == 1 else ''} with the fast answer"


def render_reports(reports: list[CaseReport], verbose: bool = False, warm_up: float | None = None) -> tuple[str, int]:
    """One rich table per game (a row per case, a column per formulation), then notes.

    Returns the text and the number of failed cases. Skipped formulations are
    summarised one line per reason (``verbose``: every one); every failure is
    listed with its reason. ``warm_up`` is the time spent compiling kernels
    before the first case, reported on its own line.
    """
    from rich import box
    from rich.console import Console
    from rich.table import Table

    buffer = io.StringIO()
    console = Console(file=buffer, width=400, color_system=None, force_terminal=False, highlight=False, emoji=False)
    failures: list[str] = []
    for game, (rows, columns) in by_game(reports).items():
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        table.add_column("case")
        for c in columns:
            table.add_column(c)
        for r in rows:
            by_name = {v.formulation: v for v in r.verdicts}
            table.add_row(r.case.id, *(_cell(by_name[c]) if c in by_name else "-" for c in columns))
            failures.extend(f"{v.status} {r.case.id}: {v.formulation}: {v.detail}" for v in r.verdicts if v.failed)
        console.print(f"{game}: {plural(len(rows), 'case')}")
        console.print(table)
        console.print()
    out = [line.rstrip() for line in buffer.getvalue().splitlines()]
    notes = skipped_summary(reports, verbose)
    if notes:
        out.append("skipped (--verbose lists each):" if not verbose else "skipped:")
        out.extend(notes)
        out.append("")
    unknown = unexpected(reports)
    if unknown:
        out.append("no expected answer (the routes are compared among themselves):")
        out.extend(f"  {r.case.id}: {_agreeing(r)}" for r in unknown)
        out.append("")
    failed = sum(r.failed for r in reports)
    if failures:
        out.append("failures:")
        out.extend(f"  {f}" for f in failures)
        out.append("")
    if warm_up is not None:
        out.append(f"compiled kernels ready in {warm_up:.1f} s (numba; counted here once, not in any case's time)")
    total = len(reports)
    if failed:
        out.append(f"{failed} of {plural(total, 'case')} FAILED")  # "1 of 1 case", "2 of 5 cases"
    else:
        if not unknown:
            out.append(f"{plural(total, 'case')}: every answer as expected, every formulation that ran agrees, every certificate valid")
        else:
            known = "" if len(unknown) == total else "every expected answer given, "
            out.append(
                f"{plural(total, 'case')} ({len(unknown)} with no expected answer): {known}every formulation that ran agrees, "
                "every certificate valid"
            )
    return "\n".join(out) + "\n", failed


def reports_json(reports: list[CaseReport], warm_up: float | None = None) -> dict:
    """The whole report as JSON-able data: every case's verdicts, then a summary.

    A case's ``expected`` says whether it has an expected answer (without one,
    its fast verdict is ``solved`` and the formulations are the check).
    ``summary.statuses`` counts verdicts by status (``ok``, ``solved``, ``valid``,
    ``agree``, ``skipped``, ``WRONG``, ``INVALID``, ``DIFFER``, ``ERROR``);
    ``summary.failed`` counts the cases with at least one failed verdict;
    ``summary.warm_up_seconds``, present when kernels were compiled before the
    first case, is the time that took.

    >>> reports_json([])["summary"]
    {'cases': 0, 'failed': 0, 'statuses': {}}
    """
    statuses: dict[str, int] = {}
    cases = []
    for r in reports:
        for v in r.verdicts:
            statuses[v.status] = statuses.get(v.status, 0) + 1
        cases.append(
            {
                "id": r.case.id,
                "path": str(r.case.path),
                "game": r.case.game,
                "source": r.case.source,
                "expected": r.case.expected is not None,
                "failed": r.failed,
                "verdicts": [
                    {"formulation": v.formulation, "status": v.status, "detail": v.detail, "seconds": round(v.seconds, 6)}
                    for v in r.verdicts
                ],
            }
        )
    summary = {"cases": len(reports), "failed": sum(r.failed for r in reports), "statuses": statuses}
    if warm_up is not None:
        summary["warm_up_seconds"] = round(warm_up, 3)
    return {"cases": cases, "summary": summary}
