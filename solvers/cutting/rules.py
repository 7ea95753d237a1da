"""The rules of the rectangle-cutting games as data: one frozen :class:`CuttingRule` per game.

Every module of the cutting games (the solver and its kernels, the
certificate checker, the plain reference, the rule search, the generator,
the audits, pictures, play, the contest problem, the case writer) reads what
it needs from a rule's fields, never from its name; a new rule is a new
:class:`CuttingRule` and nothing else.

A rule describes one game twice:

* its *normal-play form*, which the Sprague–Grundy solver, the reference and
  the certificate use: every piece and every part a cut leaves has both
  sides at least :attr:`~CuttingRule.min_side`, and with
  :attr:`~CuttingRule.no_unit` no cut may leave a ``1 x 1`` part;
* its *literal rules*, which the rule search
  (:mod:`gamecert.verify.cutting.search`) plays: with
  :attr:`~CuttingRule.unit_cut` set, any cut along a grid line is a move and
  cutting out a ``1 x 1`` piece ``"loses"`` or ``"wins"`` at once; with it
  ``None``, the literal rules are the normal-play form.

That the two agree is a theorem per rule (for the Cutting Game, the lemma
"never leave a side of length 1"), which the audits check on small sizes.

>>> SPLIT.min_side, SPLIT.no_unit, CUTTING.min_side, CUTTING.judge_limit
(1, True, 2, 200)
>>> import json
>>> CuttingRule.from_data(json.loads(json.dumps(CUTTING.to_data()))) == CUTTING
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from gamecert.solvers.cutting.bundled import JUDGE_FIELDS

#: What cutting out a ``1 x 1`` piece does under a rule's literal rules.
UNIT_CUTS = (None, "loses", "wins")


@dataclass(frozen=True)
class ContestData:
    """What a rule's contest problem needs beyond the rule (``gamecert package``).

    File names are resources of :mod:`gamecert.verify.cutting.contest`; the
    problem's title is the rule's :attr:`CuttingRule.title`.
    """

    #: Where the problem comes from (``"POJ 2311"``).
    source: str
    #: The LaTeX statement, the C++ input validator and the C++ reference solution.
    statement: str
    validator: str
    reference: str
    #: Most lines per test file.
    line_limit: int
    #: The interactive problem (``gamecert package NAME --interactive``): its LaTeX statement, and the
    #: start of its sample (the statement's example); an empty statement: no interactive problem.
    interactive_statement: str = ""
    interactive_sample: str = ""


@dataclass(frozen=True)
class CuttingRule:
    """One rectangle-cutting game: its name, its normal-play form, its literal rules, its limits.

    Examples
    --------
    A third game, where every cut leaves both parts at least 3 wide:

    >>> wide = CuttingRule("wide", "cuts leave parts at least 3 wide", "Wide Cutting Game", min_side=3)
    >>> wide.is_piece(3, 7), wide.is_piece(2, 7), SPLIT.is_piece(1, 1), SPLIT.is_piece(1, 2)
    (True, False, False, True)
    """

    #: The name typed on the command line and written in JSON (``split``).
    name: str
    #: One line for ``--help`` and reports.
    summary: str
    #: The game's title in pictures, statements and messages (``Split Game``).
    title: str
    #: Normal-play form: the shortest side of any piece, and of any part a cut leaves.
    min_side: int
    #: Normal-play form: whether a cut may not leave a ``1 x 1`` part (only matters when ``min_side == 1``).
    no_unit: bool = False
    #: Literal rules: cutting out a ``1 x 1`` ``"loses"`` or ``"wins"`` at once (any cut is then a
    #: move), or ``None``: the literal rules are the normal-play form.
    unit_cut: str | None = None
    #: The judge's largest side.
    judge_limit: int = 200
    #: The judge's answer when the player to move wins, and when they lose.
    words: tuple[str, str] = ("WIN", "LOSE")
    #: The judge input's two sides: ``(letter, description)`` each, for error messages.
    sides: tuple[tuple[str, str], tuple[str, str]] = (("W", "the width W"), ("H", "the height H"))
    #: The judges' sample input (empty: none).
    sample: str = ""
    #: Why play refuses a cut outside the normal-play form (empty: a plain description).
    refused_cut: str = ""
    #: The lemma the normal-play form rests on, if any (written into case notes).
    lemma: str = ""
    #: Rule search budget: the largest total area it decides in about two seconds.
    search_area: int = 120
    #: Audit sizes: single pieces up to this area; random sums up to this total area, of
    #: pieces with sides up to ``sum_side``.
    piece_area: int = 96
    sum_area: int = 80
    sum_side: int = 9
    #: Case writer: the small queries decided by the rule search have sides up to this.
    case_side: int = 10
    #: The contest problem, or None: a rule without one offers no ``gamecert package``.
    contest: ContestData | None = None

    def __post_init__(self) -> None:
        if self.min_side < 1:
            raise ValueError(f"rule {self.name}: min_side must be at least 1, got {self.min_side}")
        if self.unit_cut not in UNIT_CUTS:
            raise ValueError(f"rule {self.name}: unit_cut must be one of {UNIT_CUTS}, got {self.unit_cut!r}")
        if len(self.words) != 2 or self.words[0] == self.words[1] or any(not w or w.split() != [w] for w in self.words):
            raise ValueError(f"rule {self.name}: words must be two different words, got {self.words!r}")
        if not self.is_piece(self.judge_limit, self.judge_limit):
            raise ValueError(f"rule {self.name}: judge_limit {self.judge_limit} leaves no piece")
        if self.contest is not None and not self.sample:
            raise ValueError(f"rule {self.name}: a contest problem needs the judges' sample")

    def is_piece(self, rows: int, cols: int) -> bool:
        """Whether ``rows x cols`` is a position of the normal-play form (any size)."""
        return min(rows, cols) >= self.min_side and not (self.no_unit and rows == cols == 1)

    @property
    def refusal(self) -> str:
        """Why a cut outside the normal-play form is refused, for people."""
        if self.refused_cut:
            return self.refused_cut
        if self.min_side == 1:
            return "that cut leaves a 1x1 piece, which the rules do not allow"
        return f"that cut leaves a part narrower than {self.min_side}, which the rules do not allow"

    def to_data(self) -> dict:
        """The rule as JSON-able data (campaign options carry it to other processes)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_data(cls, data: Mapping) -> CuttingRule:
        """The rule :meth:`to_data` gave, also after a JSON round trip (lists back to tuples)."""
        fields = {key: _tupled(value) for key, value in data.items()}
        if fields.get("contest") is not None:
            fields["contest"] = ContestData(**fields["contest"])
        return cls(**fields)


