"""Test-id hygiene, campaign projections, the C++ compile cache, the project's bytecode and numba's warm-up, for
the whole suite."""

from __future__ import annotations

import compileall
import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest


def pytest_make_parametrize_id(config, val, argname):
    """Long text parameters (whole judge inputs) get a short id.

    pytest puts the running test's id into the environment (``PYTEST_CURRENT_TEST``) of
    every subprocess a test starts; an id holding a 100 KB input exceeds the kernel's
    limit on one environment string, and the subprocess fails to start (E2BIG).
    """
    if isinstance(val, str) and len(val) > 60:
        head = val[:24].replace("\n", "/")
        return f"{head}...({len(val)} chars)"
    return None


@pytest.fixture
def fresh_registry():
    """Games registered by a test (``--rules``) are gone after it (a test module opts in with ``usefixtures``)."""
    from gamecert.verify import registry

    before = set(registry.game_names())
    yield
    for name in registry.game_names():
        if name not in before:
            registry.unregister(name)


@pytest.fixture(autouse=True)
def _machine_as_measured(monkeypatch):
    """Campaign projections at the measuring machine's speed (scale 1.0), so size lines are exact."""
    from gamecert.verify.engine import sizes

    monkeypatch.setattr(sizes, "machine_scale", lambda: 1.0)


@pytest.fixture(scope="session", autouse=True)
def _compile_cache(tmp_path_factory):
    """One C++ compile cache for the whole session, shared by the xdist workers (tests/cxx_cache.py): the
    validators, interactors and submissions several tests and packages compile are built once."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the session's folder, above each worker's popen-gwN
    os.environ["GAMECERT_TEST_CXX_CACHE"] = str(root / "cxx-cache")


#: The folders of the project's own Python modules, compiled to bytecode before the workers start.
COMPILED = ("verify", "solvers", "examples", "tests", "benchmarks")


def pytest_configure(config):
    """In the session's controller: the project compiled to bytecode once (:data:`COMPILED`); then, with workers
    only (``-n 0`` runs the tests where they are), numba's kernels compiled once per session in the background
    (``tests/warm_kernels.py``) as the workers start: they load them from numba's disk cache instead of each
    compiling them again (a fresh checkout has none)."""
    if hasattr(config, "workerinput"):
        return
    # The environment may forbid writing bytecode (PYTHONDONTWRITEBYTECODE: the CI machine sets it); then every
    # interpreter the suite starts (the workers, the CLI and Dask processes, each rules file loaded) compiles from
    # source every module it imports: the two workers' collection alone took 12 s each instead of 8. compileall writes
    # regardless, into each folder's __pycache__ (ignored by git), and skips a module whose bytecode is current.
    root = Path(__file__).resolve().parent.parent
    for folder in COMPILED:
        compileall.compile_dir(root / folder, quiet=2)
    if not getattr(config.option, "numprocesses", None):
        return
    config._warm_kernels = subprocess.Popen(
        [sys.executable, "-m", "tests.warm_kernels"], cwd=Path(__file__).resolve().parent.parent,
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def pytest_unconfigure(config):
    """The warm-up ends with the session (what it compiled so far stays in the cache)."""
    warm = getattr(config, "_warm_kernels", None)
    if warm is not None:
        if warm.poll() is None:
            warm.kill()
        warm.wait()


#: The longest tests (a Kattis verifyproblem run each, or a Dask campaign killed mid-run): run first, so
#: that the two workers share out the short ones at the end and finish together. None of them uses a
#: module-scoped fixture that moving it would build twice, except the rules problems (under a second).
LONGEST = (
    "test_small_package_passes_verifyproblem",
    "test_verifyproblem_accepts_the_reference_and_catches_a_wrong_program",
    "test_the_reference_agrees_with_every_certified_answer",
    "test_cli_verify_fails_when_a_submission_lands_outside_its_category",
    "test_worker_sigkilled_mid_run_on_an_existing_cluster_gives_the_local_counts",
    "test_client_sigkilled_mid_campaign_resumes_from_the_store_with_identical_counts",
)


def pytest_collection_modifyitems(items):
    """The longest tests first (the order within each part unchanged)."""
    items.sort(key=lambda item: getattr(item, "originalname", item.name) not in LONGEST)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """At the end of each test module, once the module's garbage is collected, the objects still alive are moved
    out of the cyclic garbage collector's reach (``gc.freeze``): a test process holds every module it imported and
    every test it collected, and each full collection during a later test would walk all of them again. Frozen
    objects are still freed when their last reference goes."""
    yield
    if nextitem is None or getattr(nextitem, "module", None) is not getattr(item, "module", None):
        gc.collect()
        gc.freeze()
