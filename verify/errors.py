"""The verification side's exceptions (all are :class:`GamecertError`).

``CertificateError`` says a certificate is malformed (not merely wrong: a wrong
certificate is reported as a list of violations); ``TimeLimitError`` is a
formulation past its own time limit; ``CandidateError`` and
``StressInternalError`` tell a stress run's two sides apart.
"""

from __future__ import annotations

from gamecert.solvers.errors import GamecertError, SolverError


class CertificateError(GamecertError):
    """A certificate that cannot even be read: wrong lengths, labels out of range."""


class CertificateRejected(GamecertError):
    """The fast solver's answer to ``what`` failed its own certificate check (``violation`` is the
    first violation): gamecert's fault, whatever the input."""

    def __init__(self, what: str, violation: str) -> None:
        super().__init__(f"gamecert's answer to {what} fails its certificate: {violation}")
        self.what = what
        self.violation = violation


class TimeLimitError(SolverError):
    """A formulation ran past its own time limit: no answer, which is not a wrong answer.

    The cross-check shows it as skipped with this message as the reason.
    """


class CandidateError(GamecertError):
    """A program under stress test cannot be run at all: an empty, malformed or unstartable command."""


class StressInternalError(GamecertError):
    """gamecert's own side of a stress run failed: a generated case that does not parse,
    or a certified answer whose certificate does not check. Never blamed on the candidate."""


class StoreError(GamecertError):
    """A campaign store that cannot be used as asked: not a store, or a finished campaign
    started again without ``--resume``. Bad input: the message starts ``--store FILE:``."""


class CampaignError(GamecertError):
    """A campaign that went wrong on gamecert's side: a shard recorded twice, a shard's
    task failing on a worker. Never the input's fault."""


class ToolMissingError(GamecertError):
    """An outside program a campaign needs (nauty's ``geng``) is not installed;
    the message says how to get it."""


class SchedulerError(GamecertError):
    """A ``--scheduler`` address that names no reachable Dask scheduler: bad input."""


class PackageError(GamecertError):
    """A problem package cannot be written or checked: an occupied folder, an unknown
    submission category, problemtools missing."""


class CertificationError(GamecertError):
    """An answer meant for a problem package failed certification: its certificate was
    rejected or an independent formulation disagreed (a gamecert bug; nothing is written)."""


class QbfDisagreementError(SolverError):
    """Two QBF solvers gave opposite verdicts on one formula: a solver's or the encoding's bug,
    never the input's fault."""
