"""Run the theorem audits of the registered games.

Each game lists its audits in its :class:`~gamecert.verify.capabilities.Audits`
capability; an audit checks a theorem behind
the fast solver against the literal rules case by case and returns an
:class:`~gamecert.verify.capabilities.AuditResult`: how many cases it covered, how long
it took, and the first counterexample found (``None`` when every case agrees),
written so that the command it prints reproduces it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from gamecert.solvers.errors import GamecertError
from gamecert.verify import registry
from gamecert.verify.capabilities import Audit, AuditResult, Audits


def audited_games() -> list[str]:
    """The registered games that have audits, in registry order.

    >>> audited_games()
    ['bunny-egg', 'geography', 'split', 'cutting']
    """
    return list(registry.games_with(Audits))


def selected_audits(games: Iterable[str] = ()) -> list[Audit]:
    """The audits of the given games (all when empty), in registry order.

    >>> [a.name for a in selected_audits(["cutting", "geography"])]
    ['uvg-exhaustive', 'uvg-random', 'cutting-pieces', 'cutting-sums']
    """
    have = audited_games()
    chosen = set(games) or set(have)
    unknown = chosen - set(have)
    if unknown:
        raise GamecertError(f"no audits for game {sorted(unknown)[0]!r}; choose from {', '.join(have)}")
    return [audit for name in have if name in chosen for audit in registry.get_game(name).capability(Audits).audits()]


def run_audits(games: Iterable[str] = (), seed: int = 0, quick: bool = False) -> Iterator[AuditResult]:
    """Run the audits of the given games (all when empty), in registry order.

    >>> [r.ok for r in run_audits(["cutting"], quick=True)]
    [True, True]
    """
    for audit in selected_audits(games):
        yield audit(seed, quick)
