"""Exhaustive audits and stress runs, and seeded stress runs, as campaigns.

A game offers campaigns through its capabilities
(:mod:`gamecert.verify.capabilities`):

* :class:`~gamecert.verify.capabilities.ExhaustiveAudit`: the theorem audited
  on every case up to ``N`` (``gamecert audit --exhaustive N``);
* :class:`~gamecert.verify.capabilities.RandomAudit`: the theorem on ``COUNT``
  random cases of a seed (``gamecert audit --random COUNT --seed S``);
* :class:`~gamecert.verify.capabilities.ExhaustiveStress`: every case up to
  ``N`` as judge input (``gamecert stress GAME --candidate CMD --exhaustive N``);
* :class:`~gamecert.verify.capabilities.StressCases`: the ``--count`` cases of
  a seed, cut into ranges of case numbers (a seeded stress run given
  ``--jobs``, ``--scheduler`` or ``--store``).

The stress shard function here (:class:`StressShard`) is the same for every
game and for both kinds of stress campaign: each case is answered by the
referee of :mod:`gamecert.verify.engine.stress` (the certified answer), the
candidate is run and judged, and the shard's first failure is shrunk with the
game's reductions. It carries the game object itself, so a game registered
at run time (a plug-in, a test's toy game) runs on any worker.
"""

from __future__ import annotations

import shlex
import shutil
from collections.abc import Iterator, Mapping

from gamecert.verify.capabilities import AuditResult, ExhaustiveAudit, ExhaustiveStress, RandomAudit, StressCases
from gamecert.verify.engine import stress as engine
from gamecert.verify.engine.campaign import Campaign, CampaignResult, Shard
from gamecert.verify.engine.sandbox import DEFAULT_FILE_SIZE, DEFAULT_PROCESSES, Sandbox
from gamecert.verify.errors import CandidateError
from gamecert.verify.game import Capability, Game


def need(game: Game, kind: type[Capability]) -> Capability:
    """``game``'s capability of class ``kind``; ValueError when it has none."""
    cap = game.capability(kind)
    if cap is None:
        raise ValueError(f"{game.name} has no {kind.__name__} capability")
    return cap


def audit_campaign(game: Game, size: int) -> Campaign:
    """The campaign auditing ``game``'s theorem on every case up to ``size``."""
    return need(game, ExhaustiveAudit).audit_campaign(size)


def audit_result(game: Game, size: int, result: CampaignResult) -> AuditResult:
    """A finished audit campaign as the one-line result ``gamecert audit`` prints."""
    cap = need(game, ExhaustiveAudit)
    return _result(cap.audit_name(), cap.claim, cap.audit_covered(size), result)


def random_audit_campaign(game: Game, count: int, seed: int) -> Campaign:
    """The campaign auditing ``game``'s theorem on ``count`` random cases of ``seed``."""
    return need(game, RandomAudit).random_campaign(count, seed)


def random_audit_result(game: Game, count: int, seed: int, result: CampaignResult) -> AuditResult:
    cap = need(game, RandomAudit)
    return _result(cap.random_name(), cap.claim, cap.random_covered(count, seed), result)


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


def stress_campaign(
    game: Game, size: int, candidate: str, timeout: float,
    output_limit: int | None = None, memory_limit: int | None = engine.DEFAULT_MEMORY,
    max_processes: int | None = DEFAULT_PROCESSES, file_limit: int | None = DEFAULT_FILE_SIZE,
) -> Campaign:
    """The campaign running ``candidate`` on every case of ``game`` up to ``size``
    (each run contained and isolated as in :func:`~gamecert.verify.engine.stress.stress`)."""
    cap = need(game, ExhaustiveStress)
    candidate_argv(candidate)
    options = {
        "game": game.name, "cases": "family", "unit": cap.stress_unit,
        "candidate": candidate, "timeout": timeout, "output_limit": output_limit, "memory_limit": memory_limit,
        **_sandbox_options(max_processes, file_limit),
    }
    return Campaign(f"stress {game.name} up to {size}", StressShard(game), cap.stress_shards(size), options, cap.stress_unit)


#: Cases per shard of a seeded stress campaign.
RANDOM_CHUNK = 50


def random_stress_campaign(
    game: Game, candidate: str, count: int, seed: int, max_size: int, timeout: float,
    output_limit: int | None = None, memory_limit: int | None = engine.DEFAULT_MEMORY,
    max_processes: int | None = DEFAULT_PROCESSES, file_limit: int | None = DEFAULT_FILE_SIZE,
) -> Campaign:
    """The ``count`` generated cases of ``seed`` (the schedule of a plain stress run), in shards of
    :data:`RANDOM_CHUNK` case numbers.

    >>> from gamecert.verify import registry
    >>> [s.key for s in random_stress_campaign(registry.get_game("split"), "true", 120, 1, 10, 1.0).shards]
    ['cases1-50', 'cases51-100', 'cases101-120']
    """
    need(game, StressCases)
    candidate_argv(candidate)
    shards = tuple(
        Shard(f"cases{lo}-{min(count, lo + RANDOM_CHUNK - 1)}", {"lo": lo, "hi": min(count, lo + RANDOM_CHUNK - 1)})
        for lo in range(1, count + 1, RANDOM_CHUNK)
    )
    options = {
        "game": game.name, "cases": "seeded", "unit": "cases",
        "count": count, "seed": seed, "max_size": max_size, "candidate": candidate, "timeout": timeout,
        "output_limit": output_limit, "memory_limit": memory_limit, **_sandbox_options(max_processes, file_limit),
    }
    return Campaign(f"stress {game.name} seed {seed}", StressShard(game), shards, options, "cases")


