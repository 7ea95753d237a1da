"""The ``gamecert`` console entry point: the judge's plainest call answered before the command loads.

``gamecert solve split FILE`` and ``gamecert solve cutting FILE`` on a well-formed
judge-size file are answered by :func:`gamecert.solvers.cutting.judge.judge_file`
(C, no numpy, no click): the interpreter's start-up and one C call instead of the
whole command's imports. Everything else, and every input that path leaves alone
(any error included), goes to :func:`gamecert.verify.cli.run`, which answers the
same bytes and words the errors.
"""

from __future__ import annotations

import os
import sys


def run() -> None:
    """Answer ``sys.argv`` (the ``gamecert`` command)."""
    try:
        from gamecert.solvers.cutting.judge import judge_file

        answer = judge_file(sys.argv[1:])
    except Exception:  # the C path's fault (out of memory, say): the command answers and words it
        answer = None
    if answer is None:
        from gamecert.verify.cli import run as command

        command()
        return
    try:
        sys.stdout.buffer.write(answer)
        sys.stdout.flush()
        code = 0
    except OSError:  # as the command's run(): a closed output is exit 1
        code = 1
    os._exit(code)
