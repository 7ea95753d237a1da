"""What a contest problem is made of: :class:`ContestProblem` and its :class:`TestCase` s.

A game's ``contest/`` folder subclasses :class:`ContestProblem`; the package
writer (:mod:`gamecert.verify.engine.package`) turns one into a Kattis package.
What the problems' :meth:`~ContestProblem.cases` share is here too: the
filter :class:`Unseen` (each text once), the ``edge`` group
(:func:`edge_group`) and the file stems of family names (:func:`slug`).
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path


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
    the folder :attr:`resources` (installed with the package as package data);
    a problem whose files have other names than ``statement.tex``,
    ``validator.cpp`` and ``reference.cpp``, or live elsewhere than beside its
    class, sets them.
    """

    game: str
    title: str
    source: str
    statement: str = "statement.tex"
    validator: str = "validator.cpp"
    reference: str = "reference.cpp"
    groups: tuple[tuple[str, str], ...]
    sample_note: str = "the judges' published samples"

    @abstractmethod
    def cases(self, size: str, seed: int) -> Iterable[TestCase]:
        """The samples and secret cases of a package of ``size`` (``small`` or ``judge``) and ``seed``."""

    @property
    def resources(self) -> Traversable:
        """The folder of the problem's files: the package its class is defined in (the game's ``contest/``)."""
        return files(sys.modules[type(self).__module__].__package__)

    def resource(self, name: str) -> str:
        """The text of one of the problem's files."""
        return self.resources.joinpath(name).read_text(encoding="utf-8")

    def validator_files(self) -> list[tuple[str, str]]:
        """``(file name, text)`` of every file of ``input_validators/validator/``: by default :attr:`validator`,
        named ``validator`` with its suffix."""
        return [(f"validator{Path(self.validator).suffix}", self.resource(self.validator))]


def slug(name: str) -> str:
    """A family's name as a test file stem: lower case, each run of other characters than letters and
    digits one ``-``.

    >>> slug("Open 3x100 minus the first corner"), slug("flower 4 petals depth 249, shuffled")
    ('open-3x100-minus-the-first-corner', 'flower-4-petals-depth-249-shuffled')
    """
    return "-".join("".join(ch if ch.isalnum() else " " for ch in name.lower()).split())


class Unseen:
    """Which texts a package still lacks: each judge input once, and only inputs the problem admits.

    Calling it with a text says whether to add that text as a case, and
    remembers it if so. Invariant: :attr:`seen` holds the texts given at the
    start (the samples) and every text accepted since; no text is accepted twice.

    >>> fresh = Unseen(["1"], admits=str.isdigit)
    >>> fresh("1"), fresh("x"), fresh("2"), fresh("2"), len(fresh.seen)
    (False, False, True, False, 2)
    """

    def __init__(self, seen: Iterable[str] = (), admits: Callable[[str], bool] | None = None) -> None:
        self.seen = set(seen)
        self.admits = admits

    def __call__(self, text: str) -> bool:
        if text in self.seen or (self.admits is not None and not self.admits(text)):
            return False
        self.seen.add(text)
        return True


def edge_group(
    fresh: Unseen, edge_cases: Callable[[int], Iterable[tuple[str, str]]], sizes: Iterable[int]
) -> Iterator[TestCase]:
    """The ``edge`` group: the stress generator's edge families (``edge_cases(size)``) at each of ``sizes``,
    those texts ``fresh`` accepts, in order."""
    for size in sizes:
        for name, text in edge_cases(size):
            if fresh(text):
                yield TestCase("edge", slug(name), text, f"edge family: {name}")
