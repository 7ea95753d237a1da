"""Stops, thermographs, mean, temperature and cooling of canonical forms, as CGSuite defines them.

A wall is a piecewise-linear function of the temperature ``t >= -1``. The
thermograph of an integer is a mast: both walls vertical at it, temperature
``-1``. Any other canonical form's Left scaffold is the largest of its Left
options' right walls, tilted by ``-t``; its Right scaffold the smallest of its
Right options' left walls, tilted by ``+t``; the walls follow the scaffolds up
to the lowest temperature where they meet (the temperature) and rise as one
vertical mast from there, at the mean (Berlekamp, Conway, Guy, *Winning
Ways*, ch. 6; Siegel, *Combinatorial Game Theory*, II.5). Where the Left
scaffold starts below the Right one, the mast stands from ``t = -1`` at 0 if
0 lies between them, else at the scaffold nearer 0 (CGSuite's rule).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

from gamecert.solvers.partizan.engine import Task, add, canonical, drive, number
from gamecert.solvers.partizan.form import Form

#: A wall or scaffold: ``(points, slope)``: points ``(t, value)`` with ``t`` increasing from -1, and the
#: slope of the ray beyond the last point.
Trajectory = tuple[tuple[tuple[Fraction, Fraction], ...], Fraction]

_MINUS_ONE = Fraction(-1)
_THERMOGRAPHS: dict[int, Thermograph] = {}
_COOLED: dict[tuple[int, Fraction], Form] = {}


@dataclass(frozen=True)
class Thermograph:
    """The thermograph of a canonical form, as data to draw.

    ``left`` and ``right`` are the walls as points ``(t, value)`` from
    ``t = -1`` up to ``(temperature, mean)``, linear between points; above
    the last point both walls are the vertical mast at ``mean``.
    """

    left: tuple[tuple[Fraction, Fraction], ...]
    right: tuple[tuple[Fraction, Fraction], ...]
    temperature: Fraction
    mean: Fraction


def _at(tr: Trajectory, t: Fraction) -> Fraction:
    points, slope = tr
    if t >= points[-1][0]:
        return points[-1][1] + slope * (t - points[-1][0])
    for (t0, v0), (t1, v1) in itertools.pairwise(points):
        if t <= t1:
            return v0 + (v1 - v0) * (t - t0) / (t1 - t0)
    raise AssertionError("unreachable")


def _simplified(points: list[tuple[Fraction, Fraction]], slope: Fraction) -> Trajectory:
    """The same trajectory without points where the slope does not change."""
    out: list[tuple[Fraction, Fraction]] = []
    for p in points:
        if out and p[0] == out[-1][0]:
            continue
        while len(out) >= 2:
            (t0, v0), (t1, v1) = out[-2], out[-1]
            if (v1 - v0) * (p[0] - t1) == (p[1] - v1) * (t1 - t0):
                out.pop()
            else:
                break
        out.append(p)
    while len(out) >= 2 and (out[-1][1] - out[-2][1]) == slope * (out[-1][0] - out[-2][0]):
        out.pop()
    return tuple(out), slope


def _combine(a: Trajectory, b: Trajectory, larger: bool) -> Trajectory:
    """The pointwise larger (or smaller) of two trajectories."""
    ts = sorted({t for t, _ in a[0]} | {t for t, _ in b[0]})
    cuts = list(ts)
    for t0, t1 in itertools.pairwise(ts):
        d0, d1 = _at(a, t0) - _at(b, t0), _at(a, t1) - _at(b, t1)
        if d0 * d1 < 0:
            cuts.append(t0 + (t1 - t0) * d0 / (d0 - d1))
    last = ts[-1]
    d = _at(a, last) - _at(b, last)
    if a[1] != b[1] and d * (a[1] - b[1]) < 0:  # the rays cross above the last point
        cuts.append(last - d / (a[1] - b[1]))
    cuts.sort()
    pick = max if larger else min
    points = [(t, pick(_at(a, t), _at(b, t))) for t in cuts]
    ea, eb = _at(a, cuts[-1]), _at(b, cuts[-1])
    if ea != eb:
        slope = a[1] if (ea > eb) == larger else b[1]
    else:
        slope = max(a[1], b[1]) if larger else min(a[1], b[1])
    return _simplified(points, slope)


def _tilt(tr: Trajectory, s: int) -> Trajectory:
    points, slope = tr
    return tuple((t, v + s * t) for t, v in points), slope + s


def _thermograph_task(g: Form) -> Task:
    done = _THERMOGRAPHS.get(g.id)
    if done is not None:
        return done
    if g.number is not None and g.number.denominator == 1:
        mast = ((_MINUS_ONE, g.number),)
        result = Thermograph(mast, mast, _MINUS_ONE, g.number)
        _THERMOGRAPHS[g.id] = result
        return result
    scaffolds = []
    for options, wall, larger, s in ((g.left, "right", True, -1), (g.right, "left", False, 1)):
        best = None
        for o in options:
            th = _THERMOGRAPHS.get(o.id)
            if th is None:
                th = yield _thermograph_task(o)
            tr = (getattr(th, wall), Fraction(0))
            best = tr if best is None else _combine(best, tr, larger)
        scaffolds.append(_tilt(best, s))
    ls, rs = scaffolds
    result = _intersection(ls, rs)
    _THERMOGRAPHS[g.id] = result
    return result


def _intersection(ls: Trajectory, rs: Trajectory) -> Thermograph:
    """The thermograph of a Left and a Right scaffold: walls up to where they meet, then the mast."""
    base_l, base_r = _at(ls, _MINUS_ONE), _at(rs, _MINUS_ONE)
    if base_l < base_r:
        mast = base_l if base_l > 0 else base_r if base_r < 0 else Fraction(0)
        point = ((_MINUS_ONE, mast),)
        return Thermograph(point, point, _MINUS_ONE, mast)
    # Left scaffold minus Right scaffold never increases (slopes -1 or 0 against 0 or 1): the first t where
    # it reaches 0 is the temperature.
    ts = sorted({t for t, _ in ls[0]} | {t for t, _ in rs[0]})
    tau = None
    for t0, t1 in itertools.pairwise(ts):
        d0, d1 = _at(ls, t0) - _at(rs, t0), _at(ls, t1) - _at(rs, t1)
        if d0 <= 0:
            tau = t0
            break
        if d1 <= 0:
            tau = t0 + (t1 - t0) * d0 / (d0 - d1)
            break
    if tau is None:
        last = ts[-1]
        d = _at(ls, last) - _at(rs, last)
        if d <= 0:
            tau = last
        else:
            gap = ls[1] - rs[1]
            if gap >= 0:
                raise AssertionError("scaffolds that never meet")
            tau = last + d / -gap
    mean = _at(ls, tau)

    def wall(tr: Trajectory) -> tuple[tuple[Fraction, Fraction], ...]:
        pts = [(t, v) for t, v in tr[0] if t < tau] + [(tau, mean)]
        return _simplified(pts, Fraction(0))[0]

    return Thermograph(wall(ls), wall(rs), tau, mean)


def thermograph(g: Form) -> Thermograph:
    """The thermograph of the canonical form ``g`` (explicit stack, memoized).

    Notes
    -----
    Bottom-up from the options' walls (module docstring; *Winning Ways*,
    ch. 6): walls are exact piecewise-linear functions with dyadic
    breakpoints; a max or min of two walls adds at most one breakpoint per
    segment. Time grows with the number of subforms times their breakpoints.

    >>> from gamecert.solvers.partizan.notation import parse_notation
    >>> th = thermograph(parse_notation("{3|-1}"))
    >>> th.temperature, th.mean, th.left
    (Fraction(2, 1), Fraction(1, 1), ((Fraction(-1, 1), Fraction(4, 1)), (Fraction(2, 1), Fraction(1, 1))))
    """
    done = _THERMOGRAPHS.get(g.id)
    return done if done is not None else drive(_thermograph_task(g))


def mean(g: Form) -> Fraction:
    """The mean value of ``g``: where its thermograph's mast stands."""
    return thermograph(g).mean


