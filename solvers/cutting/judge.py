"""The judge's plainest task answered at C speed: one well-formed input file in, the judge output out.

Nothing here imports numpy, numba or the command line: the console entry point
(:mod:`gamecert.verify.launch`) asks :func:`judge_answer` first, and only when it
returns ``None`` loads the whole ``gamecert`` command, whose parser words every error.
"""

from __future__ import annotations

from gamecert.solvers.cutting.bundled import JUDGE_FIELDS

try:  # built at install from _sgtable.c; a machine without a C compiler installs without it
    import gamecert.solvers.cutting._sgtable as _sgtable
except ImportError:
    _sgtable = None

#: Larger inputs take the full path, whose memory guard weighs them (the judges' largest files are
#: about 320 KB; the parser's scan of 512 KiB needs 12 MiB, within the guard's default wherever
#: the machine or the process's cgroup allows 96 MiB).
MAX_INPUT = 1 << 19


def judge_answer(data: bytes, rule: str) -> bytes | None:
    """Answer judge input ``data`` of the bundled rule named ``rule`` (the registry's games ``split`` and
    ``cutting``) within the judge's limits, or ``None`` to leave it to the parser.

    Notes
    -----
    One pass over the bytes in C reads the sides, one Sprague–Grundy table up to
    the largest side gives every answer (the algorithm of
    :func:`~gamecert.solvers.cutting.solver.grundy_table`): ``O(len(data) + S^3)``.
    ``None`` unless the input is plainly well-formed (ASCII digits, spaces, tabs
    and newlines only, an even number of sides, each within the judge's limits,
    no ``1 x 1`` where the rule forbids it) and the C extension is built;
    on what it answers, the answer is byte for byte ``gamecert solve``'s.

    Examples
    --------
    >>> judge_answer(b"1 2\\n1 6\\n4 3\\n3 5\\n", "split") in (b"Bob\\nAlice\\nAlice\\nBob\\n", None)
    True
    >>> judge_answer(b"1 1\\n", "split") is None
    True
    """
    if _sgtable is None or len(data) > MAX_INPUT:
        return None
    fields = JUDGE_FIELDS[rule]
    win, lose = (word.encode() for word in fields["words"])
    return _sgtable.answer(data, fields["min_side"], fields["no_unit"], fields["judge_limit"], win, lose)


def judge_file(args: list[str]) -> bytes | None:
    """The answer of ``gamecert solve GAME FILE`` for a bundled cutting game, or ``None`` for the full command.

    Only exactly these three words with a named file (not ``-``, no options) are
    answered here, and only when :func:`judge_answer` answers; an unreadable
    file is left to the command, which says why.

    >>> judge_file(["solve", "split", "--json", "x.txt"]) is None
    True
    """
    if len(args) != 3 or args[0] != "solve" or args[1] not in JUDGE_FIELDS or args[2].startswith("-"):
        return None
    try:
        with open(args[2], "rb") as f:
            data = f.read(MAX_INPUT + 1)
    except OSError:
        return None
    return judge_answer(data, args[1])
