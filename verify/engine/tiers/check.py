"""A stored tiered solve checked again, shard by shard (``check --tiers DIR``)."""


from __future__ import annotations

import contextlib
import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path


from gamecert.solvers.rules.rules import Limits, TurnRules
from gamecert.verify.engine.campaign import Campaign, Shard, run_campaign
from gamecert.verify.errors import StoreError
from gamecert.verify.engine.tiers.store import TierLabels, load_sections, part_name, recorded, stored_shard


class TierCheck:
    """A shard's task of :func:`check_tiers`, for Dask: ``check(params, options)`` checks every label of
    one stored shard, each child's label read from the shard that owns it (its ``labels.pkl``)."""

    def __init__(self, rules: TurnRules, root: str, limits: Limits, labels: TierLabels) -> None:
        self.rules = rules
        self.root = root
        self.limits = limits
        self.labels = labels

    def _shard(self, tier: int, shard: int) -> tuple[list, list, list]:
        return stored_shard(Path(self.root), tier, shard, self.labels, coded=True)

    def __call__(self, params: Mapping, options: Mapping) -> tuple[dict[str, int], list[str]]:
        tier, shard = params["tier"], params["shard"]
        parts, positions, labels = self._shard(tier, shard)
        if len(labels) != len(positions):
            return {"positions": len(positions), "certified": 0}, [f"tier {tier} shard {shard}: {len(labels)} labels for {len(positions)} positions"]
        table = dict(zip(positions, labels))
        wanted: dict[tuple[int, int], list] = {}
        for r, part in parts:
            if part["sent"]:
                outbox = load_sections(Path(self.root) / "tiers" / str(tier) / str(shard) / str(r) / "out.pkl")
                for to in part["sent"]:
                    wanted.setdefault((to[0], to[1]), []).extend(outbox[part_name(to)])
        for (t, s), children in sorted(wanted.items()):
            _, held, found = self._shard(t, s)
            where = dict(zip(held, found))
            del held, found
            table.update((c, where[c]) for c in children if c in where)
        bad = self.labels.check(self.rules, table, positions, self.limits)
        return {"positions": len(positions), "certified": 0 if bad else len(positions)}, [f"tier {tier} shard {shard}: {b}" for b in bad]


@dataclass(frozen=True)
class CheckedTiers:
    """A stored tiered solve checked again: positions and shards checked, the tiers, and what failed."""

    positions: int
    shards: int
    tiers: int
    violations: tuple[str, ...]


def check_tiers(
    root: Path, rules: TurnRules, *, labels: TierLabels, jobs: int | None = None, scheduler: str | None = None,
    bar: Callable[[Campaign], contextlib.AbstractContextManager] | None = None,
) -> CheckedTiers:
    """Check the certificate of the tiered solve stored in ``root`` again, one task per shard, with ``rules``
    (refused when they are not the rules file of the solve as it was then; :func:`stored_rules` names it) and
    their kind's ``labels``.

    Notes
    -----
    Independent of the solve's answer files: each child's label is read from
    the ``labels.pkl`` of the shard that owns it, the rules are called again
    for every position. A task holds its shard and one child shard at a time.

    >>> import tempfile
    >>> from gamecert.verify.engine.tiers.solve import solve_tiers
    >>> from gamecert.verify.general.tiers import GENERAL
    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> from gamecert.solvers.turn.graph import Queries
    >>> walk = GeneralRules("walk", "walk.py", int, lambda n: [n - 1] if n else [], tier=lambda n: -n)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     _ = solve_tiers(walk, Queries((3,)), labels=GENERAL, shards=2, jobs=0, store=Path(d))
    ...     check_tiers(Path(d), walk, labels=GENERAL, jobs=0)
    CheckedTiers(positions=4, shards=4, tiers=4, violations=())
    """
    shown = shlex.quote(str(root))
    solve = recorded(root, rules)
    shards, tiers = [], set()
    for folder in sorted((root / "tiers").glob("*/*"), key=lambda p: (int(p.parent.name), int(p.name))):
        if not (folder / "labels.pkl").exists():
            raise StoreError(f"--tiers {shown}: the solve is not finished (tier {folder.parent.name} shard {folder.name} "
                             "has no labels); --resume it first")
        tiers.add(int(folder.parent.name))
        shards.append(Shard(f"{folder.parent.name}-{folder.name}", {"tier": int(folder.parent.name), "shard": int(folder.name)}))
    campaign = Campaign(f"check {root}", TierCheck(rules, str(root), Limits(), labels), tuple(shards), {"solve": solve["solve"]}, unit="positions")
    with bar(campaign) if bar is not None else contextlib.nullcontext() as update:
        result = run_campaign(campaign, jobs=jobs, scheduler=scheduler, progress=update)
    return CheckedTiers(result.totals.get("certified", 0), len(shards), len(tiers), tuple(result.counterexamples))
