"""What the interactive maze and geography problems share: the jury (``uvg_jury.hpp``, standalone C++,
copied beside each game's interactor into its package) and :class:`UvgInteractive`, which ties a test
to gamecert's play engine (:class:`~gamecert.verify.uvg.play.UvgPlay`)."""

from __future__ import annotations

import re
from abc import abstractmethod
from importlib.resources import files
from typing import TYPE_CHECKING

from gamecert.verify.capabilities import Play
from gamecert.verify.engine.interactive import InteractiveProblem

if TYPE_CHECKING:
    from gamecert.verify.game import Game
    from gamecert.verify.uvg.play import UvgPlay

#: The jury's header, beside each game's ``interactor.cpp`` in the package.
JURY = "uvg_jury.hpp"
#: The input validators' strict reader, beside each game's validator in the package.
READER = "strict_reader.hpp"


def _shared(name: str) -> tuple[str, str]:
    return name, files(__name__).joinpath(name).read_text(encoding="utf-8")


class UvgInteractive(InteractiveProblem):
    """An interactive undirected vertex geography problem: a test is the game's judge input and a start.

    Subclasses give :meth:`cases`, :meth:`position`, :meth:`first_wins` and
    :meth:`start` (the start as ``gamecert play --start`` reads it). A move is
    written as the numbers of the vertex's name (``R C`` for a maze cell,
    ``V`` for a graph vertex).
    """

    def interactor_files(self) -> list[tuple[str, str]]:
        return super().interactor_files() + [_shared(JURY)]

    def validator_files(self) -> list[tuple[str, str]]:
        return super().validator_files() + [_shared(READER)]

    @abstractmethod
    def start(self, text: str) -> str:
        """The start of test ``text`` as ``gamecert play --start`` reads it."""

    def play_engine(self, game: Game, text: str) -> UvgPlay:
        instance = game.parse(self.position(text), "test", True)
        return game.capability(Play).start(instance, self.start(text))

    def move_line(self, engine: UvgPlay, move: int) -> str:
        return " ".join(re.findall(r"[0-9]+", engine.label(move)))

    def read_line(self, engine: UvgPlay, line: str) -> int:
        return engine.read_move(line)

    def mover_wins(self, engine: UvgPlay) -> bool:
        return engine.verdict().mover_wins
