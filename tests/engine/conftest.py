"""Fixtures the engine tests share: the parity toy game of ``test_check`` (registered for one test)."""

from tests.engine.test_check import parity  # noqa: F401 (a fixture, found by name)
