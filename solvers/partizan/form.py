"""The game form: an immutable, hash-consed short partizan game ``{left | right}``.

A :class:`Form` is built once per distinct pair of option sets: two forms with
the same Left options and the same Right options are the same object, so a
form is compared and hashed by identity and keyed by its integer :attr:`~Form.id`.
For canonical forms (what :mod:`gamecert.solvers.partizan.engine` returns)
identity is equality of games. A form records, from its options, whether it is
the canonical form of a number (:attr:`~Form.number`) and its Left and Right
stops; :meth:`Form.plain` gives it as plain nested tuples, the only thing a
certificate reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any

#: Every form built, by ``(left ids, right ids)``: one object per distinct form.
_TABLE: dict[tuple[tuple[int, ...], tuple[int, ...]], Form] = {}
#: Forms in order of creation: ``FORMS[i].id == i``.
FORMS: list[Form] = []

#: Dyadic rationals with numerators below this are exact as floats.
_EXACT = 1 << 53
#: Plain data of every form asked for it, by id.
_PLAIN: dict[int, tuple] = {}
#: Plain data of a form: ``(lefts, rights)``, each a tuple of plain forms.
Plain = tuple


class Form:
    """A short partizan game form ``{left | right}``: hash-consed, immutable, compared by identity.

    ``left`` and ``right`` are tuples of forms in the order of their ids (a
    set of options, written once). ``number`` is the dyadic rational this form
    is the canonical form of (``None`` otherwise); ``canonical`` is set once
    the form is known to be canonical (a number's form, or what the engine
    returns); ``lstop`` and ``rstop`` are its Left and Right stops, read from
    the options' stops, which are the game's stops when the form is canonical
    (``None`` where a side is empty and the form is no integer). Build forms
    with :meth:`of` (any options) or the engine (canonical ones).

    >>> zero = Form.of((), ())
    >>> one = Form.of((zero,), ())
    >>> one.number, one.plain(), Form.of([zero], []) is one
    (Fraction(1, 1), ((((), ()),), ()), True)
    """

    __slots__ = ("__weakref__", "bounded", "canonical", "fl", "fr", "id", "left", "lstop", "number", "right", "rstop")

    left: tuple[Form, ...]
    right: tuple[Form, ...]
    id: int
    number: Fraction | None
    canonical: bool
    lstop: Fraction | None
    rstop: Fraction | None
    #: Set on a form whose options are all canonical (the engine sets it on the forms it reduces): its ``lstop``
    #: is then a lower bound of its Left stop and its ``rstop`` an upper bound of its Right stop (Ls(G) >= Rs(G^L)
    #: and Rs(G) <= Ls(G^R) for every game, a number or not), which the comparisons read.
    bounded: bool
    #: The stops as floats where both are exact as floats (numerators below 2**53), else None: the fast
    #: comparisons read these.
    fl: float | None
    fr: float | None

    def __init__(self) -> None:  # pragma: no cover - forms are made by Form.of
        raise TypeError("build forms with Form.of(left, right)")

    @staticmethod
    def of(left: Iterable[Form], right: Iterable[Form]) -> Form:
        """The one form with these Left and Right options (duplicates count once)."""
        ls = tuple(sorted(set(left), key=_key))
        rs = tuple(sorted(set(right), key=_key))
        return make(ls, rs)

    def plain(self) -> Plain:
        """This form as plain nested tuples ``(lefts, rights)``, no engine types (shared subforms are shared tuples).

        Built bottom-up over an explicit stack, so deep forms never reach Python's recursion limit; every
        form's tuple is kept, so a table of forms costs one tuple per distinct form.
        """
        return bottom_up(self, _PLAIN, _plain_of)

    @property
    def is_number(self) -> bool:
        """This is the canonical form of a number."""
        return self.number is not None

    def __repr__(self) -> str:
        if self.number is not None:
            return f"Form({self.number})"
        ids = (",".join(f"#{o.id}" for o in side) for side in (self.left, self.right))
        return f"Form#{self.id}{{{'|'.join(ids)}}}"

    def __reduce__(self):  # pickled as its plain data, rebuilt (and hash-consed) on loading
        return (from_plain, (self.plain(),))


def _key(form: Form) -> int:
    return form.id


def _plain_of(form: Form) -> tuple:
    return tuple([_PLAIN[o.id] for o in form.left]), tuple([_PLAIN[o.id] for o in form.right])


def _options_of(form: Form) -> tuple[Form, ...]:
    return form.left + form.right


def bottom_up(
    root: Form,
    done: dict[int, Any],
    value: Callable[[Form], Any],
    below: Callable[[Form], Iterable[Form]] = _options_of,
) -> Any:
    """``done[root.id]``, filling ``done[f.id] = value(f)`` for ``root`` and the forms below it, each after the
    forms ``below(f)`` (by default its options) are done: a post-order walk over an explicit stack, so deep
    forms never reach Python's recursion limit.

    >>> zero = Form.of((), ())
    >>> bottom_up(Form.of([zero], [Form.of([zero], [])]), {}, lambda f: len(f.left) + len(f.right))
    2
    """
    stack = [root]
    while stack:
        form = stack[-1]
        if form.id in done:
            stack.pop()
            continue
        missing = [o for o in below(form) if o.id not in done]
        if missing:
            stack.extend(missing)
            continue
        stack.pop()
        done[form.id] = value(form)
    return done[root.id]


def make(left: tuple[Form, ...], right: tuple[Form, ...], key: tuple | None = None) -> Form:
    """The one form with options ``left`` and ``right``, each already sorted by id without repeats (``key``: their
    ids, ``(left ids, right ids)``, when the caller has them)."""
    if key is None:
        key = (tuple([o.id for o in left]), tuple([o.id for o in right]))
    form = _TABLE.get(key)
    if form is not None:
        return form
    form = object.__new__(Form)
    form.left, form.right, form.id = left, right, len(FORMS)
    form.number = x = _number(left, right) if len(left) < 2 and len(right) < 2 else None
    form.canonical = x is not None
    form.bounded = False
    form.lstop = form.rstop = form.fl = form.fr = None
    if x is not None:
        form.lstop = form.rstop = x
        if abs(x.numerator) < _EXACT:
            form.fl = form.fr = float(x)
    elif left and right:
        # Ls = max Rs(left options), Rs = min Ls(right options): the option that gives each, by float when
        # every option's stops are exact floats.
        if all(o.fl is not None for o in left) and all(o.fl is not None for o in right):
            a = max(left, key=_right_float)
            b = min(right, key=_left_float)
            form.lstop, form.rstop, form.fl, form.fr = a.rstop, b.lstop, a.fr, b.fl
        elif all(o.lstop is not None for o in left) and all(o.lstop is not None for o in right):
            form.lstop = max(o.rstop for o in left)
            form.rstop = min(o.lstop for o in right)
    _TABLE[key] = form
    FORMS.append(form)
    return form


def _right_float(form: Form) -> float:
    return form.fr


def _left_float(form: Form) -> float:
    return form.fl


def _number(left: tuple[Form, ...], right: tuple[Form, ...]) -> Fraction | None:
    """The number whose canonical form is ``{left | right}``, else None.

    Canonical numbers: ``0 = {|}``; ``n+1 = {n|}`` and ``-n-1 = {|-n}`` for
    integers ``n >= 0``; ``m/2^k = {(m-1)/2^k | (m+1)/2^k}`` for odd ``m``, ``k >= 1``.
    """
    if len(left) > 1 or len(right) > 1:
        return None
    a = left[0].number if left else None
    b = right[0].number if right else None
    if left and a is None or right and b is None:
        return None
    if a is None and b is None:
        return Fraction(0)
    if b is None:
        return a + 1 if a.denominator == 1 and a >= 0 else None
    if a is None:
        return b - 1 if b.denominator == 1 and b <= 0 else None
    if a >= b:
        return None
    mid = (a + b) / 2
    d = mid.denominator
    return mid if d > 1 and b - a == Fraction(2, d) else None


def from_plain(data: Plain) -> Form:
    """The form of plain nested tuples ``(lefts, rights)`` (what :meth:`Form.plain` gives), over an explicit stack.

    >>> from_plain(((((), ()),), ())).number
    Fraction(1, 1)
    """
    done: dict[int, Form] = {}
    stack = [data]
    while stack:
        node = stack[-1]
        if id(node) in done:
            stack.pop()
            continue
        if not (isinstance(node, tuple) and len(node) == 2 and all(isinstance(s, tuple) for s in node)):
            raise ValueError(f"expected (lefts, rights) tuples, got {node!r:.60}")
        missing = [o for o in node[0] + node[1] if id(o) not in done]
        if missing:
            stack.extend(missing)
            continue
        stack.pop()
        done[id(node)] = Form.of([done[id(o)] for o in node[0]], [done[id(o)] for o in node[1]])
    return done[id(data)]
