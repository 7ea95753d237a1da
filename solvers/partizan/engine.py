"""The arithmetic of canonical forms: canonical form, sum, negative, comparison, outcome, and the forms of
numbers, nimbers and ups.

Every operation runs over an explicit stack: a recursive step is a generator
that yields the sub-steps it needs, and :func:`drive` runs them, so a game of
any depth stays within Python's recursion limit. Every result is memoized by
form ids, for the life of the process (forms are hash-consed and never freed).
"""

from __future__ import annotations

import math
import operator
from collections.abc import Generator, Iterable
from fractions import Fraction

from gamecert.solvers.partizan.form import FORMS, Form, bottom_up, make

#: ``le`` results by ``(g.id << 32) | h.id``.
_LE: dict[int, bool] = {}
#: Sums by ``(min id << 32) | max id``.
_ADD: dict[int, Form] = {}
#: Negatives by id.
_NEG: dict[int, Form] = {}
#: The canonical form of ``{left | right}`` by ``(left ids, right ids)`` (sorted, distinct, canonical options).
_CANON: dict[tuple[tuple[int, ...], tuple[int, ...]], Form] = {}
#: Canonical forms of numbers.
_NUMBERS: dict[Fraction, Form] = {}
#: ``(number, ups, nimber)`` of the canonical forms known to be ``x + n.^ + *k``, by id.
NUS: dict[int, tuple[Fraction, int, int]] = {}
_NUS_FORMS: dict[tuple[Fraction, int, int], Form] = {}
#: What :func:`as_nus` found for each form it examined: ``(x, n, k)`` or None.
_NUS_SEEN: dict[int, tuple[Fraction, int, int] | None] = {}

Task = Generator  # a step of the computation: yields sub-steps, returns its result


def drive(task: Task):
    """Run ``task`` and every step it yields over one explicit stack; its result.

    >>> def task():
    ...     x = yield sub()
    ...     return x + 1
    >>> def sub():
    ...     return 41
    ...     yield
    >>> drive(task())
    42
    """
    stack = [task]
    value = None
    while True:
        try:
            sub = stack[-1].send(value)
        except StopIteration as stop:
            stack.pop()
            if not stack:
                return stop.value
            value = stop.value
            continue
        stack.append(sub)
        value = None


# -- numbers ------------------------------------------------------------------------------


def number(x: Fraction | int) -> Form:
    """The canonical form of the dyadic rational ``x``.

    >>> number(Fraction(3, 4)).plain() == ((number(Fraction(1, 2)).plain(),), (number(1).plain(),))
    True
    """
    x = Fraction(x)
    form = _NUMBERS.get(x)
    if form is not None:
        return form
    d = x.denominator
    if d & (d - 1):
        raise ValueError(f"{x} is not a dyadic rational")
    # Build the missing forms from the simplest up: an integer from its neighbour towards 0,
    # m/2^k from (m-1)/2^k and (m+1)/2^k, which have smaller denominators.
    stack = [x]
    while stack:
        y = stack[-1]
        if y in _NUMBERS:
            stack.pop()
            continue
        if y.denominator == 1:
            near = [y - 1] if y > 0 else [y + 1] if y < 0 else []
        else:
            step = Fraction(1, y.denominator)
            near = [y - step, y + step]
        missing = [z for z in near if z not in _NUMBERS]
        if missing:
            stack.extend(missing)
            continue
        stack.pop()
        if y.denominator == 1:
            left = (_NUMBERS[y - 1],) if y > 0 else ()
            right = (_NUMBERS[y + 1],) if y < 0 else ()
        else:
            step = Fraction(1, y.denominator)
            left, right = (_NUMBERS[y - step],), (_NUMBERS[y + step],)
        form = make(left, right)
        form.canonical = True
        _NUMBERS[y] = form
        NUS[form.id] = (y, 0, 0)
    return _NUMBERS[x]


