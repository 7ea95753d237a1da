"""``gamecert check --html``: one self-contained page with the verdicts, a picture per case, disagreements side by side."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from gamecert.verify.engine.cases import case_text
from tests.support import run


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.links += [v for k, v in attrs if k in ("src", "href") and v]


def parse(page: str) -> Tags:
    tags = Tags()
    tags.feed(page)
    return tags


def test_report_is_self_contained_with_a_picture_per_case(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    (folder / "maze.toml").write_text(case_text("maze", "judge sample", "3 3\n.##\n...\n#.#\n", "WIN\n2 3\n3 2\n"))
    (folder / "graph.toml").write_text(case_text("geography", "tests", "3 2\n1 2\n2 3\n", "1 lose\n2 win\n3 lose\n"))
    report = tmp_path / "report.html"
    result = run(["check", str(folder), "--html", str(report)])
    assert result.exit_code == 0, result.output
    page = report.read_text()
    tags = parse(page)
    assert tags.tags.count("svg") == 2  # one picture per case
    assert all(link.startswith("#") for link in tags.links)  # nothing loaded from anywhere
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", page)
    assert "2 cases: every answer as expected" in page
    assert "Maze 3x3: AA wins from 2 of 5 free cells" in page


def test_a_disagreement_shows_both_answers(tmp_path):
    folder = tmp_path / "cases"
    folder.mkdir()
    # The expected answer is wrong on purpose: the fast solver's output differs from it.
    (folder / "maze.toml").write_text(case_text("maze", "judge sample", "3 3\n.##\n...\n#.#\n", "WIN\n2 3\n"))
    report = tmp_path / "report.html"
    result = run(["check", str(folder), "--html", str(report)])
    assert result.exit_code == 3
    page = report.read_text()
    assert "1 of 1 case FAILED" in page
    side = page[page.index('<div class="side">') :]
    assert "<b>expected</b><pre>WIN\n2 3\n</pre>" in side
    assert "<b>fast solver</b><pre>WIN\n2 3\n3 2\n</pre>" in side


def test_a_differing_formulation_shows_both_answers(parity):
    """The parity test game's 'halves' formulation answers wrong on request: fast and halves side by side."""
    from tests.engine.test_check import write

    write(parity / "cases", "w", 9, "wrong")
    report = parity / "report.html"
    result = run(["check", str(parity / "cases"), "--html", str(report), "--jobs", "1", "--time-limit", "0"])
    assert result.exit_code == 3
    page = report.read_text()
    assert "<h3>w: halves DIFFER</h3><p>says True, fast says False</p>" in page
    assert "<b>fast solver</b><pre>False</pre></div><div><b>halves</b><pre>True</pre>" in page
    assert "no picture for this case" in page  # the test game draws nothing; the page says so
