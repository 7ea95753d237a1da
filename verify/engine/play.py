"""Playing a game against a person: the turn loop shared by every game's play engine.

A play engine (``gamecert.verify.uvg.play.UvgPlay``,
``gamecert.verify.cutting.play.CuttingPlay``) knows the rules and the certified
strategy; :func:`play_game` talks to the person, move by move, and never
decides anything about the game itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable


class Illegal(Exception):
    """A move that breaks the rules; the message says which rule."""


class PlayEngine(Protocol):
    """What :func:`play_game` needs from a game in progress."""

    def moves(self) -> list[Any]:
        """Every legal move of the player to move (empty: that player has lost)."""
        ...

    def read_move(self, text: str) -> Any:
        """The move a person typed, or :class:`Illegal` with the reason."""
        ...

    def engine_move(self) -> Any:
        """The certified strategy's move (a winning one whenever the mover can win)."""
        ...

    def play(self, move: Any) -> None: ...

    def describe(self, move: Any) -> str: ...

    def state(self) -> str: ...

    def opening(self, first: str, second: str) -> str:
        """One line: who wins from the start and why (``first`` moves first)."""
        ...


@runtime_checkable
class RulesPlayEngine(PlayEngine, Protocol):
    """A play engine whose game may end by its own rules, in a draw, and with extra moves (general games)."""

    def ended(self) -> str | None:
        """None while play goes on; else ``"win"``, ``"lose"`` or ``"draw"`` for the player to move."""
        ...

    def again(self) -> bool:
        """Whether the player who just moved moves again (an extra move)."""
        ...


def play_game(engine: PlayEngine, human_first: bool, read: Callable[[], str | None], say: Callable[[str], None]) -> str:
    """Play ``engine``'s game against a person; returns the winner, ``"you"`` or ``"gamecert"`` (``"nobody"``
    for a draw).

    ``read()`` gives the person's next line (None at the end of input) and
    ``say(line)`` shows a line. An illegal move is refused with its reason
    and asked for again; blank lines are ignored. The game ends when the
    player to move has no move, or when a :class:`RulesPlayEngine` says it is
    over, with a line naming the winner; after its extra move the same
    player moves again. Raises
    :class:`EOFError` when the input ends first.

    >>> class Nim1:  # one stick: whoever takes it wins
    ...     sticks = 1
    ...     def moves(self): return [1] if self.sticks else []
    ...     def read_move(self, text): return int(text)
    ...     def engine_move(self): return 1
    ...     def play(self, move): self.sticks -= move
    ...     def describe(self, move): return f"takes {move}"
    ...     def state(self): return f"{self.sticks} left"
    ...     def opening(self, first, second): return f"{first} wins"
    >>> play_game(Nim1(), False, lambda: None, print)
    gamecert wins
    gamecert: takes 1
    0 left; you cannot move: gamecert wins.
    'gamecert'
    """
    names = ("you", "gamecert") if human_first else ("gamecert", "you")
    say(engine.opening(*names))
    human = human_first
    ruled = isinstance(engine, RulesPlayEngine)
    while True:
        over = engine.ended() if ruled else None
        if over is not None:
            mover, other = ("you", "gamecert") if human else ("gamecert", "you")
            winner = {"win": mover, "lose": other}.get(over, "nobody")
            said = "a draw" if winner == "nobody" else f"{winner} win{'s' if winner == 'gamecert' else ''}"
            say(f"{engine.state()}; the game is over: {said}.")
            return winner
        if not engine.moves():
            stuck, other = ("you", "gamecert") if human else ("gamecert", "you")
            if getattr(engine, "last_move_loses", False):  # misère play: the player who cannot move wins
                winner, why = stuck, f"{other} made the last move"
            else:
                winner, why = other, f"{stuck} cannot move"
            say(f"{engine.state()}; {why}: {winner} win{'s' if winner == 'gamecert' else ''}.")
            return winner
        if human:
            say(f"{engine.state()}; your move:")
            move = _ask(engine, read, say)
            say(f"you: {engine.describe(move)}")
        else:
            move = engine.engine_move()
            say(f"gamecert: {engine.describe(move)}")
        engine.play(move)
        if not (ruled and engine.again()):
            human = not human


def _ask(engine: PlayEngine, read: Callable[[], str | None], say: Callable[[str], None]) -> Any:
    """Read lines until one is a legal move."""
    while True:
        line = read()
        if line is None:
            raise EOFError("the input ended before the game did")
        if not line.strip():
            continue
        try:
            return engine.read_move(line)
        except Illegal as exc:
            say(f"illegal move: {exc}; try again")