def _tupled(value):
    """Lists (at any depth) as tuples; anything else as it is."""
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


SPLIT = CuttingRule(
    name="split",
    summary="Split Game (ICPC 2020 Jiangxi J): cutting out a 1x1 loses; Alice or Bob",
    title="Split Game",
    unit_cut="loses",
    **JUDGE_FIELDS["split"],
    sides=(("N", "the side N"), ("M", "the side M")),
    sample="1 2\n1 6\n4 3\n3 5\n",
    refused_cut="that cut leaves a 1x1 piece, and whoever cuts out a 1x1 piece loses the Split Game",
    search_area=56,
    piece_area=48,
    sum_area=40,
    sum_side=7,
    case_side=8,
    contest=ContestData(
        source="2020 ICPC Jiangxi Provincial Contest",
        statement="split_statement.tex",
        validator="split_validator.cpp",
        reference="split_reference.cpp",
        line_limit=22_499,
        interactive_statement="split_interactive.tex",
        interactive_sample="1\n1 6\n",
    ),
)

CUTTING = CuttingRule(
    name="cutting",
    summary="Cutting Game (POJ 2311): cutting out a 1x1 wins; WIN or LOSE",
    title="Cutting Game",
    unit_cut="wins",
    **JUDGE_FIELDS["cutting"],
    sides=(("W", "the width W"), ("H", "the height H")),
    sample="2 2\n3 2\n4 2\n",
    refused_cut="that cut leaves a side of length 1, from which the opponent cuts out a 1x1 piece and wins",
    lemma="no side of length 1 is ever left",
    search_area=120,
    piece_area=96,
    sum_area=80,
    sum_side=9,
    case_side=10,
    # Every legal piece once is 199 x 199 = 39,601 lines, rounded to 40,000.
    contest=ContestData(
        source="POJ 2311",
        statement="cutting_statement.tex",
        validator="cutting_validator.cpp",
        reference="cutting_reference.cpp",
        line_limit=40_000,
        interactive_statement="cutting_interactive.tex",
        interactive_sample="1\n4 2\n",
    ),
)
