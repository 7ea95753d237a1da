"""The report of ``gamecert check``: a text table, or JSON."""

from __future__ import annotations

from gamecert.verify.engine.crosscheck import CaseReport, Status


def _cell(v) -> str:
    if v.status in (Status.SKIPPED, Status.ERROR) and not v.seconds:
        return v.status
    return f"{v.status} {v.seconds:.3f}s"


def render_reports(reports: list[CaseReport]) -> tuple[str, int]:
    """One table per game (a row per case, a column per formulation), then notes.

    Returns the text and the number of failed cases. Skipped formulations and
    every failure are listed under the tables with their reasons.
    """
    out: list[str] = []
    games: dict[str, list[CaseReport]] = {}
    for r in reports:
        games.setdefault(r.case.game, []).append(r)
    notes: list[str] = []
    failures: list[str] = []
    for game, rows in games.items():
        columns: list[str] = []
        for r in rows:
            for v in r.verdicts:
                if v.formulation not in columns:
                    columns.append(v.formulation)
        table = [["case"] + columns]
        for r in rows:
            by_name = {v.formulation: v for v in r.verdicts}
            table.append([r.case.id] + [_cell(by_name[c]) if c in by_name else "-" for c in columns])
            for v in r.verdicts:
                line = f"{r.case.id}: {v.formulation}: {v.detail}"
                if v.failed:
                    failures.append(f"{v.status} {line}")
                elif v.status is Status.SKIPPED:
                    notes.append(line)
        widths = [max(len(row[i]) for row in table) for i in range(len(columns) + 1)]
        out.append(f"{game}: {len(rows)} case{'s' if len(rows) != 1 else ''}")
        for row in table:
            out.append("  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip())
        out.append("")
    if notes:
        out.append("skipped:")
        out.extend(f"  {n}" for n in notes)
        out.append("")
    failed = sum(r.failed for r in reports)
    if failures:
        out.append("failures:")
        out.extend(f"  {f}" for f in failures)
        out.append("")
    total = len(reports)
    if failed:
        out.append(f"{failed} of {total} cases FAILED")
    else:
        out.append(f"{total} cases: every answer as expected, every formulation that ran agrees, every certificate valid")
    return "\n".join(out) + "\n", failed


def reports_json(reports: list[CaseReport]) -> dict:
    """The whole report as JSON-able data: every case's verdicts, then a summary.

    ``summary.statuses`` counts verdicts by status (``ok``, ``valid``,
    ``agree``, ``skipped``, ``WRONG``, ``INVALID``, ``DIFFER``, ``ERROR``);
    ``summary.failed`` counts the cases with at least one failed verdict.

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
                "failed": r.failed,
                "verdicts": [
                    {"formulation": v.formulation, "status": v.status, "detail": v.detail, "seconds": round(v.seconds, 6)}
                    for v in r.verdicts
                ],
            }
        )
    summary = {"cases": len(reports), "failed": sum(r.failed for r in reports), "statuses": statuses}
    return {"cases": cases, "summary": summary}
