"""Kernels that run compiled by numba, or as plain Python where that is quicker.

Each kernel is written once, in the subset of Python that numba compiles.
Compiling is fast at run time but costs every fresh process a fixed start-up
delay before the first compiled call (importing numba, loading its typing
registries); on small inputs the plain-Python run finishes sooner than that.
So a :class:`Kernel` sends each call either to the Python function or to its
numba dispatcher, built (and cached on disk) on first use:

* inside ``with python_kernels():`` calls run as plain Python;
* the environment variable ``GAMECERT_KERNELS=python`` or ``compiled``
  forces one mode for the whole process;
* otherwise they run compiled.

Compiled kernels that call other kernels stay compiled: numba types a
:class:`Kernel` as its dispatcher. numba itself is imported only when the
first compiled call happens.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import os
from collections.abc import Callable, Iterator

_PYTHON = contextvars.ContextVar("gamecert_python_kernels", default=False)
_registered = False
#: Every kernel defined, for :func:`compiled_signatures`.
_KERNELS: list[Kernel] = []

#: Set by the command line: answer numba's BLAS probe with "no" (see
#: :func:`_skip_blas_probe`). Library users keep numba untouched.
skip_blas_probe = False


def _forced() -> str:
    return os.environ.get("GAMECERT_KERNELS", "")


@contextlib.contextmanager
def python_kernels(enabled: bool = True) -> Iterator[None]:
    """Run kernels called in this block as plain Python (unless the environment forces a mode)."""
    token = _PYTHON.set(enabled)
    try:
        yield
    finally:
        _PYTHON.reset(token)


def running_python() -> bool:
    """Whether a kernel called now runs as plain Python."""
    forced = _forced()
    if forced in ("python", "compiled"):
        return forced == "python"
    return _PYTHON.get()


class Kernel:
    """A function numba can compile, called compiled or as plain Python."""

    def __init__(self, fn: Callable, options: dict) -> None:
        self.py_func = fn
        self.options = options
        self._dispatcher = None
        functools.update_wrapper(self, fn)
        _KERNELS.append(self)

    @property
    def dispatcher(self):
        if self._dispatcher is None:
            _register_with_numba()
            from numba import njit

            self._dispatcher = njit(cache=True, **self.options)(self.py_func)
        return self._dispatcher

    def __call__(self, *args):
        if running_python():
            return self.py_func(*args)
        return self.dispatcher(*args)


def compiled_signatures() -> int:
    """How many compiled versions of kernels this process holds (it grows as numba compiles or loads them).

    >>> compiled_signatures() >= 0
    True
    """
    return sum(len(k._dispatcher.signatures) for k in _KERNELS if k._dispatcher is not None)


def kernel(fn: Callable | None = None, **options):
    """Decorator: ``@kernel`` or ``@kernel(inline="always")`` (options go to ``numba.njit``)."""
    if fn is None:
        return lambda f: Kernel(f, options)
    return Kernel(fn, options)


def _register_with_numba() -> None:
    """Let numba type a Kernel met as a global inside compiled code as its dispatcher."""
    global _registered
    if _registered:
        return
    if skip_blas_probe:
        _skip_blas_probe()
    from numba.core import types
    from numba.extending import typeof_impl

    @typeof_impl.register(Kernel)
    def _typeof_kernel(value: Kernel, context) -> types.Type:
        return types.Dispatcher(value.dispatcher)

    _registered = True


def _skip_blas_probe() -> None:
    """Spare the process numba's probe for scipy's BLAS (an import of ``scipy.linalg``).

    When the first compiled kernel loads, ``numba.np.arraymath`` imports
    ``scipy.linalg`` only to learn whether ``np.dot`` can be compiled. No
    gamecert kernel uses BLAS, so the probe is answered "no" before it runs.
    """
    import sys

    if "numba.np.arraymath" in sys.modules:
        return
    try:
        import numba.np.linalg as linalg
    except ImportError:
        return

    def no_blas() -> None:
        raise ImportError("BLAS is not used by gamecert's kernels")

    linalg.ensure_blas = no_blas