def _sandbox_options(max_processes: int | None, file_limit: int | None) -> dict:
    """The campaign options of the process and file size limits: none at their defaults, so that a
    campaign stored before they existed is the same campaign.

    >>> _sandbox_options(DEFAULT_PROCESSES, 2**20)
    {'file_limit': 1048576}
    """
    out = {}
    if max_processes != DEFAULT_PROCESSES:
        out["max_processes"] = max_processes
    if file_limit != DEFAULT_FILE_SIZE:
        out["file_limit"] = file_limit
    return out


def _block(text: str) -> str:
    return "".join(f"    {row}\n" for row in text.splitlines()) or "    (nothing)\n"


class StressShard:
    """The shard function of stress campaigns, carrying its game to whichever worker runs it.

    Called as ``shard(params, options)``: runs the candidate on every case of
    one shard and returns the counts per verdict and the first failure, shrunk.
    Counts: the campaign's unit (cases run), ``passed``, then the runs of
    each failing verdict that occurred (``wrong answer``, ``time limit
    exceeded``, ...: :class:`~gamecert.verify.engine.stress.StressKind`). Every case is run, so the counts of a
    shard do not depend on where its first failure is.
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def cases(self, params: Mapping, options: Mapping) -> Iterator[tuple[str, str]]:
        """``(label, judge input)`` of one shard: a family's cases, or case numbers ``lo..hi`` of a seeded schedule."""
        if options["cases"] == "family":
            yield from need(self.game, ExhaustiveStress).stress_cases(params)
            return
        numbers = range(int(params["lo"]), int(params["hi"]) + 1)
        schedule = engine.stress_cases(
            need(self.game, StressCases), int(options["count"]), int(options["seed"]), int(options["max_size"]), numbers
        )
        for case in schedule:
            yield f"case {case.number} ({case.family})", case.text

    def __call__(self, params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
        game = self.game
        unit = str(options["unit"])
        output, memory = options.get("output_limit"), options.get("memory_limit", engine.DEFAULT_MEMORY)
        processes, file_size = options.get("max_processes", DEFAULT_PROCESSES), options.get("file_limit", DEFAULT_FILE_SIZE)
        trial = engine.Trial(
            game, candidate_argv(str(options["candidate"])), float(options["timeout"]),
            None if output is None else int(output), None if memory is None else int(memory),
            None if processes is None else int(processes), None if file_size is None else int(file_size), Sandbox(),
        )
        counts = {unit: 0, "passed": 0}
        found: list[str] = []
        reductions = need(game, StressCases).reductions
        for label, text in self.cases(params, options):
            counts[unit] += 1
            answer = trial.referee.answer(text, label, generated=True)
            verdict = trial.verdict(text, answer)
            if verdict.kind is engine.StressKind.PASS:
                counts["passed"] += 1
                continue
            counts[verdict.kind.value] = counts.get(verdict.kind.value, 0) + 1
            if not found:
                shrunk = trial.shrink(text, answer, verdict, reductions)
                found.append(_failure(game.invocation, label, options["candidate"], shrunk))
        return counts, found


def printf_quote(text: str) -> str:
    """``text`` as one shell word that ``printf`` turns back into ``text`` (newlines as ``\\n``).

    >>> printf_quote("1 2\\n.#\\n")
    "'1 2\\\\n.#\\\\n'"
    """
    return shlex.quote(text.replace("\\", "\\\\").replace("%", "%%").replace("\n", "\\n"))


#: The most of a candidate's output a campaign's failure shows (lines, characters).
SHOWN_LINES, SHOWN_CHARS = 10, 2000


def _shown_output(run: engine.Run) -> str:
    """The start of the candidate's output for a failure report, its cut marked.

    >>> _shown_output(engine.Run(0, b"y\\n" * 1000, b"", 0.1)).splitlines()[-1]
    '(cut here: 2,000 bytes read)'
    """
    stdout = run.stdout
    lines = stdout[:SHOWN_CHARS].decode("utf-8", "replace").splitlines(keepends=True)
    shown = "".join(lines[:SHOWN_LINES])
    if run.output_size > SHOWN_CHARS or len(lines) > SHOWN_LINES:
        shown = shown.rstrip("\n") + f"\n(cut here: {run.output_size:,} bytes read)\n"
    return shown


def _failure(game: str, label: str, candidate: str, shrunk: engine.Shrunk) -> str:
    steps = f"shrunk in {shrunk.steps} step" + ("" if shrunk.steps == 1 else "s") if shrunk.steps else "already minimal"
    got = _shown_output(shrunk.verdict.run)
    feed = f"printf {printf_quote(shrunk.text)}"
    return (
        f"{shrunk.verdict.kind} on {label}, {steps} ({shrunk.verdict.detail}):\n"
        f"input:\n{_block(shrunk.text)}"
        f"expected (gamecert solve {game}):\n{_block(shrunk.answer)}"
        f"got:\n{_block(got)}"
        f"reproduce: {feed} | {candidate}\n"
    )
