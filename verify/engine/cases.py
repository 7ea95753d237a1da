"""Case files: a game's input with its expected judge output and where that came from.

A case is a TOML file::

    game = "maze"
    source = "judge sample (Luogu P4055)"
    note = "optional free text"
    judge_limits = true        # optional; false for inputs beyond the judge's limits
    rules = "kayles.py"        # optional: the rules file of a game written as rules,
                               # relative to the case file; game is its NAME
    input = '''
    3 3
    ...
    '''
    expected = '''
    WIN
    ...
    '''

``source`` must say where ``expected`` came from: a judge's published sample,
or the agreement of named independent formulations.

A case may leave ``expected`` out (and ``source`` with it) when nobody knows
the answer yet: ``gamecert check`` then runs every route all the same, the
routes must agree among themselves and the certificate must hold, and the
report says "no expected answer" for the case.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from gamecert.solvers.errors import InputError

REQUIRED = ("game", "input")
#: Required together: where the expected answer came from, and the answer.
ANSWER = ("source", "expected")
OPTIONAL = ("note", "judge_limits", "rules")
KEYS = REQUIRED + ANSWER + OPTIONAL


@dataclass(frozen=True)
class CaseFile:
    path: Path
    id: str
    game: str
    source: str
    input: str
    expected: str | None  # None: no expected answer, the routes are compared among themselves
    note: str = ""
    judge_limits: bool = True
    input_line: int = 1  # line of the case file holding the input's first line
    rules: str = ""  # the rules file of a game written as rules, relative to the case file ("" for a built-in game)
    game_line: int = 1  # line of the case file holding the ``game`` key
    rules_line: int = 1  # line of the case file holding the ``rules`` key

    def rules_path(self) -> Path | None:
        """The rules file the case names, as a path (relative to the case file's folder), or None."""
        return self.path.parent / self.rules if self.rules else None

    def locate(self, error: InputError) -> InputError:
        """An error in the input text, re-pointed at the case file's own lines."""
        return InputError(str(self.path), error.line + self.input_line - 1, error.column, error.message)


def default_cases_dir() -> Path:
    """The bundled ``cases/`` beside the packages, else ``./cases``."""
    bundled = Path(__file__).resolve().parents[2] / "cases"
    return bundled if bundled.is_dir() else Path("cases")


def find_cases(paths: list[Path]) -> list[Path]:
    """Case files under ``paths`` (files as given, folders searched for ``*.toml``), sorted."""
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            found.extend(sorted(p.rglob("*.toml")))
        else:
            found.append(p)
    return found


def load_case(path: Path, root: Path | None = None) -> CaseFile:
    """Read one case file; malformed files raise :class:`InputError` at their position."""
    source = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(source, 1, 1, f"cannot read the case file: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError(source, line, col, "expected UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        line, col = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc)) or "invalid TOML"
        raise InputError(source, line, col, f"expected a TOML case file: {message}") from None
    # Without ``expected`` the case still runs every route; ``source`` then has nothing to vouch for.
    for key in REQUIRED + (ANSWER if "expected" in data else ()):
        if not isinstance(data.get(key), str):
            raise InputError(source, _line_of_key(text, key), 1, f"expected a string value for {key!r}")
    if "source" in data and not isinstance(data["source"], str):
        raise InputError(source, _line_of_key(text, "source"), 1, "expected a string value for 'source'")
    for key in data:
        if key not in KEYS:
            line = _line_of_key(text, key)
            raise InputError(source, line, 1, f"unknown key {key!r}; expected one of {', '.join(KEYS)}")
    judge_limits = data.get("judge_limits", True)
    if not isinstance(judge_limits, bool):
        raise InputError(source, _line_of_key(text, "judge_limits"), 1, "expected true or false for 'judge_limits'")
    rules = data.get("rules", "")
    if not isinstance(rules, str) or (not rules and "rules" in data):
        raise InputError(source, _line_of_key(text, "rules"), 1, "expected the path of a rules file for 'rules'")
    rel = path.with_suffix("")
    if root is not None:
        try:
            rel = rel.resolve().relative_to(root.resolve())
        except ValueError:
            pass
    return CaseFile(
        path=path,
        id=rel.as_posix(),
        game=data["game"],
        source=data.get("source", ""),
        input=data["input"],
        expected=data.get("expected"),
        note=data.get("note", ""),
        judge_limits=judge_limits,
        input_line=_line_of_key(text, "input") + 1,
        rules=rules,
        game_line=_line_of_key(text, "game"),
        rules_line=_line_of_key(text, "rules"),
    )


def _line_of_key(text: str, key: str) -> int:
    m = re.search(rf"^{re.escape(key)}\s*=", text, re.M)
    return text.count("\n", 0, m.start()) + 1 if m else 1


def case_text(game: str, source: str, input: str, expected: str, note: str = "", judge_limits: bool = True) -> str:
    """The TOML text of a case (inputs must not contain three single quotes)."""
    for name, value in (("input", input), ("expected", expected)):
        if "'''" in value:
            raise ValueError(f"{name} contains ''' and cannot be a literal TOML string")
    lines = [f"game = {_quote(game)}", f"source = {_quote(source)}"]
    if note:
        lines.append(f"note = {_quote(note)}")
    if not judge_limits:
        lines.append("judge_limits = false")
    lines.append(f"input = '''\n{input}'''")
    lines.append(f"expected = '''\n{expected}'''")
    return "\n".join(lines) + "\n"


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
