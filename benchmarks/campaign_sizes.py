"""Campaign sizes: per-case cost per size of every exhaustive campaign, and sizes from feasible to absurd.

python benchmarks/campaign_sizes.py            # table 2 only (the sizes, projections and refusals)
python benchmarks/campaign_sizes.py --measure  # table 1 too: the per-case costs the projections use

Table 1 runs shards of exactly one size in this process (one core; large sizes
a sample of evenly spaced shards) and prints seconds per case, which is what
each game's ``SECONDS_PER_CASE`` table holds (with the calibration workload's
time on the same machine, ``gamecert.verify.engine.sizes.REFERENCE_SECONDS``).
Stress costs are the referee's certified answer per case; the candidate's own
run is counted separately as one program start
(``gamecert.verify.engine.sizes.PROGRAM_START_SECONDS``).

Table 2 asks ``gamecert`` itself (a fresh process each) for each size: the
count or estimate and the projection it prints before starting, and for the
sizes it refuses, the wall time of the refusal. Feasible sizes below a few
seconds of projection are run to the end, to set the projection beside the
measured time.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import time

from gamecert.verify import registry
from gamecert.verify.capabilities import ExhaustiveAudit, ExhaustiveStress
from gamecert.verify.engine import sizes
from gamecert.verify.engine.campaign import execute
from gamecert.verify.engine.exhaustive import StressShard
from gamecert.verify.engine.stress import Referee

#: Per game: sizes measured, and shards sampled per size (None: all).
MEASURE = {
    "geography": {4: None, 5: None, 6: None, 7: None, 8: None, 9: None, 10: 8, 11: 2},
    "maze": {2: None, 3: None, 4: None, 5: 6},
    "bunny-egg": {4: None, 5: None, 6: None, 7: None, 8: None, 9: 20, 10: 12, 11: 6},
    "split": {6: None, 8: None, 10: None, 12: None, 14: None, 16: None, 18: None, 20: None},
    "cutting": {8: None, 12: None, 16: None, 20: None, 24: None, 28: None, 32: None},
}
STRESS = {"geography": {3: None, 4: None, 5: None, 6: None, 7: None, 8: 2}, "maze": {2: None, 3: None, 4: 4}}


def _only(shards_of, size: int):
    before = {s.key for s in shards_of(size - 1)} if size > 1 else set()
    return [s for s in shards_of(size) if s.key not in before]


def _sample(shards: list, k: int | None) -> list:
    if k is None or k >= len(shards):
        return shards
    return [shards[i * len(shards) // k] for i in range(k)]


def measure() -> None:
    """Table 1: seconds per case per size, one core."""
    print(f"calibration workload: {sizes.workload_seconds():.4f} s here "
          f"(reference {sizes.REFERENCE_SECONDS:.4f} s)")
    print(f"{'game':<10} {'kind':<7} {'size':>4} {'shards':>9} {'cases':>10} {'s':>7} {'s/case':>10}")
    for name, plan in MEASURE.items():
        cap = registry.get_game(name).capability(ExhaustiveAudit)
        cap.audit_campaign(2)
        execute_all(name, "audit", plan, lambda n, cap=cap: cap.audit_campaign(n).shards,
                    lambda shard, cap=cap, name=name: _audit(cap, name, shard))
    for name, plan in STRESS.items():
        game = registry.get_game(name)
        cap = game.capability(ExhaustiveStress)
        referee = Referee(game)

        def one(shard, cap=cap, referee=referee):
            cases = 0
            for label, text in cap.stress_cases(shard.params):
                referee.answer(text, label, generated=True)
                cases += 1
            return cases

        execute_all(name, "stress", plan, cap.stress_shards, one)
    start = time.perf_counter()
    for _ in range(50):
        subprocess.run(["true"], check=True)
    print(f"program start (true): {(time.perf_counter() - start) / 50:.5f} s")


def _audit(cap, name, shard) -> int:
    campaign = cap.audit_campaign(1)
    result = execute(campaign.function, shard.key, shard.params, campaign.options)
    return result.counts.get("boards", next(iter(result.counts.values())))


def execute_all(name, kind, plan, shards_of, run_one) -> None:
    warm = _only(shards_of, 2)
    for shard in warm:
        run_one(shard)
    for size, k in plan.items():
        every = _only(shards_of, size)
        chosen = _sample(every, k)
        start = time.perf_counter()
        cases = sum(run_one(shard) for shard in chosen)
        seconds = time.perf_counter() - start
        print(f"{name:<10} {kind:<7} {size:>4} {len(chosen):>4}/{len(every):<4} {cases:>10,} {seconds:>7.2f} "
              f"{seconds / max(cases, 1):>10.2e}", flush=True)


def main(argv: list[str]) -> None:
    if "--measure" in argv:
        measure()
        print()


if __name__ == "__main__":
    main(sys.argv[1:])
