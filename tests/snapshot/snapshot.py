"""What the output snapshot records: every example and every case, the commands whose output is deterministic.

The snapshot is the behaviour a refactor must keep byte for byte (issue 34): for each rules file
in ``examples/``, ``solve --rules`` and ``solve --rules --json`` on a few lines its stress cases
drew once (the lines are stored, not drawn again); for each case in ``cases/``, ``solve`` (``--rules``
for a rules case) on its input. ``check``'s tables were recorded too while issue 34 was built (the
refactor kept them byte for byte); they are not any more: since each route is stopped at the time
limit and skipped by its predicted time (issue 36), which routes a table shows depends on the
machine's speed. Each case's agreement is asserted by ``tests/engine/test_cases.py``.
``python -m tests.snapshot.snapshot`` writes ``golden.json`` from the current code.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import tomllib
from pathlib import Path

from click.testing import CliRunner

from gamecert.verify.cli import main

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("golden.json")
def run(args: list[str], stdin: str | None = None) -> str:
    """``gamecert ARGS``'s exit code and output (stdout and stderr) under click's runner, in ``ROOT``."""
    result = CliRunner().invoke(main, args, input=stdin)
    return f"exit {result.exit_code}\n{result.output}"


def example_input(path: Path) -> str:
    """A few judge lines for the rules file at ``path``: its edge cases up to size 3, then random ones."""
    from gamecert.verify.capabilities import StressCases
    from gamecert.verify.rules.load import rules_game

    game = rules_game(str(path))
    cases = game.capability(StressCases)
    if cases is None:
        return ""
    texts = [text for _, text in list(cases.edge_cases(3))[:4]]
    rng = random.Random(1)
    texts += [cases.random_case(rng, size) for size in (2, 3)]
    texts = [t if t.endswith("\n") else t + "\n" for t in texts]
    if any(t.count("\n") > 1 for t in texts):  # a case of several lines is the whole input
        return next(t for t in texts if t.strip())
    return "".join(texts)


def commands() -> dict[str, tuple[list[str], str | None]]:
    """Each snapshot key's command line and standard input (inputs of examples from ``golden.json``)."""
    stored = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    out: dict[str, tuple[list[str], str | None]] = {}
    for path in sorted((ROOT / "examples").glob("*.py")):
        name = f"examples/{path.name}"
        text = stored.get(f"input {name}")
        if text is None:
            text = example_input(path)
        out[f"input {name}"] = ([], text)
        if text:
            out[f"solve {name}"] = (["solve", "--rules", name, "-"], text)
            out[f"solve --json {name}"] = (["solve", "--rules", name, "--json", "-"], text)
    for path in sorted((ROOT / "cases").glob("*/*.toml")):
        name = str(path.relative_to(ROOT))
        case = tomllib.loads(path.read_text())
        if "rules" in case:
            rules = str((path.parent / case["rules"]).relative_to(ROOT))
            out[f"solve {name}"] = (["solve", "--rules", rules, "-"], case["input"].lstrip("\n"))
        elif case.get("game") in ("maze", "bunny-egg", "geography", "split", "cutting", "octal"):
            out[f"solve {name}"] = (["solve", case["game"], "-"], case["input"].lstrip("\n"))
    return out


#: Outputs longer than this are recorded by their SHA-256 (a byte-exact comparison all the same).
LONG = 4000


def output(key: str, args: list[str], stdin: str | None) -> str:
    """What the snapshot records for one key."""
    if key.startswith("input "):
        return stdin or ""
    text = run(args, stdin)
    return text if len(text) <= LONG else "sha256 " + hashlib.sha256(text.encode()).hexdigest()


if __name__ == "__main__":
    import os
    import time

    os.chdir(ROOT)
    # --examples: draw the examples' inputs again and record only their keys
    only = "examples/" if sys.argv[1:] == ["--examples"] else ""
    if only:
        golden = {k: v for k, v in json.loads(GOLDEN.read_text()).items() if only not in k}
        GOLDEN.write_text(json.dumps(golden))
    else:
        golden = {}
    for key, (args, stdin) in commands().items():
        if key in golden:
            continue
        start = time.process_time()
        golden[key] = output(key, args, stdin)
        print(f"{time.process_time() - start:6.2f} {key}", file=sys.stderr, flush=True)
    GOLDEN.write_text(json.dumps(golden, indent=0, sort_keys=True) + "\n")
