"""Exhaustive audits and stress runs, and seeded stress runs, as campaigns.

A game with an exhaustive family names it in its registry entry
(:class:`~gamecert.verify.game.Exhaustive`: a loader of its module and what the size ``N``
counts). The module provides

* ``CLAIM``, ``audit_name()``, ``audit_campaign(N)`` and ``covered(N)``: the
  theorem audited on every case up to ``N`` (``gamecert audit --exhaustive
  N``); the functions take the entry's ``variant`` as keyword arguments;
* optionally ``random_campaign(COUNT, SEED)``, ``random_name()`` and
  ``random_covered(COUNT, SEED)``: the theorem on ``COUNT`` random cases of a
  seed, in shards of index ranges (``gamecert audit --random COUNT --seed S``);
* when the entry says ``stress``: ``CASE_UNIT``, ``stress_shards(N)``,
  ``stress_covered(N)`` and ``cases(params, options)``: the cases of one shard as
  judge input, for ``gamecert stress GAME --candidate CMD --exhaustive N``.

The stress shard function here is the same for every game and for both
kinds of stress campaign (every case up to a size, or the ``--count`` cases of
a seed, cut into ranges of case numbers): each case is answered by the
referee of :mod:`gamecert.verify.engine.stress` (fast solve, certificate
checked, judge format), the candidate is run and judged, and the shard's
first failure is shrunk with the game generator's reductions.
"""

from __future__ import annotations

import shlex
import shutil
from collections.abc import Iterator, Mapping
from types import ModuleType

from gamecert.verify import registry
from gamecert.verify.engine import stress as engine
from gamecert.verify.engine.campaign import Campaign, CampaignResult, Shard
from gamecert.verify.errors import CandidateError
from gamecert.verify.game import AuditResult, Game


def family(game: Game) -> ModuleType:
    """The module of a game's exhaustive family (imported on first use)."""
    if game.exhaustive is None:
        raise ValueError(f"{game.name} has no exhaustive family")
    return game.exhaustive.load()


def audit_campaign(game: Game, size: int) -> Campaign:
    """The campaign auditing ``game``'s theorem on every case up to ``size``."""
    return family(game).audit_campaign(size, **game.exhaustive.variant)


def audit_result(game: Game, size: int, result: CampaignResult) -> AuditResult:
    """A finished audit campaign as the one-line result ``gamecert audit`` prints."""
    fam, variant = family(game), game.exhaustive.variant
    return _result(fam.audit_name(**variant), fam.CLAIM, fam.covered(size, **variant), result)


def has_random(game: Game) -> bool:
    """Whether ``game``'s family also audits random cases as a campaign (``--random COUNT``)."""
    return game.exhaustive is not None and hasattr(family(game), "random_campaign")


def random_audit_campaign(game: Game, count: int, seed: int) -> Campaign:
    """The campaign auditing ``game``'s theorem on ``count`` random cases of ``seed``."""
    return family(game).random_campaign(count, seed, **game.exhaustive.variant)


def random_audit_result(game: Game, count: int, seed: int, result: CampaignResult) -> AuditResult:
    fam, variant = family(game), game.exhaustive.variant
    return _result(fam.random_name(**variant), fam.CLAIM, fam.random_covered(count, seed, **variant), result)


def _result(name: str, claim: str, covered: str, result: CampaignResult) -> AuditResult:
    bad = result.counterexamples
    note = f"({len(bad) - 1} more shard(s) found one)\n" if len(bad) > 1 else ""
    return AuditResult(name, claim, result.cases, result.seconds, bad[0] + note if bad else None, covered)


def counts_line(result: CampaignResult) -> str:
    """Every count of a campaign, and how its shards ran, on one line.

    The counts are sums over shards, the same however the shards were run.
    """
    totals = ", ".join(f"{name} {value:,}" for name, value in result.totals.items())
    shards = len(result.shards)
    run = f"{shards:,} shard{'' if shards == 1 else 's'} ({result.resumed:,} from the store, {result.ran:,} run now)"
    return f"  {totals}; {run}"


def candidate_argv(candidate: str) -> list[str]:
    """The candidate command split like a shell would; raises :class:`CandidateError`
    when it is empty, malformed, or names a program that does not exist here."""
    argv = engine.split_candidate(candidate)
    if shutil.which(argv[0]) is None:
        raise CandidateError(f"cannot start {argv[0]!r}: no such program")
    return argv


def stress_campaign(game: Game, size: int, candidate: str, timeout: float) -> Campaign:
    """The campaign running ``candidate`` on every case of ``game`` up to ``size``."""
    fam = family(game)
    candidate_argv(candidate)
    options = {
        "game": game.name, "cases": "family", "unit": fam.CASE_UNIT,
        "candidate": candidate, "timeout": timeout,
    }
    return Campaign(
        f"stress {game.name} up to {size}",
        stress_shard,
        fam.stress_shards(size),
        options,
        fam.CASE_UNIT,
    )


