"""What a game may offer the commands beyond its core: one class per capability.

A game lists its capability objects in :meth:`Game.capabilities
<gamecert.verify.game.Game.capabilities>`; a command asks for one with
``game.capability(Kind)`` (an ``isinstance`` look-up), and the registry tells
which games have it (:func:`gamecert.verify.registry.games_with`), which is
where each command's ``--help`` choices come from. A capability object lives
in its game's ``verify/`` folder; heavy libraries are imported inside its
methods, so listing a game's capabilities stays cheap.

===========================  ========================================  ===============================
capability                   what it gives                             used by
===========================  ========================================  ===============================
:class:`StressCases`         edge cases, random cases, reductions      ``stress``, ``check``'s warm-up
:class:`Audits`              theorem audits against the literal rules  ``audit``
:class:`ExhaustiveAudit`     every case up to a size, as a campaign    ``audit --exhaustive``
:class:`RandomAudit`         random cases of a seed, as a campaign     ``audit --random``
:class:`ExhaustiveStress`    every case up to a size as judge input    ``stress --exhaustive``
:class:`Pictures`            the answer and its proof as SVG           ``show``, ``check --html``
:class:`PositionPictures`    a command-line position as SVG            ``show --position``
:class:`Play`                play from a start in an instance          ``play FILE --start``
:class:`PositionPlay`        play from a command-line position         ``play --position``
:class:`MidGame`             a mid-game position of an instance        ``solve --from --visited``
:class:`Positions`           solve a command-line position             ``solve --position``
:class:`ExportStart`         one start vertex of a UVG instance        ``export``
:class:`Contest`             a contest problem                         ``package``
:class:`PeriodicityAudit`    a rule's nim-sequence, its period proven  ``audit --code --periodicity``
:class:`InteractiveContest`  an interactive contest problem            ``package --interactive``, ``stress --interactive``
:class:`Tiers`               solved tier by tier on Dask, its store    ``solve --tiers``, ``check --tiers``, ``stress --tiers``
:class:`Statistics`          positions by value, extremes, branching   ``solve --stats``, ``show --stats``
===========================  ========================================  ===============================
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from gamecert.verify.game import Capability, Write

if TYPE_CHECKING:
    from pathlib import Path

    from gamecert.verify.engine.campaign import Campaign, Shard
    from gamecert.verify.engine.interactive import JuryProblem
    from gamecert.verify.engine.play import PlayEngine
    from gamecert.verify.engine.problem import ContestProblem
    from gamecert.verify.engine.sizes import SizeCost
    from gamecert.verify.engine.stats import GameStats
    from gamecert.verify.engine.tiers.check import CheckedTiers
    from gamecert.verify.engine.tiers.solve import Outlook, TieredSolve
    from gamecert.verify.game import Game
    from gamecert.verify.uvg.start import UVGStart

I = TypeVar("I")
S = TypeVar("S")
F = TypeVar("F")  # a picture's focus: a maze cell, a geography vertex


class StressCases(Capability):
    """Stress cases of one game, as ``gamecert stress`` uses them."""

    @abstractmethod
    def edge_cases(self, max_size: int) -> Iterator[tuple[str, str]]:
        """``(family name, judge-format input)`` for the edge-case families, every text within ``max_size``."""

    @abstractmethod
    def random_case(self, rng: random.Random, size: int) -> str:
        """A valid judge-format input whose size knob is at most ``size``, deterministic given ``rng``."""

    @abstractmethod
    def reductions(self, text: str) -> Iterator[str]:
        """Delta-debugging candidates: valid inputs strictly smaller than ``text``, coarse cuts first."""


class StreamedAnswer(Capability, Generic[I]):
    """The judge output written line by line, each line as soon as its answer is known (``solve`` without
    ``--json``): a long input shows its answers as they come, and a limit reached late keeps the lines before it."""

    @abstractmethod
    def write_streamed(self, instance: I, write: Write, flush: Callable[[], object]) -> None:
        """Solve ``instance``, writing (and flushing) each answer line as it is known: what ``write_answer`` of the
        solution writes, byte for byte."""


@dataclass(frozen=True)
class AuditResult:
    """One audit: the claim, the cases it covered, the time, the first counterexample.

    ``cases`` counts the cases checked (on a failure, up to and including the
    failing one); ``covered`` names them, e.g. ``"graphs up to 6 vertices"``.
    """

    name: str
    claim: str
    cases: int
    seconds: float
    counterexample: str | None
    covered: str = "cases"

    @property
    def ok(self) -> bool:
        return self.counterexample is None

    def line(self) -> str:
        """The one-line summary ``gamecert audit`` prints; the time is last, in parentheses."""
        if self.ok:
            return f"{self.name}: {self.cases:,} {self.covered} agree ({self.seconds:.1f} s)"
        return f"{self.name}: FAILED at case {self.cases:,} of {self.covered} ({self.seconds:.1f} s)"

    def report(self) -> str:
        """The summary line, and on a failure the claim and the counterexample, indented."""
        if self.ok:
            return self.line() + "\n"
        body = f"claim: {self.claim}\ncounterexample: {self.counterexample}"
        return self.line() + "\n" + "".join(f"  {row}\n" for row in body.splitlines())


@dataclass(frozen=True)
class Audit:
    """A theorem checked against the literal rules on many cases: the function that checks it, as data.

    ``run(**params)`` is a module-level function returning an
    :class:`AuditResult`; ``params`` are its arguments, ``quick`` the smaller
    ones of ``gamecert audit --quick``; a ``seeded`` audit also takes ``seed``.
    """

    name: str
    run: Callable[..., AuditResult]
    quick: Mapping[str, Any] = field(default_factory=dict)
    seeded: bool = False
    params: Mapping[str, Any] = field(default_factory=dict)

    def __call__(self, seed: int = 0, quick: bool = False) -> AuditResult:
        params = dict(self.params) | (dict(self.quick) if quick else {})
        if self.seeded:
            params["seed"] = seed
        return self.run(**params)


class Audits(Capability):
    """The theorem audits of ``gamecert audit``."""

    @abstractmethod
    def audits(self) -> tuple[Audit, ...]:
        """The audits, in the order they run."""


class ExhaustiveAudit(Capability):
    """The theorem on every case up to a size ``N``, as a campaign (``gamecert audit --exhaustive N``)."""

    #: What ``N`` counts (``vertices``, ``board side``, ``total area``), for help and messages.
    size: str
    #: The theorem audited.
    claim: str
    #: What :meth:`audit_size` counts (``connected graphs``, ``boards``), for the size line.
    counted: str = "cases"

    @abstractmethod
    def audit_name(self) -> str:
        """The audit's name in the result line."""

    def audit_size(self, size: int) -> SizeCost | None:
        """The cases of exactly ``size`` and their cost per case, for the projection printed before the
        campaign starts (:mod:`gamecert.verify.engine.sizes`); None when the game does not know them."""
        return None

    @abstractmethod
    def audit_campaign(self, size: int) -> Campaign:
        """The campaign: shards covering every case up to ``size``."""

    @abstractmethod
    def audit_covered(self, size: int) -> str:
        """What the campaign covers, e.g. ``"connected graphs up to 9 vertices"``."""


