"""``solve``'s lines of a partizan rules game written as each query is solved: :class:`PartizanStreamedAnswer`."""

from __future__ import annotations

from collections.abc import Callable

from gamecert.solvers.partizan.solver import partizan_game
from gamecert.verify.capabilities import StreamedAnswer
from gamecert.verify.game import Write
from gamecert.verify.partizan.answer import value_text
from gamecert.verify.rules.base import QueryRulesGame


class PartizanStreamedAnswer(StreamedAnswer[list]):
    """``solve``'s lines written as the engine finishes each query (by its components, the table shared), each
    flushed at once: the lines before a limit reached late are kept. A line is ``VALUE OUTCOME``, or the rules'
    ``answer(value, outcome)``, as the whole answer writes it."""

    def __init__(self, game: QueryRulesGame) -> None:
        self.game = game

    def write_streamed(self, instance: list, write: Write, flush: Callable[[], object]) -> None:
        game = self.game

        def answered(i: int, parts: tuple, value: object, outcome: str) -> None:
            if game.rules.answer is None:
                line = f"{value_text(value)} {outcome}"
            else:
                line = game.answer_lines([(value_text(value), outcome)])[0]
            write((line + "\n").encode())
            flush()

        partizan_game(game.rules, instance, game.limits, answered)