def simplest(a: Fraction | None, b: Fraction | None) -> Fraction:
    """The simplest number strictly between ``a`` and ``b`` (``None``: no bound on that side; needs ``a < b``).

    >>> simplest(Fraction(1, 4), Fraction(1)), simplest(None, Fraction(-3, 2)), simplest(Fraction(-1), None)
    (Fraction(1, 2), Fraction(-2, 1), Fraction(0, 1))
    """
    if a is None and b is None:
        return Fraction(0)
    if a is None:
        return Fraction(0) if b > 0 else Fraction(-((-b) // 1) - 1)
    if b is None:
        return Fraction(0) if a < 0 else Fraction(a // 1 + 1)
    if a < 0 < b:
        return Fraction(0)
    if a >= 0:
        n = a // 1 + 1
        if n < b:
            return Fraction(n)
    else:
        n = -((-b) // 1) - 1
        if n > a:
            return Fraction(n)
    k = 1
    while True:
        scale = 1 << k
        m = (a * scale) // 1 + 1
        if Fraction(m, scale) < b:
            return Fraction(m, scale)
        k += 1


ZERO = number(0)


# -- comparison ---------------------------------------------------------------------------


def _le_fast(g: Form, h: Form) -> bool | None:
    """``g <= h`` when known without looking at options: memo, identity, numbers, stops; else None."""
    if g is h:
        return True
    r = _LE.get((g.id << 32) | h.id)
    if r is not None:
        return r
    if g.canonical and h.canonical:
        a, b, c, d = g.fl, g.fr, h.fl, h.fr
        if a is None or c is None:
            a, b, c, d = g.lstop, g.rstop, h.lstop, h.rstop
        if g.number is not None and h.number is not None:
            return a <= c
        # Stops are monotone (g <= h gives Ls(g) <= Ls(h), Rs(g) <= Rs(h)), and Ls(g) < Rs(h) gives g < h.
        if a > c or b > d:
            return False
        if a < d:
            return True
    elif g.canonical:
        # h's options are canonical: Rs(h) <= h.fr, so Rs(g) > h.fr refutes g <= h.
        if h.bounded and g.fr is not None and h.fr is not None and g.fr > h.fr:
            return False
    elif g.bounded and h.canonical and g.fl is not None and h.fl is not None and g.fl > h.fl:
        return False  # Ls(g) >= g.fl > Ls(h)
    return None


def _le_task(g: Form, h: Form) -> Task:
    """``g <= h``: no Left option of ``g`` is ``>= h`` and no Right option of ``h`` is ``<= g``."""
    result = True
    for gl in g.left:
        r = _le_fast(h, gl)
        if r is None:
            r = yield _le_task(h, gl)
        if r:
            result = False
            break
    else:
        for hr in h.right:
            r = _le_fast(hr, g)
            if r is None:
                r = yield _le_task(hr, g)
            if r:
                result = False
                break
    _LE[(g.id << 32) | h.id] = result
    return result


def le(g: Form, h: Form) -> bool:
    """Whether ``g <= h``: Left, playing second, wins ``h - g``.

    Notes
    -----
    Conway's test: ``g <= h`` unless some ``g^L >= h`` or some ``h^R <= g``
    (*On Numbers and Games*, ch. 1), run over an explicit stack and memoized
    by the pair of ids. Canonical forms are first compared by their stops
    (``g <= h`` needs ``Ls(g) <= Ls(h)`` and ``Rs(g) <= Rs(h)``, and
    ``Ls(g) < Rs(h)`` gives it), numbers by value. Each pair is decided once:
    time at most the product of the numbers of subforms, usually far less.

    >>> star = canonical([ZERO], [ZERO])
    >>> le(ZERO, star), le(star, ZERO), le(ZERO, number(1))
    (False, False, True)
    """
    r = _le_fast(g, h)
    return r if r is not None else drive(_le_task(g, h))


def equal(g: Form, h: Form) -> bool:
    """Whether ``g`` and ``h`` are equal games (for canonical forms: the same object).

    >>> equal(Form.of([ZERO], [number(2)]), number(1))
    True
    """
    if g.canonical and h.canonical:
        return g is h
    return le(g, h) and le(h, g)


def outcome(g: Form) -> str:
    """The outcome class of ``g``: ``"L"`` (Left wins whoever starts), ``"R"``, ``"N"`` (the first player wins)
    or ``"P"`` (the second player wins).

    >>> outcome(number(1)), outcome(canonical([ZERO], [ZERO])), outcome(ZERO), outcome(number(-1))
    ('L', 'N', 'P', 'R')
    """
    nonneg, nonpos = le(ZERO, g), le(g, ZERO)
    return "P" if nonneg and nonpos else "L" if nonneg else "R" if nonpos else "N"


# -- canonical form -----------------------------------------------------------------------


def _unique(forms: Iterable[Form]) -> list[Form]:
    return sorted(set(forms), key=_BY_ID)


_BY_ID = operator.attrgetter("id")


def _le(g: Form, h: Form) -> bool:
    """``g <= h``: the fast test, else Conway's, its first level here and deeper ones over their own stack."""
    r = _le_fast(g, h)
    if r is not None:
        return r
    # g <= h unless some left option of g is >= h or some right option of h is <= g
    result = True
    pairs = [(h, gl) for gl in g.left]
    pairs += [(hr, g) for hr in h.right]
    for a, b in pairs:
        r = _le_fast(a, b)
        if r is None:
            r = drive(_le_task(a, b))
        if r:
            result = False
            break
    _LE[(g.id << 32) | h.id] = result
    return result


def _from_numbers(ls: list[Form], rs: list[Form]) -> Form:
    """The canonical form of ``{ls | rs}`` whose options are all numbers: a number, or a switch ``{a | b}``."""
    a = max(o.number for o in ls) if ls else None
    b = min(o.number for o in rs) if rs else None
    if a is None or b is None or a < b:
        return number(simplest(a, b))
    done = make((number(a),), (number(b),))  # {a | b}, a >= b: no option dominated, none reversible
    done.canonical = True
    return done


def _canonical(lefts: Iterable[Form], rights: Iterable[Form]) -> Form:
    """The canonical form of ``{lefts | rights}``, whose options are canonical.

    Memoized by the ids of the distinct options (:data:`_CANON`), so the raw form itself is only built when it
    must be reduced.
    """
    key = (_ids(lefts), _ids(rights))
    done = _CANON.get(key)
    if done is not None:
        return done
    ls = [FORMS[i] for i in key[0]]
    rs = [FORMS[i] for i in key[1]]
    for o in ls:
        if o.number is None:
            break
    else:
        for o in rs:
            if o.number is None:
                break
        else:
            done = _CANON[key] = _from_numbers(ls, rs)
            return done
    done = _number_form(ls, rs)
    done = _CANON[key] = _reduce(ls, rs, key) if done is None else done
    return done


def _number_form(ls: list[Form], rs: list[Form]) -> Form | None:
    """The canonical form of ``G = {ls | rs}`` when it is a number (options canonical, not all numbers), or None
    when ``G`` is no number.

    By the simplicity theorem ``G`` is the simplest number ``x`` with every ``G^L`` ⧏ ``x`` ⧏ every ``G^R`` when
    there is one, and no number when there is none (``G = x`` gives ``G^L`` ⧏ ``G`` ⧏ ``G^R``). For a number
    ``x``, ``H`` ⧏ ``x`` holds when ``Rs(H) < x`` and fails when ``Rs(H) > x`` (``x`` ⧏ ``K`` likewise by
    ``Ls(K)``), so those ``x`` fill the interval from ``a = max Rs(G^L)`` to ``b = min Ls(G^R)``, each end
    in it or not by comparing it with the options whose stop it is. Stops are read as floats where all are
    exact, else as fractions.
    """
    exact = any(o.fr is None for o in ls) or any(o.fl is None for o in rs)
    if exact:
        a = max(o.rstop for o in ls) if ls else None
        b = min(o.lstop for o in rs) if rs else None
    else:
        a = b = None
        for o in ls:
            if a is None or o.fr > a:
                a = o.fr
        for o in rs:
            if b is None or o.fl < b:
                b = o.fl
    if a is not None and b is not None:
        if a > b:
            return None
        if a == b:
            return _number_at(a, exact) if _number_in(a, ls, rs, exact) else None
    x = simplest(a, b) if exact else _simplest_float(a, b)
    born = _number_birthday(x)
    for end in (a, b):
        if end is not None and _number_birthday(end) < born and _number_in(end, ls, rs, exact):
            x, born = end, _number_birthday(end)
    return _number_at(x, exact)


#: Canonical forms of numbers by their value as a float (exact: numerators below 2**53).
_FLOAT_NUMBERS: dict[float, Form] = {}


def _number_at(x: Fraction | float, exact: bool) -> Form:
    """:func:`number` of a fraction (``exact``) or of an exact float."""
    if exact:
        return number(x)
    form = _FLOAT_NUMBERS.get(x)
    if form is None:
        form = _FLOAT_NUMBERS[x] = number(Fraction(x))
    return form


def _number_in(x: Fraction | float, ls: list[Form], rs: list[Form], exact: bool) -> bool:
    """Whether every ``G^L`` ⧏ ``x`` ⧏ every ``G^R`` for the number ``x`` between the options' stops (read as
    fractions when ``exact``, else as floats)."""
    nx = None
    for o in ls:
        if (o.rstop if exact else o.fr) == x:
            nx = nx or _number_at(x, exact)
            if _le(nx, o):
                return False
    for o in rs:
        if (o.lstop if exact else o.fl) == x:
            nx = nx or _number_at(x, exact)
            if _le(o, nx):
                return False
    return True


def _number_birthday(x: Fraction | float) -> int:
    """The birthday of the dyadic ``x``: ``|x|`` for an integer, ``floor(|x|) + 1 + k`` for ``m/2^k`` (odd ``m``)."""
    n, d = x.as_integer_ratio()
    return abs(n) if d == 1 else abs(n) // d + d.bit_length()


def _simplest_float(a: float | None, b: float | None) -> float:
    """:func:`simplest` for exact floats (dyadic, so every step below is exact)."""
    if a is None:
        return 0.0 if b is None or b > 0 else float(math.ceil(b) - 1)
    if b is None:
        return 0.0 if a < 0 else float(math.floor(a) + 1)
    if a < 0 < b:
        return 0.0
    if a >= 0:
        n = math.floor(a) + 1
        if n < b:
            return float(n)
    else:
        n = math.ceil(b) - 1
        if n > a:
            return float(n)
    scale = 2.0
    while True:
        m = (math.floor(a * scale) + 1) / scale
        if m < b:
            return m
        scale *= 2.0


def _ids(options: Iterable[Form]) -> tuple[int, ...]:
    """The distinct ids of ``options``, in increasing order (most sides have one or two options)."""
    if type(options) is list:
        n = len(options)
        if n == 1:
            return (options[0].id,)
        if n == 2:
            x, y = options[0].id, options[1].id
            return (x, y) if x < y else (y, x) if y < x else (x,)
    return tuple(sorted({o.id for o in options}))


def _reduce(ls: list[Form], rs: list[Form], key: tuple) -> Form:
    """The canonical form of ``G = {ls | rs}``: dominated options removed, reversible ones bypassed.

    Neither step changes the value of ``G``, and whether an option reverses depends on that value alone
    (``a^R <= G``), so each option is tested once, against one form of ``G`` (its comparisons memoized),
    and an option brought in by a bypass is tested in turn; dominated options go before and after.
    """
    n, m = len(ls), len(rs)
    if n > 1:
        ls = _maximal(ls, True)
    if m > 1:
        rs = _maximal(rs, False)
    if len(ls) != n or len(rs) != m:
        # Other sets of options lose their dominated ones to the same: the canonical form may be known by these.
        key = (tuple([o.id for o in ls]), tuple([o.id for o in rs]))
        done = _CANON.get(key)
        if done is not None:
            return done
    g = make(tuple(ls), tuple(rs), key)
    if not g.canonical:
        g.bounded = True
        new_ls = _bypassed(ls, g, True)
        new_rs = _bypassed(rs, g, False)
        if new_ls is not ls or new_rs is not rs:
            if new_ls is not ls:
                ls = _unique(new_ls)
                if len(ls) > 1:
                    ls = _maximal(ls, True)
            if new_rs is not rs:
                rs = _unique(new_rs)
                if len(rs) > 1:
                    rs = _maximal(rs, False)
            g = make(tuple(ls), tuple(rs))
        g.canonical = True
    _CANON[key] = g
    if g.lstop is None or g.number is None and (not g.left or not g.right):
        raise AssertionError("a canonical form with an empty side must be an integer")
    return g


def _bypassed(options: list[Form], g: Form, left: bool) -> list[Form]:
    """``options`` (Left's when ``left``) with each reversible one replaced by its bypass, and the options so
    brought in likewise; the same list when none is reversible. Left's ``a`` reverses through an ``a^R <= g``
    and is replaced by that ``a^R``'s Left options; Right's ``b`` through a ``b^L >= g``, replaced by its Right
    options (birthdays fall, so this ends)."""
    out: list[Form] = []
    changed = False
    # A reversing a^R <= g needs Rs(a^R) <= Rs(g) <= min Ls(g^R) (g's right stop as read from its options, which
    # bounds the true one even when g is a number), and a b^L >= g needs Ls(b^L) >= max Rs(g^L): most fail here.
    bound = (g.fr if left else g.fl) if g.fl is not None else None
    work = list(options)
    while work:
        a = work.pop()
        for back in (a.right if left else a.left):
            if bound is not None and back.fl is not None and (back.fr > bound if left else back.fl < bound):
                continue
            if _le(back, g) if left else _le(g, back):
                work.extend(back.left if left else back.right)
                changed = True
                break
        else:
            out.append(a)
    return out if changed else options


def _maximal(options: list[Form], left: bool) -> list[Form]:
    """The options not dominated by another: for Left the maximal ones, for Right the minimal ones (options
    canonical, distinct, so no two are equal)."""
    get = _LE.get
    kept = []
    for a in options:
        for b in options:
            if a is b:
                continue
            lo, hi = (a, b) if left else (b, a)
            # Stops are monotone (lo <= hi needs Ls(lo) <= Ls(hi), Rs(lo) <= Rs(hi)), Ls(lo) < Rs(hi) gives lo < hi:
            # most pairs are decided here, before any call.
            x, y = lo.fl, hi.fl
            if x is not None and y is not None:
                if x > y or lo.fr > hi.fr:
                    continue
                if x < hi.fr:
                    break
            r = get((lo.id << 32) | hi.id)
            if r is None:
                r = _le(lo, hi)
            if r:
                break
        else:
            kept.append(a)
    return kept


def canonical(lefts: Iterable[Form], rights: Iterable[Form]) -> Form:
    """The canonical form of ``{lefts | rights}``, whose options are canonical forms.

    Notes
    -----
    Dominated options are removed (a Left option ``<=`` another, a Right
    option ``>=`` another) and reversible ones bypassed (Left's ``a`` with
    some ``a^R <= G`` is replaced by the Left options of that ``a^R``;
    Right's symmetrically) until none is left: the result is the unique
    simplest form equal to ``G`` (Conway, *On Numbers and Games*, ch. 10;
    Siegel, *Combinatorial Game Theory*, II.2). Options that are all
    numbers give a number (the simplest between them) or a switch
    ``{a | b}`` at once; otherwise a game that is a number is found from
    its options' stops before any reduction (the simplicity theorem: the
    simplest ``x`` with every ``G^L`` ⧏ ``x`` ⧏ every ``G^R``, ONAG ch. 2).
    Each comparison is memoized (:func:`le`); results are memoized by the
    ids of the options, and again by the options left once dominated ones
    go, so a set of options met again costs one lookup.

    >>> canonical([number(1)], [number(2)]) is number(Fraction(3, 2)), canonical([ZERO], [number(2)]) is number(1)
    (True, True)
    """
    return _canonical(lefts, rights)


def canonical_of(form: Form) -> Form:
    """The canonical form of any ``form`` (options canonicalized first, bottom-up over an explicit stack).

    >>> canonical_of(Form.of([Form.of([], [])], [Form.of([Form.of([], [])], [])])) is number(Fraction(1, 2))
    True
    """
    done: dict[int, Form] = {}

    def value(f: Form) -> Form:
        return f if f.canonical else canonical([done[o.id] for o in f.left], [done[o.id] for o in f.right])

    return bottom_up(form, done, value)


# -- sums and negatives -------------------------------------------------------------------


def _add_fast(g: Form, h: Form) -> Form | None:
    """``g + h`` when known without a search: zero, memo, two numbers, two ``x + n.^ + *k``; else None."""
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    a, b = (g.id, h.id) if g.id < h.id else (h.id, g.id)
    key = (a << 32) | b
    done = _ADD.get(key)
    if done is not None:
        return done
    x, y = g.number, h.number
    if x is not None and y is not None:
        done = _ADD[key] = number(x + y)
        return done
    p, q = NUS.get(g.id), NUS.get(h.id)
    if p is not None and q is not None:
        return _NUS_FORMS.get((p[0] + q[0], p[1] + q[1], p[2] ^ q[2]))
    return None


def _add_task(g: Form, h: Form) -> Task:
    """``g + h`` for canonical ``g`` and ``h``: ``{g^L + h, g + h^L | g^R + h, g + h^R}``, canonicalized.

    A number ``x`` plus a non-number ``h`` is ``{h^L + x | h^R + x}`` (number translation).
    """
    if h.number is not None:
        g, h = h, g
    lefts, rights = [], []
    for side, out in ((0, lefts), (1, rights)):
        if g.number is not None:
            pairs = [(g, o) for o in (h.right if side else h.left)]
        else:
            pairs = [(o, h) for o in (g.right if side else g.left)] + [(g, o) for o in (h.right if side else h.left)]
        for a, b in pairs:
            s = _add_fast(a, b)
            if s is None:
                s = yield _add_task(a, b)
            out.append(s)
    result = _canonical(lefts, rights)
    a, b = (g.id, h.id) if g.id < h.id else (h.id, g.id)
    _ADD[(a << 32) | b] = result
    p, q = NUS.get(g.id), NUS.get(h.id)
    if p is not None and q is not None:
        key = (p[0] + q[0], p[1] + q[1], p[2] ^ q[2])
        NUS[result.id] = key
        _NUS_FORMS[key] = result
    return result


def add(g: Form, h: Form) -> Form:
    """The canonical form of ``g + h`` (canonical ``g`` and ``h``).

    Notes
    -----
    ``g + h = {g^L + h, g + h^L | g^R + h, g + h^R}``, canonicalized, with
    sums of options found the same way over an explicit stack; a number plus
    a non-number is ``{h^L + x | h^R + x}`` (number translation), two numbers
    or two ``x + n.^ + *k`` add at once. Memoized by the pair of ids.

    >>> star = canonical([ZERO], [ZERO])
    >>> add(star, star) is ZERO, add(number(Fraction(1, 2)), number(Fraction(1, 2))) is number(1)
    (True, True)
    """
    s = _add_fast(g, h)
    return s if s is not None else drive(_add_task(g, h))


def add_all(forms: Iterable[Form]) -> Form:
    """The canonical form of a sum (``0`` for no terms).

    >>> add_all([number(1), nus(0, 0, 1), nus(0, 0, 1)]) is number(1), add_all([]) is ZERO
    (True, True)
    """
    total = ZERO
    for f in forms:
        if total is ZERO:
            total = f
        else:
            s = _add_fast(total, f)
            total = s if s is not None else drive(_add_task(total, f))
    return total


def neg(g: Form) -> Form:
    """``-g``: every option negated, Left and Right exchanged (canonical stays canonical).

    >>> neg(number(Fraction(-3, 4))) is number(Fraction(3, 4))
    True
    """
    done = _NEG.get(g.id)
    if done is not None:
        return done
    return bottom_up(g, _NEG, _negative)


def _negative(f: Form) -> Form:
    """``-f`` from its options' negatives (in ``_NEG``); ``-(-f)`` is ``f``, and ``x + n.^ + *k`` is known."""
    n = make(tuple(_unique(_NEG[o.id] for o in f.right)), tuple(_unique(_NEG[o.id] for o in f.left)))
    n.canonical = f.canonical
    _NEG[n.id] = f
    p = NUS.get(f.id)
    if p is not None:
        key = (-p[0], -p[1], p[2])
        NUS[n.id] = key
        _NUS_FORMS.setdefault(key, n)
    return n


def subtract(g: Form, h: Form) -> Form:
    """The canonical form of ``g - h``.

    >>> subtract(nus(0, 1), nus(0, 1)) is ZERO
    True
    """
    return add(g, neg(h))


# -- nimbers and ups ----------------------------------------------------------------------


def nus(x: Fraction | int, ups: int = 0, nim: int = 0) -> Form:
    """The canonical form of ``x + ups.^ + *nim`` (``^ = {0|*}``).

    >>> nus(0, 1) is canonical([ZERO], [nus(0, 0, 1)]), nus(0, 0, 2).plain() == nus(0, 0, 2).plain()
    (True, True)
    """
    x = Fraction(x)
    key = (x, ups, nim)
    form = _NUS_FORMS.get(key)
    if form is not None:
        return form
    if nim < 0:
        raise ValueError("a nimber is *n for n >= 0")
    if ups == 0 and nim == 0:
        form = number(x)
    elif x != 0:
        form = add(number(x), nus(0, ups, nim))
    elif ups == 0:
        stars = [ZERO]
        for k in range(1, nim):
            stars.append(nus(0, 0, k))
        form = canonical(stars, stars)
    elif nim != 0 and ups != 0:
        form = add(nus(0, ups, 0), nus(0, 0, nim))
    elif ups < 0:
        form = neg(nus(0, -ups, 0))
    elif ups == 1:
        form = canonical([ZERO], [nus(0, 0, 1)])
    else:
        form = add(nus(0, ups - 1, 0), nus(0, 1, 0))
    NUS[form.id] = key
    _NUS_FORMS[key] = form
    return form


def birthday(g: Form) -> int:
    """The birthday of a form: 0 for ``{|}``, else one more than the largest of its options' (explicit stack).

    >>> birthday(ZERO), birthday(nus(0, 1)), birthday(number(Fraction(3, 4)))
    (0, 2, 3)
    """
    done: dict[int, int] = {}
    return bottom_up(g, done, lambda f: 1 + max((done[o.id] for o in f.left + f.right), default=-1))


def as_nus(g: Form) -> tuple[Fraction, int, int] | None:
    """``(x, n, k)`` when the canonical ``g`` is ``x + n.^ + *k``, else None.

    The options of ``x + n.^ + *k`` are of that kind too, so forms are
    examined bottom-up (explicit stack): one whose options all are, and whose
    stops are equal (to ``x``), is compared with the canonical forms of
    ``x + n.^ + *k`` for ``|n|`` up to two more than its options' and ``k``
    below twice the largest power of two in its options' nimbers.

    >>> as_nus(add(nus(Fraction(1, 2)), nus(0, -2, 3)))
    (Fraction(1, 2), -2, 3)
    """
    return bottom_up(g, _NUS_SEEN, _nus_of, _not_known_nus)


def _not_known_nus(f: Form) -> tuple[Form, ...]:
    return () if f.id in NUS else f.left + f.right


def _nus_of(f: Form) -> tuple[Fraction, int, int] | None:
    """``(x, n, k)`` of ``f`` when it is ``x + n.^ + *k``, its options' already known."""
    known = NUS.get(f.id)
    if known is not None:
        return known
    options = f.left + f.right
    if not (f.canonical and f.lstop == f.rstop and all(_NUS_SEEN.get(o.id) or NUS.get(o.id) for o in options)):
        return None
    parts = [NUS.get(o.id) or _NUS_SEEN[o.id] for o in options]
    ups = max(abs(p[1]) for p in parts) + 2
    nims = 1 << max(max(p[2] for p in parts).bit_length() + 1, 1)
    for n in sorted(range(-ups, ups + 1), key=abs):
        for k in range(nims):
            if nus(f.lstop, n, k) is f:
                NUS[f.id] = (f.lstop, n, k)
                return f.lstop, n, k
    return None
