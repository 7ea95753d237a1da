"""Short partizan games: canonical forms, their sums and comparison, stops, thermographs and cooling, and the
solver of rules files whose players have their own moves (``KIND = "partizan"``).

:mod:`.form` holds the hash-consed :class:`~.form.Form`; :mod:`.engine` the arithmetic of canonical forms;
:mod:`.notation` CGSuite's notation, written and read; :mod:`.solver` the solver of rules.
"""

from gamecert.solvers.partizan.form import Form, from_plain

__all__ = ["Form", "from_plain"]
