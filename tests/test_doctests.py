"""Every docstring example of the installed modules runs and gives what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import gamecert.solvers
import gamecert.verify


def _modules() -> list[str]:
    names = []
    for package in (gamecert.solvers, gamecert.verify):
        names.append(package.__name__)
        names += [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
    return sorted(names)


MODULES = _modules()


def test_every_module_is_found():
    assert len(MODULES) > 60
    assert "gamecert.solvers.matching.gallai_edmonds" in MODULES and "gamecert.verify.cli.solve" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
