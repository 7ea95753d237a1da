"""Campaign throughput: the exhaustive UVG audit per vertex count, projections, whole campaigns.

python benchmarks/run.py campaign [--quick]

Table 1 runs geng parts in this process (one core) and splits each shard's
time into geng, graph6 decoding, the compiled rule search and the fast
solver; n <= 9 are whole, larger n a sample of evenly spaced geng parts, and
the projection is the number of connected graphs divided by that rate.
Table 2 runs whole campaigns the way the CLI does, on a local Dask cluster of
2 workers (cluster start-up included in the wall time).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from gamecert.verify import registry
from gamecert.verify.engine import exhaustive as engine
from gamecert.verify.engine.campaign import Campaign, run_campaign
from gamecert.verify.uvg import exhaustive as uvg
from gamecert.verify.uvg.batch import batch_search_loses
from gamecert.verify.uvg.geng import geng_part, graph6_bits, neighbour_masks

TESTS_MAZE = Path(__file__).resolve().parents[1] / "tests" / "maze" / "alternating.py"


def _part_times(n: int, res: int, mod: int) -> tuple[int, dict[str, float]]:
    t = {}
    start = time.perf_counter()
    data = geng_part(n, res, mod)
    t["geng"] = time.perf_counter() - start
    start = time.perf_counter()
    bits = graph6_bits(data, n)
    nbrs = neighbour_masks(bits, n)
    t["decode"] = time.perf_counter() - start
    start = time.perf_counter()
    rules = batch_search_loses(nbrs, n)
    t["search"] = time.perf_counter() - start
    start = time.perf_counter()
    fast, _ = uvg.fast_loses(bits, nbrs, n)
    t["fast"] = time.perf_counter() - start
    if not (rules == fast).all():
        raise AssertionError(f"disagreement in geng part {res}/{mod} of n = {n}")
    return bits.shape[0], t


def uvg_rates(quick: bool) -> dict[int, float]:
    """Table 1; returns graphs per second per core for each n."""
    uvg.audit_part({"n": 5, "res": 0, "mod": 1}, {})  # load the compiled kernels first
    samples = {7: None, 8: None, 9: None, 10: 4 if quick else 16}
    if not quick:
        samples[11] = 8
    print(f"{'n':>3} {'graphs (all)':>14} {'sampled':>9} {'parts':>11} {'s':>7} {'graphs/s':>9} "
          f"{'geng':>6} {'decode':>6} {'search':>7} {'fast':>6} {'core-h (all)':>12}")
    rates = {}
    for n, k in samples.items():
        mod = uvg.parts(n)
        chosen = list(range(mod)) if k is None else [i * mod // k for i in range(k)]
        graphs, total = 0, {"geng": 0.0, "decode": 0.0, "search": 0.0, "fast": 0.0}
        for res in chosen:
            count, t = _part_times(n, res, mod)
            graphs += count
            for key in total:
                total[key] += t[key]
        seconds = sum(total.values())
        rates[n] = graphs / seconds
        hours = uvg.CONNECTED[n] / rates[n] / 3600
        share = {key: f"{100 * v / seconds:.0f}%" for key, v in total.items()}
        print(f"{n:>3} {uvg.CONNECTED[n]:>14,} {graphs:>9,} {len(chosen):>5}/{mod:<5} {seconds:>7.2f} {rates[n]:>9,.0f} "
              f"{share['geng']:>6} {share['decode']:>6} {share['search']:>7} {share['fast']:>6} {hours:>12.4f}")
    nine = rates[9]
    print("projection from the n = 9 rate alone: "
          + ", ".join(f"n = {n}: {uvg.CONNECTED[n] / nine / 3600:.3f} core-hours" for n in (10, 11)))
    return rates


def campaigns(quick: bool) -> None:
    """Table 2: whole campaigns on a local cluster of 2 worker processes."""
    import shlex

    python = shlex.quote(sys.executable)
    right = f"{python} -I -S {TESTS_MAZE}"
    every_graph = Campaign(
        "uvg, every graph up to 9", uvg.audit_part, uvg.UvgGraphs().stress_shards(9), {}, "graphs"
    )
    runs = [
        ("audit geography --exhaustive 9", engine.audit_campaign(registry.get_game("geography"), 9)),
        ("the same on every graph (not only connected)", every_graph),
        ("audit maze --exhaustive 4", engine.audit_campaign(registry.get_game("maze"), 4)),
        ("stress maze --exhaustive 3 (right)", engine.stress_campaign(registry.get_game("maze"), 3, right, 10.0)),
        ("stress maze --exhaustive 3 (--shallow)", engine.stress_campaign(registry.get_game("maze"), 3, right + " --shallow", 10.0)),
    ]
    if not quick:
        runs.append(("stress maze --exhaustive 4 (right)", engine.stress_campaign(registry.get_game("maze"), 4, right, 10.0)))
    print(f"{'campaign':<40} {'shards':>7} {'cases':>9} {'wall s':>8} {'shard s':>8} {'cases/s/core':>12}  counts")
    for label, campaign in runs:
        start = time.perf_counter()
        result = run_campaign(campaign, jobs=2)
        wall = time.perf_counter() - start
        busy = sum(s.seconds for s in result.shards)
        counts = ", ".join(f"{k} {v:,}" for k, v in result.totals.items())
        print(f"{label:<40} {len(result.shards):>7,} {result.cases:>9,} {wall:>8.1f} {busy:>8.1f} "
              f"{result.cases / wall / 2:>12,.0f}  {counts}")


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    uvg_rates(quick)
    print()
    campaigns(quick)


if __name__ == "__main__":
    main(sys.argv[1:])
