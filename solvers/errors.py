"""The solvers' exceptions: bad input versus an internal fault.

``InputError`` is the user's fault and carries a position (file, line, column);
``SolverError`` is an internal fault (a gamecert bug), never reported as bad
input. The verification side's own exceptions live in
:mod:`gamecert.verify.errors`.
"""

from __future__ import annotations

import shlex


class GamecertError(Exception):
    """Base class of every error gamecert raises on purpose."""


class InputError(GamecertError):
    """Malformed input, located at ``source:line:column`` (1-based); a ``source`` that is a
    command-line option (``--vertex``) is said without a position."""

    def __init__(self, source: str, line: int, column: int, message: str) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        # A command-line option has no lines: its errors read ``--option: message``, not a fake ``--option:1:1:``.
        super().__init__(f"{source}: {message}" if source.startswith("--") else f"{source}:{line}:{column}: {message}")

    def __reduce__(self) -> tuple:
        # Raised on a Dask worker and raised again by the client: rebuilt from its fields, not its text.
        return type(self), (self.source, self.line, self.column, self.message)


class OptionError(InputError):
    """Malformed value of a command-line option (``--start``, ``--position``): said as
    ``--option VALUE: message``, with no ``FILE:LINE:COL`` (the value has no position).

    >>> str(OptionError("--start", "9,9", "expected a free cell"))
    '--start 9,9: expected a free cell'
    """

    def __init__(self, option: str, value: str, message: str) -> None:
        super().__init__(option, 1, 1, message)
        self.value = value
        self.args = (f"{option} {shlex.quote(value)}: {message}",)

    def __str__(self) -> str:
        return self.args[0]

    def __reduce__(self) -> tuple:
        return type(self), (self.source, self.value, self.message)


class SolverError(GamecertError):
    """An internal fault: a formulation's solver failed or disagreed with itself."""


class RulesError(InputError):
    """A rules file that cannot be played: its own code raised, returned what the contract
    forbids (an unhashable position, a loop), or outgrew a limit. Located in the rules file
    (or the input line being parsed); ``detail`` holds the rules file's own frames, if any."""

    def __init__(self, source: str, line: int, column: int, message: str, detail: str = "") -> None:
        super().__init__(source, line, column, message)
        self.detail = detail

    def __reduce__(self) -> tuple:
        return type(self), (self.source, self.line, self.column, self.message, self.detail)
