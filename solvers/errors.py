"""The project's exceptions: one family, split into bad input and internal faults.

``InputError`` is the user's fault and carries a position (file, line, column);
``CertificateError`` says a certificate is malformed (not merely wrong: a wrong
certificate is reported as a list of violations); ``SolverError`` is an internal
fault, such as a formulation whose solver did not reach optimality.
"""

from __future__ import annotations


class GamecertError(Exception):
    """Base class of every error gamecert raises on purpose."""


class InputError(GamecertError):
    """Malformed input, located at ``source:line:column`` (1-based)."""

    def __init__(self, source: str, line: int, column: int, message: str) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        super().__init__(f"{source}:{line}:{column}: {message}")


class CertificateError(GamecertError):
    """A certificate that cannot even be read: wrong lengths, labels out of range."""


class SolverError(GamecertError):
    """An internal fault: a formulation's solver failed or disagreed with itself."""


class TimeLimitError(SolverError):
    """A formulation ran past its own time limit: no answer, which is not a wrong answer.

    The cross-check shows it as skipped with this message as the reason.
    """


class CandidateError(GamecertError):
    """A program under stress test cannot be run at all: an empty, malformed or unstartable command."""


class StressInternalError(GamecertError):
    """gamecert's own side of a stress run failed: a generated case that does not parse,
    or a certified answer whose certificate does not check. Never blamed on the candidate."""
