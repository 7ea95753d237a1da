"""What a contest problem is made of: :class:`ContestProblem` and its :class:`TestCase` s.

A game's ``contest/`` folder subclasses :class:`ContestProblem`; the package
writer (:mod:`gamecert.verify.engine.package`) turns one into a Kattis package.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources.abc import Traversable


@dataclass(frozen=True)
class TestCase:
    """One test file: its group (``sample`` or a secret group), file stem, judge input and why it is there."""

    __test__ = False  # not a pytest class

    group: str
    name: str
    text: str
    purpose: str


class ContestProblem(ABC):
    """What the package writer needs from one game: a subclass per problem, in the game's ``contest/`` folder.

    :meth:`cases` yields the samples (group ``sample``) and the secret
    cases; :attr:`groups` names and describes the secret groups;
    :attr:`statement`, :attr:`validator` and :attr:`reference` name files in
    the folder :attr:`resources` (installed with the package as package data,
    e.g. ``importlib.resources.files(__name__)`` of the contest package).
    """

    game: str
    title: str
    source: str
    resources: Traversable
    statement: str
    validator: str
    reference: str
    groups: tuple[tuple[str, str], ...]
    sample_note: str = "the judges' published samples"

    @abstractmethod
    def cases(self, size: str, seed: int) -> Iterable[TestCase]:
        """The samples and secret cases of a package of ``size`` (``small`` or ``judge``) and ``seed``."""

    def resource(self, name: str) -> str:
        """The text of one of the problem's files."""
        return self.resources.joinpath(name).read_text(encoding="utf-8")