#: Cases per shard of a seeded stress campaign.
RANDOM_CHUNK = 50


def random_stress_campaign(game: Game, candidate: str, count: int, seed: int, max_size: int, timeout: float) -> Campaign:
    """The ``count`` generated cases of ``seed`` (the schedule of a plain stress run), in shards of
    :data:`RANDOM_CHUNK` case numbers.

    >>> from gamecert.verify import registry
    >>> [s.key for s in random_stress_campaign(registry.get_game("split"), "true", 120, 1, 10, 1.0).shards]
    ['cases1-50', 'cases51-100', 'cases101-120']
    """
    if game.generator is None:
        raise ValueError(f"{game.name} has no case generator")
    candidate_argv(candidate)
    shards = tuple(
        Shard(f"cases{lo}-{min(count, lo + RANDOM_CHUNK - 1)}", {"lo": lo, "hi": min(count, lo + RANDOM_CHUNK - 1)})
        for lo in range(1, count + 1, RANDOM_CHUNK)
    )
    options = {
        "game": game.name, "cases": "seeded", "unit": "cases",
        "count": count, "seed": seed, "max_size": max_size, "candidate": candidate, "timeout": timeout,
    }
    return Campaign(
        f"stress {game.name} seed {seed}", stress_shard, shards, options, "cases"
    )


def random_cases(params: Mapping, options: Mapping) -> Iterator[tuple[str, str]]:
    """Cases ``lo..hi`` of a seeded stress schedule as ``(label, judge input)``."""
    game = registry.get_game(str(options["game"]))
    numbers = range(int(params["lo"]), int(params["hi"]) + 1)
    for case in engine.stress_cases(
        game.generator, int(options["count"]), int(options["seed"]), int(options["max_size"]), numbers
    ):
        yield f"case {case.number} ({case.family})", case.text


def _block(text: str) -> str:
    return "".join(f"    {row}\n" for row in text.splitlines()) or "    (nothing)\n"


def stress_shard(params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
    """Run the candidate on every case of one shard; counts per verdict, the first failure shrunk.

    Counts: the family's unit (cases run), ``passed``, then ``wrong``,
    ``crash`` and ``timeout`` runs. Every case is run, so the counts of a
    shard do not depend on where its first failure is.
    """
    game = registry.get_game(str(options["game"]))
    # "family": the exhaustive family's cases of the shard; "seeded": case numbers of a stress schedule.
    cases = family(game).cases if options["cases"] == "family" else random_cases
    unit = str(options["unit"])
    argv = candidate_argv(str(options["candidate"]))
    timeout = float(options["timeout"])
    referee = engine.Referee(game)
    counts = {unit: 0, "passed": 0, "wrong": 0, "crash": 0, "timeout": 0}
    found: list[str] = []

    def check(text: str):
        answer = referee.answer(text, "a reduction of the failing case", generated=False)
        if answer is None:
            return None
        return answer, engine.judge(answer, engine.run_candidate(argv, text, timeout), timeout)

    for label, text in cases(params, options):
        counts[unit] += 1
        answer = referee.answer(text, label, generated=True)
        verdict = engine.judge(answer, engine.run_candidate(argv, text, timeout), timeout)
        if verdict.kind is engine.StressKind.PASS:
            counts["passed"] += 1
            continue
        counts[verdict.kind.lower()] += 1
        if not found:
            shrunk = engine.shrink_case(text, answer, verdict, check, game.generator.reductions)
            found.append(_failure(game.name, label, options["candidate"], shrunk))
    return counts, found


def printf_quote(text: str) -> str:
    """``text`` as one shell word that ``printf`` turns back into ``text`` (newlines as ``\\n``).

    >>> printf_quote("1 2\\n.#\\n")
    "'1 2\\\\n.#\\\\n'"
    """
    return shlex.quote(text.replace("\\", "\\\\").replace("%", "%%").replace("\n", "\\n"))


def _failure(game: str, label: str, candidate: str, shrunk: engine.Shrunk) -> str:
    steps = f"shrunk in {shrunk.steps} step" + ("" if shrunk.steps == 1 else "s") if shrunk.steps else "already minimal"
    got = shrunk.verdict.run.stdout.decode("utf-8", "replace")
    feed = f"printf {printf_quote(shrunk.text)}"
    return (
        f"{shrunk.verdict.kind} on {label}, {steps} ({shrunk.verdict.detail}):\n"
        f"input:\n{_block(shrunk.text)}"
        f"expected (gamecert solve {game}):\n{_block(shrunk.answer)}"
        f"got:\n{_block(got)}"
        f"reproduce: {feed} | {candidate}\n"
    )
