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


@runtime_checkable
class MenuPlayEngine(PlayEngine, Protocol):
    """A play engine that lists the person's legal moves, numbered, and each one's certified value (rules games):
    the person types a move's number or the position after it."""

    def choices(self) -> list[Any]:
        """The distinct legal moves of the player to move, in the order the rules give them."""
        ...

    def shown(self, move: Any) -> str:
        """A move as the rules' ``format`` writes the position it reaches (and what else it does)."""
        ...

    def value(self, move: Any) -> str:
        """The certified value of making ``move``, for the player who makes it (``win 3``: a win in 3 moves)."""
        ...


@runtime_checkable
class MiserePlayEngine(PlayEngine, Protocol):
    """A play engine whose game may be played misère (impartial rules games)."""

    def last_move_loses(self) -> bool:
        """Whether the player who cannot move wins (misère play) rather than loses (normal play)."""
        ...


#: What a menu's person is told each turn.
MENU_HINT = "its number or the position after it; ? shows each move's certified value"


def play_game(engine: PlayEngine, human_first: bool, read: Callable[[], str | None], say: Callable[[str], None]) -> str:
    """Play ``engine``'s game against a person; returns the winner, ``"you"`` or ``"gamecert"`` (``"nobody"``
    for a draw).

    ``read()`` gives the person's next line (None at the end of input) and
    ``say(line)`` shows a line. An illegal move is refused with its reason
    and asked for again; blank lines are ignored. The game ends when the
    player to move has no move, or when a :class:`RulesPlayEngine` says it is
    over, with a line naming the winner; after its extra move the same
    player moves again. A :class:`MenuPlayEngine` lists the person's moves,
    numbered, each turn (:func:`_menu_move` reads the answer). Raises
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
            if isinstance(engine, MiserePlayEngine) and engine.last_move_loses():
                winner, why = stuck, f"{other} made the last move"
            else:
                winner, why = other, f"{stuck} cannot move"
            say(f"{engine.state()}; {why}: {winner} win{'s' if winner == 'gamecert' else ''}.")
            return winner
        if human and isinstance(engine, MenuPlayEngine):
            say(f"{engine.state()}; your move ({MENU_HINT}):")
            move = _menu_move(engine, read, say)
            say(f"you: {engine.describe(move)}")
        elif human:
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


def _menu(engine: MenuPlayEngine, choices: list, say: Callable[[str], None], values: bool = False) -> None:
    """The numbered moves, one a line; with ``values``, each one's certified value beside it."""
    texts = [engine.shown(m) for m in choices]
    digits, width = len(str(len(choices))), max(map(len, texts), default=0)
    for i, (move, text) in enumerate(zip(choices, texts), start=1):
        say(f"  {i:>{digits}}. {text:<{width}}  {engine.value(move)}".rstrip() if values else f"  {i:>{digits}}. {text}")


def _menu_move(engine: MenuPlayEngine, read: Callable[[], str | None], say: Callable[[str], None]) -> Any:
    """List the moves, then read lines until one names a legal move: its number (``#N`` always means a number),
    or the position after it (``=TEXT`` always means a position); ``?`` lists the moves with their certified
    values, ``help`` lists them again. A number that is also a legal position is asked about, never guessed."""
    choices = engine.choices()
    _menu(engine, choices, say)
    while True:
        line = read()
        if line is None:
            raise EOFError("the input ended before the game did")
        text = line.strip()
        if not text:
            continue
        if text == "?":
            _menu(engine, choices, say, values=True)
            continue
        if text.lower() == "help":
            say(f"Type a move's {MENU_HINT}; #N is always a number, =TEXT always a position:")
            _menu(engine, choices, say)
            continue
        number = text[1:] if text.startswith("#") else text
        numbered = None
        if number.isascii() and number.isdigit() and not text.startswith("="):
            if 1 <= int(number) <= len(choices):
                numbered = choices[int(number) - 1]
            elif text.startswith("#") or not _legal(engine, line):
                say(f"illegal move: there is no move {int(number)}: expected 1 to {len(choices)}; try again")
                continue
        if text.startswith("#"):
            if numbered is not None:
                return numbered
            say(f"illegal move: expected #N with N from 1 to {len(choices)}; try again")
            continue
        typed = line.lstrip()[1:] if text.startswith("=") else line
        try:
            move = engine.read_move(typed)
        except Illegal as exc:
            if numbered is not None:
                return numbered
            say(f"illegal move: {exc}; try again")
            continue
        if numbered is not None and numbered != move:
            say(f"{text} is move {number} ({engine.shown(numbered)}) and a position too: type #{number} or ={text}")
            continue
        return move


def _legal(engine: PlayEngine, line: str) -> bool:
    """Whether ``line`` reads as a legal move."""
    try:
        engine.read_move(line)
    except Illegal:
        return False
    return True