class RandomAudit(Capability):
    """The theorem on ``COUNT`` random cases of a seed, as a campaign (``gamecert audit --random COUNT``)."""

    claim: str

    @abstractmethod
    def random_name(self) -> str: ...

    def random_cost(self) -> float | None:
        """Seconds per random case on one core of the measuring machine (:mod:`gamecert.verify.engine.sizes`),
        or None when not known."""
        return None

    @abstractmethod
    def random_campaign(self, count: int, seed: int) -> Campaign: ...

    @abstractmethod
    def random_covered(self, count: int, seed: int) -> str: ...


class ExhaustiveStress(Capability):
    """Every case up to a size as judge input (``gamecert stress --exhaustive N``)."""

    #: What one case is (``boards``, ``graphs``): the campaign's first count.
    stress_unit: str

    @abstractmethod
    def stress_shards(self, size: int) -> tuple[Shard, ...]:
        """Shards covering every case up to ``size``."""

    def stress_size(self, size: int) -> SizeCost | None:
        """The cases of exactly ``size`` and the certified answer's cost per case (the candidate's run is
        counted by :mod:`gamecert.verify.engine.sizes`); None when the game does not know them."""
        return None

    @abstractmethod
    def stress_covered(self, size: int) -> str: ...

    @abstractmethod
    def stress_cases(self, params: Mapping) -> Iterator[tuple[str, str]]:
        """``(label, judge input)`` for every case of one shard."""


class Pictures(Capability, Generic[I, S, F]):
    """How ``gamecert show`` and ``check --html`` draw an answer and its proof (SVG text)."""

    #: The ``show`` option naming a start whose own proof is added (``--cell``, ``--vertex``), or None.
    focus_option: str | None = None

    def focus(self, instance: I, text: str) -> F:
        """The start named by the focus option's ``text``; raises ``InputError`` for a bad one."""
        raise NotImplementedError(f"{type(self).__name__} has no focus option")

    @abstractmethod
    def draw(self, instance: I, solution: S, focus: F | None = None) -> str:
        """The picture as SVG text."""


class PositionPictures(Capability):
    """``gamecert show --position TEXT``: a position given on the command line, drawn."""

    @abstractmethod
    def draw_position(self, text: str) -> str: ...


