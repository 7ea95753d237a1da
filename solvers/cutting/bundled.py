"""What the judge's answer depends on, for the two bundled rules, as plain values.

:mod:`gamecert.solvers.cutting.rules` builds :data:`~gamecert.solvers.cutting.rules.SPLIT` and
:data:`~gamecert.solvers.cutting.rules.CUTTING` with these fields, and
:mod:`gamecert.solvers.cutting.judge` answers a judge file from them without importing that
module: a frozen dataclass needs :mod:`dataclasses`, which imports :mod:`inspect` (with
``ast``, ``dis`` and ``tokenize``), about as long as the rest of the C path's whole run.

>>> JUDGE_FIELDS["split"]["judge_limit"], JUDGE_FIELDS["cutting"]["words"]
(150, ('WIN', 'LOSE'))
"""

#: Per bundled rule's name: its :class:`~gamecert.solvers.cutting.rules.CuttingRule` fields that fix a judge answer
#: (the normal-play form, the judge's largest side, the two answer words).
JUDGE_FIELDS = {
    "split": {"min_side": 1, "no_unit": True, "judge_limit": 150, "words": ("Alice", "Bob")},
    "cutting": {"min_side": 2, "no_unit": False, "judge_limit": 200, "words": ("WIN", "LOSE")},
}
