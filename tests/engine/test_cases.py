"""Every bundled case: the fast answer is the expected one, its certificate is
valid, and every independent formulation that fits agrees."""

from __future__ import annotations

import pytest

from gamecert.verify import registry
from gamecert.verify.engine.cases import default_cases_dir, find_cases, load_case
from gamecert.verify.engine.crosscheck import check_case

ROOT = default_cases_dir()
FILES = find_cases([ROOT])


def test_cases_are_bundled_for_every_game():
    found = {load_case(f, ROOT).game for f in FILES}
    assert "maze" in found
    assert found <= set(registry.game_names())


@pytest.mark.parametrize("path", FILES, ids=[f.relative_to(ROOT).with_suffix("").as_posix() for f in FILES])
def test_case(path):
    case = load_case(path, ROOT)
    assert case.source.startswith(("judge sample", "agreement")), "every case says where its answer came from"
    game = registry.get_game(case.game)
    report = check_case(game, case, game.parse(case.input, str(path), case.judge_limits))
    failures = [f"{v.formulation}: {v.status} {v.detail}" for v in report.verdicts if v.failed]
    assert failures == []
    assert report.verdicts[0].status == "ok"