class Play(Capability, Generic[I]):
    """``gamecert play FILE --start S``: a game from a start in an instance, against the certified strategy."""

    @abstractmethod
    def start(self, instance: I, start: str) -> PlayEngine:
        """A play engine for :func:`gamecert.verify.engine.play.play_game`."""


class PositionPlay(Capability):
    """``gamecert play --position TEXT``: a game from a position given on the command line."""

    @abstractmethod
    def position(self, text: str) -> PlayEngine: ...


class MidGame(Capability, Generic[I]):
    """``gamecert solve FILE --from V --visited TRAIL``: a position in the middle of a game."""

    @abstractmethod
    def solve_from(self, instance: I, token: str, visited: str, source: str) -> str:
        """Who wins with the token on ``token`` once ``visited`` (one per line, from ``source``) are gone."""


@dataclass(frozen=True)
class PositionAnswer:
    """A solved command-line position: the text ``solve --position`` prints and its JSON."""

    text: str
    data: dict


class Positions(Capability):
    """``gamecert solve --position TEXT``: a position given on the command line, solved."""

    @abstractmethod
    def solve_position(self, text: str) -> PositionAnswer: ...


class ExportStart(Capability, Generic[I]):
    """``gamecert export``: one start vertex of a UVG instance, for any solver."""

    @abstractmethod
    def export_start(self, instance: I, vertex: str | None, source: str) -> UVGStart: ...


class Contest(Capability):
    """``gamecert package``: the game's contest problem."""

    @abstractmethod
    def problem(self) -> ContestProblem: ...


@dataclass(frozen=True)
class PeriodicityReport:
    """What ``audit --periodicity`` prints, whether the certificate holds (``ok``) and whether the period is proven."""

    text: str
    ok: bool
    proven: bool


class PeriodicityAudit(Capability):
    """``gamecert audit --game G --code CODE --periodicity N``: the nim-sequence of one rule of a family of
    heap games up to ``N``, its preperiod and period, proven where a theorem allows, its certificate checked."""

    #: The largest ``N`` the audit computes (the command refuses more before computing anything).
    max_size: int

    @abstractmethod
    def audit_periodicity(self, code: str, size: int, progress: Callable[[int, int], None] | None = None) -> PeriodicityReport:
        """The report; a ``code`` that names no rule raises ``ValueError`` (its message says what was expected).
        ``progress(done, size)`` is told how many values are computed."""

    def projection(self, code: str, size: int) -> float | None:
        """The projected seconds of :meth:`audit_periodicity` (None: no projection); a bad ``code`` raises
        ``ValueError``."""
        return None


class InteractiveContest(Capability):
    """``gamecert package --interactive``: the game's interactive problem (the contestant plays the jury);
    with :class:`StressCases`, ``gamecert stress --interactive`` (a contestant against gamecert's jury)."""

    @abstractmethod
    def problem(self) -> JuryProblem: ...


class Tiers(Capability):
    """``gamecert solve --tiers``: the game solved tier by tier on a Dask cluster, every answer certified by the
    worker that wrote it and kept in a store folder; ``stress --tiers DIR``: the game answering from that store
    (docs/tiers.md)."""

    def missing(self) -> str | None:
        """What the game lacks for a tiered solve (e.g. its rules define no ``tier``), or None."""
        return None

    @abstractmethod
    def solve_tiers(
        self, instance: Any, *, shards: int, store: Path | None, resume: bool, jobs: int | None, scheduler: str | None,
        bar: Callable[[Campaign], Any] | None, plan: Callable[[Outlook], None] | None,
    ) -> TieredSolve:
        """The tiered solve of ``instance`` (what the game's ``parse`` returned), the options as
        :func:`~gamecert.verify.engine.tiers.solve.solve_tiers` takes them; the game writes its ``solution``."""

    @abstractmethod
    def check_tiers(self, root: Path, *, jobs: int | None, scheduler: str | None, bar: Callable[[Campaign], Any] | None) -> CheckedTiers:
        """The certificate of the tiered solve stored in ``root`` checked again, shard by shard (``check --tiers DIR``)."""

    @abstractmethod
    def stored(self, root: Path) -> Game:
        """The game with its answers read from the tiered solve stored in ``root``, not solved in memory."""


class Statistics(Capability, Generic[I]):
    """``gamecert solve --stats`` and ``show --stats``: the positions of a certified solve counted by value (by
    remoteness, score, nim value or outcome class, as the kind has it), its extremes with a position each, and its
    branching factor (:mod:`gamecert.verify.engine.stats`)."""

    @abstractmethod
    def analyze(self, instance: I) -> GameStats:
        """The statistics of the solve of ``instance``, read from its certificate once that is checked (a
        certificate that fails raises ``SolverError``: gamecert's fault)."""
