"""The README's complete rules file runs as printed."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support import run

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_kayles_runs(tmp_path):
    section = README.read_text().split("## Your own game: a rules file", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len([line for line in code.splitlines() if line.strip()]) <= 10
    (tmp_path / "kayles.py").write_text(code)
    result = run(["solve", "--rules", str(tmp_path / "kayles.py"), "-"], input="3\n10\n")
    # Kayles values of 3 and 10 pins: 3 and 2 (OEIS A002186, docs/rules.md).
    assert (result.exit_code, result.stdout) == (0, "win 3\nwin 2\n")


def test_the_readme_take_or_pass_runs(tmp_path):
    section = README.read_text().split("### Games of two players: win, lose, draw or a score", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    (tmp_path / "take.py").write_text(code)
    result = run(["solve", "--rules", str(tmp_path / "take.py"), "-"], input="4 2 0\n3 1 0\n")
    # 4 2 0: take one, leaving 3 to an opponent without a token (docs/rules.md); 3 1 0 passes to itself.
    assert (result.exit_code, result.stdout) == (0, "win 3\ndraw\n")
