"""The report of ``gamecert check --html``: one self-contained HTML file.

Everything is inline (CSS, SVG pictures); the page loads nothing from
anywhere, so it can be mailed, archived or opened offline.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from datetime import datetime, timezone

from gamecert.verify.engine.crosscheck import CaseReport, Status, Verdict
from gamecert.verify.engine.report import by_game, plural

#: Pictures larger than this many characters are not inlined (the page stays small enough to open quickly).
MAX_INLINE_PICTURE = 1_000_000

_CSS = """
body{font-family:"DejaVu Sans",Verdana,sans-serif;margin:24px;color:#222;background:#fafafa}
h1{font-size:22px;margin:0 0 6px} h2{font-size:18px;margin:28px 0 8px}
.summary{padding:10px 14px;border-radius:6px;margin:10px 0;font-weight:bold}
.pass{background:#e3f4ef;border:1px solid #2a9d8f} .fail{background:#fde8e9;border:1px solid #e63946}
table{border-collapse:collapse;margin:6px 0 12px;font-size:13px;background:#fff}
th,td{border:1px solid #ccc;padding:3px 7px;text-align:left;vertical-align:top}
th{background:#eee} td.ok,td.solved,td.valid,td.agree{background:#e3f4ef} td.skipped{background:#f1f1f1;color:#777}
td.WRONG,td.INVALID,td.DIFFER,td.ERROR{background:#fde8e9;color:#a4161a;font-weight:bold}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:10px}
figure{background:#fff;border:1px solid #ddd;border-radius:6px;margin:0;padding:8px}
figure.failed{border:2px solid #e63946} figcaption{font-weight:bold;font-size:13px;margin-bottom:4px}
.pic svg{width:100%;height:auto;display:block} .side{display:flex;gap:12px} .side>div{flex:1;min-width:0}
pre{background:#f6f6f6;border:1px solid #ddd;padding:6px;overflow:auto;max-height:260px;font-size:12px}
.note{color:#555;font-size:11px;margin-top:4px}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def html_report(
    reports: list[CaseReport],
    picture: Callable[[CaseReport], str | None],
    command: str = "gamecert check",
    warm_up: float | None = None,
) -> str:
    """The whole report as one HTML page.

    ``reports`` are the cross-check's case reports; ``picture(report)`` gives a
    case's SVG (or None when the game has no picture for it). The page holds
    the summary, a table of verdicts per game with a card per case (its
    picture, where it came from, what was skipped) and, first, every failed
    verdict with its two answers side by side.

    >>> page = html_report([], lambda report: None)
    >>> page.startswith("<!DOCTYPE html>") and "0 cases: every answer as expected" in page
    True
    """
    total = len(reports)
    failed = [r for r in reports if r.failed]
    statuses: dict[str, int] = {}
    for r in reports:
        for v in r.verdicts:
            statuses[str(v.status)] = statuses.get(str(v.status), 0) + 1
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>gamecert check: {plural(total, 'case')}</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>gamecert check</h1>",
        f'<div class="note">{_e(command)} &middot; {when}'
        + (f" &middot; compiled kernels ready in {warm_up:.1f} s (not counted in any case)" if warm_up is not None else "")
        + "</div>",
    ]
    if failed:
        out.append(f'<div class="summary fail">{len(failed)} of {plural(total, "case")} FAILED</div>')
    else:
        out.append(
            f'<div class="summary pass">{plural(total, "case")}: every answer as expected, every formulation that ran agrees, '
            "every certificate valid</div>"
        )
    out.append("<table><tr>" + "".join(f"<th>{_e(s)}</th>" for s in statuses) + "</tr><tr>")
    out.append("".join(f'<td class="{_e(s)}">{n}</td>' for s, n in statuses.items()) + "</tr></table>")
    if failed:
        out.append("<h2>Disagreements</h2>")
        for r in failed:
            for v in r.verdicts:
                if v.failed:
                    out.append(_disagreement(r, v))
    for game, (rows, columns) in by_game(reports).items():
        out.append(f"<h2 id=\"{_e(game)}\">{_e(game)}: {plural(len(rows), 'case')}</h2>")
        out.append("<table><tr><th>case</th>" + "".join(f"<th>{_e(c)}</th>" for c in columns) + "</tr>")
        for r in rows:
            by = {v.formulation: v for v in r.verdicts}
            cells = []
            for c in columns:
                v = by.get(c)
                if v is None:
                    cells.append("<td>-</td>")
                    continue
                text = str(v.status) if (v.status in (Status.SKIPPED, Status.ERROR) and not v.seconds) else f"{v.status} {v.seconds:.3f}s"
                cells.append(f'<td class="{_e(v.status)}" title="{_e(v.detail)}">{_e(text)}</td>')
            out.append(f'<tr><td><a href="#case-{_e(r.case.id)}">{_e(r.case.id)}</a></td>' + "".join(cells) + "</tr>")
        out.append("</table>")
        out.append('<div class="cards">')
        for r in rows:
            out.append(_case_section(r, picture))
        out.append("</div>")
    out.append("</body></html>\n")
    return "\n".join(out)


def _case_section(r: CaseReport, picture: Callable[[CaseReport], str | None]) -> str:
    """One case as a card: its id and outcome, its picture, then where the case came from."""
    status = "FAILED" if r.failed else "agrees"
    css = ' class="failed"' if r.failed else ""
    parts = [f'<figure id="case-{_e(r.case.id)}"{css}><figcaption>{_e(r.case.id)} &middot; {status}</figcaption>']
    try:
        svg = picture(r)
    except Exception as exc:  # noqa: BLE001 - a picture is a courtesy: the verdicts stand without it
        svg, why = None, f"no picture: {type(exc).__name__}: {exc}"
    else:
        why = "no picture for this case"
    if svg is not None and len(svg) > MAX_INLINE_PICTURE:
        why = f"picture not inlined ({len(svg) // 1000} kB); draw it with: gamecert show {r.case.game} {r.case.path} --out picture.svg"
        svg = None
    parts.append(f'<div class="pic">{svg}</div>' if svg is not None else f'<div class="note">{_e(why)}</div>')
    where = f"source: {_e(r.case.source)}" if r.case.expected is not None else "no expected answer: the routes compared among themselves"
    parts.append(f'<div class="note">{where}' + (f" &middot; {_e(r.case.note)}" if r.case.note else "") + "</div>")
    skipped = [v for v in r.verdicts if v.status is Status.SKIPPED]
    if skipped:
        parts.append('<div class="note">skipped: ' + "; ".join(f"{_e(v.formulation)} ({_e(v.detail)})" for v in skipped) + "</div>")
    parts.append("</figure>")
    return "".join(parts)


def _disagreement(r: CaseReport, v: Verdict) -> str:
    """A failed verdict: its reason, then the two answers side by side when there are two."""
    answers = v.answers
    left_title, right_title = ("expected", "fast solver") if v.formulation == "fast" else ("fast solver", v.formulation)
    head = f"<h3>{_e(r.case.id)}: {_e(v.formulation)} {_e(v.status)}</h3><p>{_e(v.detail)}</p>"
    if answers:
        left, right = answers
        return (
            f'{head}<div class="side"><div><b>{_e(left_title)}</b><pre>{_e(left)}</pre></div>'
            f"<div><b>{_e(right_title)}</b><pre>{_e(right)}</pre></div></div>"
        )
    return head
