"""The build step pyproject.toml cannot say by itself: one small C extension, compiled at install.

``gamecert.solvers.cutting._sgtable`` (``solvers/cutting/_sgtable.c``, about 200 lines, no
dependency beyond Python's headers) fills the rectangle-cutting games' Sprague-Grundy tables
and answers a judge input whole, so ``gamecert solve split|cutting FILE`` at judge size never
loads numpy or numba. It is built with the machine's C compiler (the one pip already uses for
pyqbf). The extension is optional: without a compiler the install goes on without it
(setuptools says so in ``pip -v``'s output), and the tables are filled by numpy and numba instead (the same tables and
answers, only a slower start); the package stays installable wherever its dependencies are.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("gamecert.solvers.cutting._sgtable", ["solvers/cutting/_sgtable.c"], optional=True),
    ],
)
