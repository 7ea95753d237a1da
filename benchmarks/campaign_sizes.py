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


#: (command, size option, sizes) from feasible to absurd; every audit and stress campaign of every game.
HUGE = "999999999999999999"
SIZES = [
    ("audit --game geography", "--exhaustive", ["5", "8", "9", "10", "11", "12", "30", HUGE]),
    ("audit --game maze", "--exhaustive", ["2", "3", "4", "5", "6", "9", HUGE]),
    ("audit --game bunny-egg", "--exhaustive", ["6", "9", "12", "20", "22", "23", "40", HUGE]),
    ("audit --game split", "--exhaustive", ["10", "16", "30", "53", "54", "100", HUGE]),
    ("audit --game cutting", "--exhaustive", ["12", "20", "50", "112", "113", "1000", HUGE]),
    ("audit --game geography", "--random", ["2000", "1000000", "1000000000", "1000000000000"]),
    ("stress geography --candidate true", "--exhaustive", ["4", "7", "9", "10", "11", "12", HUGE]),
    ("stress maze --candidate true", "--exhaustive", ["2", "3", "4", "5", "6", HUGE]),
    ("stress split --candidate true", "--count", ["200", "1000000", "100000000", "100000000000"]),
]
#: Audits projected under this many seconds are run to the end, to set the projection beside the wall time.
RUN_BELOW = 5.0


def _gamecert(args: list[str], timeout: float) -> tuple[int, str, str, float]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "from gamecert.verify.cli import run; run()", *args],
                          capture_output=True, text=True, timeout=timeout, check=False)
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - start


def _announced(stderr: str) -> float | None:
    """The projected seconds of a size line."""
    import re

    found = re.search(r"projected (?:at least |more than )?([0-9.e+]+) (s|min|h|days|years)", stderr)
    if found is None:
        return None
    unit = {"s": 1, "min": 60, "h": 3600, "days": 86400, "years": 365.25 * 86400}[found.group(2)]
    return float(found.group(1)) * unit


def _said(args: list[str]) -> tuple[int, str]:
    """What ``gamecert ARGS`` says before its campaign starts (in this process; the campaign is not run)."""
    import importlib
    from unittest import mock

    import click
    from click.testing import CliRunner

    from gamecert.verify.cli import main

    def stop(*_args, **_kwargs):  # instead of running the campaign: the size line is out
        raise click.exceptions.Exit(0)

    audit = importlib.import_module("gamecert.verify.cli.audit")
    stress = importlib.import_module("gamecert.verify.cli.stress")
    with mock.patch.object(audit, "run_campaign", stop), mock.patch.object(stress, "run_campaign", stop):
        result = CliRunner().invoke(main, args)
    return result.exit_code, result.stderr.strip()


def table() -> None:
    """Table 2: each size with ``--jobs 2``: the line said before starting, or the refusal and its
    wall time in a fresh process; audits projected under :data:`RUN_BELOW` seconds also run to the end."""
    print(f"machine scale {sizes.machine_scale():.2f} (this machine's time / the measuring machine's), 2 workers")
    print(f"{'command':<36} {'N':>24} {'exit':>4} {'refusal s':>9} {'run s':>6}  said before starting")
    for command, option, values in SIZES:
        for value in values:
            args = shlex.split(command) + [option, value, "--jobs", "2"]
            code, said = _said(args)
            said = said.splitlines()[-1] if said else ""
            refusal = ran = ""
            if code == 2:
                code, _, err, seconds = _gamecert(args, 60)
                said = err.strip().splitlines()[-1].replace("Error: Invalid value for ", "refused ")
                refusal = f"{seconds:.2f}"
            elif command.startswith("audit") and (_announced(said) or 0) < RUN_BELOW:
                code, _, _, seconds = _gamecert(args, 600)
                ran = f"{seconds:.1f}"
            print(f"{command:<36} {option + ' ' + value:>24} {code:>4} {refusal:>9} {ran:>6}  {said}", flush=True)


def main(argv: list[str]) -> None:
    if "--measure" in argv:
        measure()
        print()
    table()


if __name__ == "__main__":
    main(sys.argv[1:])