def temperature(g: Form) -> Fraction:
    """The temperature of ``g``: ``-1`` for integers, ``-1/2^k`` for ``m/2^k``, ``0`` for a number plus a
    nonzero infinitesimal, else where the thermograph's mast begins.

    >>> from gamecert.solvers.partizan.notation import parse_notation
    >>> [temperature(parse_notation(t)) for t in ("3", "3/4", "^*", "{3|-1}")]
    [Fraction(-1, 1), Fraction(-1, 4), Fraction(0, 1), Fraction(2, 1)]
    """
    return thermograph(g).temperature


def stops(g: Form) -> tuple[Fraction, Fraction]:
    """``(Left stop, Right stop)`` of the canonical form ``g``: where play ends when Left (Right) starts and
    both stop once a number is reached.

    >>> from gamecert.solvers.partizan.notation import parse_notation
    >>> stops(parse_notation("{3|-1}")), stops(parse_notation("^"))
    ((Fraction(3, 1), Fraction(-1, 1)), (Fraction(0, 1), Fraction(0, 1)))
    """
    if not g.canonical:
        raise ValueError("stops are read from a canonical form")
    return g.lstop, g.rstop


def _cool_task(g: Form, t: Fraction) -> Task:
    key = (g.id, t)
    done = _COOLED.get(key)
    if done is not None:
        return done
    th = _THERMOGRAPHS.get(g.id)
    if th is None:
        th = yield _thermograph_task(g)
    if g.number is not None and g.number.denominator == 1:
        result = g
    elif t > th.temperature:
        result = number(th.mean)
    else:
        sides = []
        for options, shift in ((g.left, -t), (g.right, t)):
            out = []
            for o in options:
                c = _COOLED.get((o.id, t))
                if c is None:
                    c = yield _cool_task(o, t)
                out.append(add(c, number(shift)))
            sides.append(out)
        result = canonical(sides[0], sides[1])
    _COOLED[key] = result
    return result


def cool(g: Form, t: Fraction | int) -> Form:
    """``g`` cooled by ``t >= -1``: ``{g^L_t - t | g^R_t + t}``, or the mean once ``t`` passes the temperature.

    An integer cools to itself; at ``t`` equal to the temperature the
    options are still cooled (``*`` cooled by 0 is ``*``), as in CGSuite.

    >>> from gamecert.solvers.partizan.notation import notation, parse_notation
    >>> notation(cool(parse_notation("{3|-1}"), 1)), notation(cool(parse_notation("{3|-1}"), 3))
    ('{2|0}', '1')
    """
    t = Fraction(t)
    if t < -1:
        raise ValueError("cooling is defined for t >= -1")
    return drive(_cool_task(g, t))
