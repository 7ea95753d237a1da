"""Canonical forms written and read in CGSuite's notation, and in plain braces.

:func:`notation` writes what CGSuite prints: integers and dyadic fractions
(``3/4``, ``-5/2``), ``x + n.^ + *k`` compactly (``*``, ``*2``, ``^``,
``^^``, ``^3``, ``v``, ``vv``, ``v3``, ``^*``, ``1/2v*3``, ``1*``), a form
equal to its negative as ``+-`` and its Left options (``+-1``,
``+-{1,*}``, ``+-(1*)``), ``{0||0|-x}`` as ``Tiny(x)`` and its negative
as ``Miny(x)`` (translated: ``1Tiny(2)``), and any other form in braces,
an option that is a lone unbraced form written with more bars
(``{2|1||0}`` is ``{{2|1}|0}``; four bars at most, then braces).
:func:`plain_notation` writes only integers, dyadic fractions, braces,
bars and commas; :func:`parse_notation` reads both.
"""

from __future__ import annotations

import re
from fractions import Fraction

from gamecert.solvers.partizan.engine import Task, add, as_nus, canonical, drive, neg, nus, outcome
from gamecert.solvers.partizan.form import Form, bottom_up
from gamecert.solvers.partizan.thermo import mean

__all__ = ["NotationError", "PlainNotation", "notation", "outcome", "parse_notation", "plain_notation"]

#: CGSuite writes at most this many bars between sides before it falls back to braces.
MAX_BARS = 4
#: How deep braces and parentheses may nest in text read by :func:`parse_notation`.
MAX_NESTING = 100


def number_text(x: Fraction) -> str:
    """A dyadic rational as CGSuite writes it: ``3``, ``-5/2``.

    >>> number_text(Fraction(-5, 2)), number_text(Fraction(4))
    ('-5/2', '4')
    """
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def nus_text(x: Fraction, n: int, k: int) -> str:
    """``x + n.^ + *k`` as CGSuite writes it: ``1/2^^*3``, ``v3``, ``*``, ``0``.

    >>> nus_text(Fraction(0), 1, 1), nus_text(Fraction(1), -3, 2), nus_text(Fraction(0), 0, 0)
    ('^*', '1v3*2', '0')
    """
    text = number_text(x) if x != 0 or (n == 0 and k == 0) else ""
    if n:
        arrow = "^" if n > 0 else "v"
        text += arrow * abs(n) if abs(n) <= 2 else f"{arrow}{abs(n)}"
    if k:
        text += "*" if k == 1 else f"*{k}"
    return text


# -- writing --------------------------------------------------------------------------------


def _order_keys(g: Form, every: bool = False, keys: dict[int, tuple] | None = None) -> dict[int, tuple]:
    """CGSuite's order of options, as sort keys of ``g`` and the forms below it (below ``x + n.^ + *k`` only
    when ``every``): numbers by value, then nimbers, then other ``x + n.^ + *k``, then the rest by their
    sorted options (explicit stack). A form's key depends on the form alone, so ``keys`` (by form id) may carry
    over from earlier calls with the same ``every``."""
    if keys is None:
        keys = {}

    def below(f: Form) -> tuple[Form, ...]:
        return f.left + f.right if every or as_nus(f) is None else ()

    def key(f: Form) -> tuple:
        p = as_nus(f)
        if p is None:
            return 3, tuple(sorted(keys[o.id] for o in f.left)), tuple(sorted(keys[o.id] for o in f.right))
        x, n, k = p
        return (0, x) if n == 0 and k == 0 else (1, k) if x == 0 and n == 0 else (2, x, n, k)

    bottom_up(g, keys, key, below)
    return keys


def _tiny(g: Form, lo: list[Form], ro: list[Form]) -> tuple[str, Form, Form] | None:
    """``("Tiny", x, G)`` when ``g = {x || x | x - G}`` (``x`` a number), ``("Miny", x, G)`` when
    ``g = {x + G | x || x}``, as CGSuite recognises them; else None."""
    if len(lo) != 1 or len(ro) != 1:
        return None
    a, b = lo[0], ro[0]
    if a.number is not None and b.left == (a,) and len(b.right) == 1 and mean(b.right[0]) < a.number:
        return "Tiny", a, add(a, neg(b.right[0]))
    if b.number is not None and a.right == (b,) and len(a.left) == 1 and mean(a.left[0]) > b.number:
        return "Miny", b, add(a.left[0], neg(b))
    return None


def _write(g: Form, keys: dict, brackets: bool, parens: bool, memo: dict) -> Task:
    """``(text, bars)``: ``g`` written as CGSuite does; ``bars`` > 0 when written unbraced with that many bars."""
    key = (g.id, brackets, parens)
    if key in memo:
        return memo[key]
    p = as_nus(g)
    if p is not None:
        x, n, k = p
        compact = (n == 0 and k == 0) or (x == 0 and n == 0) or (x == 0 and k == 0)
        text = nus_text(x, n, k)
        result = (f"({text})" if parens and not compact else text, 0)
        memo[key] = result
        return result
    lo = sorted(g.left, key=lambda f: keys[f.id])
    ro = sorted(g.right, key=lambda f: keys[f.id])
    tiny = None if neg(g) is g else _tiny(g, lo, ro)
    if neg(g) is g:
        parts = []
        for i, o in enumerate(lo):
            text, _ = yield _write(o, keys, True, len(lo) == 1, memo)
            parts.append(text)
        inner = ",".join(parts)
        result = ("+-" + (f"{{{inner}}}" if len(lo) > 1 else inner), 0)
    elif tiny is not None:
        word, x, sub = tiny
        sub_text, _ = yield _write(sub, keys, True, False, memo)
        shift = "" if x.number == 0 else number_text(x.number)
        text = f"{shift}{word}({sub_text})"
        result = (f"({text})" if parens else text, 0)
    else:
        sides = []
        bars = 1
        for side in (lo, ro):
            parts = []
            for o in side:
                text, b = yield _write(o, keys, len(side) > 1, False, memo)
                parts.append(text)
                bars = max(bars, b + 1)
            sides.append(",".join(parts))
        text = sides[0] + "|" * bars + sides[1]
        result = (f"{{{text}}}", 0) if brackets or bars >= MAX_BARS else (text, bars)
    memo[key] = result
    return result


def notation(g: Form) -> str:
    """The canonical form ``g`` as CGSuite prints it.

    >>> from gamecert.solvers.partizan.engine import ZERO, number
    >>> [notation(f) for f in (number(Fraction(-3, 4)), nus(0, 1, 1), canonical([number(1)], [number(-1)]))]
    ['-3/4', '^*', '+-1']
    >>> notation(canonical([canonical([number(2)], [number(1)])], [ZERO]))
    '{2|1||0}'
    """
    return drive(_write(g, _order_keys(g), True, False, {}))[0]


def plain_notation(g: Form) -> str:
    """``g`` with only integers, dyadic fractions, braces, bars and commas: numbers as numbers, all else
    ``{lefts|rights}`` (explicit stack).

    >>> plain_notation(nus(0, 1, 0)), plain_notation(nus(Fraction(1, 2)))
    ('{0|{0|0}}', '1/2')
    """
    return PlainNotation()(g)


class PlainNotation:
    """:func:`plain_notation` of many forms, each subform's sort key and text made once across them all (a
    table of forms sharing subforms costs its distinct subforms, not the sum of their sizes); equal forms get
    the same string object.

    >>> write = PlainNotation()
    >>> write(nus(0, 1, 0)), write(nus(0, 0, 1))
    ('{0|{0|0}}', '{0|0}')
    """

    def __init__(self) -> None:
        self._keys: dict[int, tuple] = {}
        self._done: dict[int, str] = {}

    def __call__(self, g: Form) -> str:
        done = self._done
        known = done.get(g.id)
        if known is not None:
            return known
        keys = _order_keys(g, every=True, keys=self._keys)

        def text(f: Form) -> str:
            if f.number is not None:
                return number_text(f.number)
            lo = ",".join(done[o.id] for o in sorted(f.left, key=lambda o: keys[o.id]))
            ro = ",".join(done[o.id] for o in sorted(f.right, key=lambda o: keys[o.id]))
            return f"{{{lo}|{ro}}}"

        return bottom_up(g, done, text, lambda f: () if f.number is not None else f.left + f.right)


# -- reading --------------------------------------------------------------------------------


class NotationError(ValueError):
    """Text that is not a game in the notation; ``column`` (1-based) is where reading stopped."""

    def __init__(self, column: int, message: str) -> None:
        super().__init__(f"column {column}: {message}")
        self.column = column
        self.message = message


_TOKEN = re.compile(r"\s*(?:(\d+(?:/\d+)?)|(\+-|±)|(\|+)|(Tiny|Miny)|([-{}(),^v*]))")


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """``(kind, text, column)``: kinds ``num``, ``pm``, ``bars``, ``word``, or the character itself."""
    out = []
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        m = _TOKEN.match(text, i)
        if m is None:
            raise NotationError(i + 1, f"unexpected {text[i]!r}")
        column = m.start(m.lastindex) + 1
        kind = ("num", "pm", "bars", "word", None)[m.lastindex - 1] or m.group(m.lastindex)
        out.append((kind, m.group(m.lastindex), column))
        i = m.end()


def _grouped(tokens: list, end_column: int) -> list:
    """Tokens with each bracketed run replaced by ``("group", opening, items, column)`` (explicit stack)."""
    top: list = []
    stack: list = [(None, top, 0)]
    for token in tokens:
        kind, _, column = token
        if kind in ("{", "("):
            if len(stack) > MAX_NESTING:
                raise NotationError(column, f"nested more than {MAX_NESTING} deep")
            items: list = []
            stack[-1][1].append(("group", kind, items, column))
            stack.append((kind, items, column))
        elif kind in ("}", ")"):
            opening = stack[-1][0]
            if opening != {"}": "{", ")": "("}[kind]:
                raise NotationError(column, f"unmatched {kind!r}")
            stack.pop()
        else:
            stack[-1][1].append(token)
    if len(stack) > 1:
        raise NotationError(stack[-1][2], f"unclosed {stack[-1][0]!r}")
    return top


def _split_at(seq: list, kind: str) -> list[list]:
    """``seq`` split at each ``kind`` token; an empty part is an error at the comma next to it."""
    parts: list[list] = [[]]
    commas = []
    for item in seq:
        if item[0] == kind:
            parts.append([])
            commas.append(item[2])
        else:
            parts[-1].append(item)
    for i, part in enumerate(parts):
        if not part and commas:
            raise NotationError(commas[min(i, len(commas) - 1)], "expected an option next to this comma")
    return parts


def _expr(seq: list, end: int, depth: int) -> Form:
    """A game written with bars at this level (``L|R``, options split by commas), else a value."""
    bars = [i for i, item in enumerate(seq) if item[0] == "bars"]
    if not bars:
        return _value(seq, end, depth)
    most = max(len(seq[i][1]) for i in bars)
    at = [i for i in bars if len(seq[i][1]) == most]
    if len(at) > 1:
        raise NotationError(seq[at[1]][2], f"two {'|' * most} at one level: group with braces")
    i = at[0]
    sides = []
    for part, stop in ((seq[:i], seq[i][2]), (seq[i + 1:], end)):
        # A side with bars of its own is one unbraced game (several options are each braced), else a list.
        if any(t[0] == "bars" for t in part):
            options = [part]
        else:
            options = [] if not part else _split_at(part, ",")
        sides.append([_expr(option, stop, depth) for option in options])
    return canonical(sides[0], sides[1])


def _value(seq: list, end: int, depth: int) -> Form:
    """A value: ``+-`` options, a braced game, a parenthesized value, or ``x``, ups, ``*k`` and ``Tiny``/``Miny``."""
    if not seq:
        raise NotationError(end, "expected a game")
    head = seq[0]
    if head[0] == "pm":
        rest = seq[1:]
        if len(rest) == 1 and rest[0][0] == "group" and rest[0][1] == "{" and not any(
            t[0] == "bars" for t in rest[0][2]
        ):
            options = [_expr(part, rest[0][3], depth + 1) for part in _split_at(rest[0][2], ",")]
        else:
            options = [_value(rest, end, depth)]
        return canonical(options, [neg(o) for o in options])
    if head[0] == "group":
        if len(seq) > 1:
            raise NotationError(seq[1][-1], "expected the end of this game")
        if head[1] == "{" and not any(t[0] == "bars" for t in head[2]):
            raise NotationError(head[3], "expected a | between the options of a game")
        return _expr(head[2], end, depth + 1)
    i = 0
    x = Fraction(0)
    if seq[i][0] == "-" and i + 1 < len(seq) and seq[i + 1][0] == "num":
        x = -Fraction(seq[i + 1][1])
        i += 2
    elif seq[i][0] == "num":
        x = Fraction(seq[i][1])
        i += 1
    if x.denominator & (x.denominator - 1):
        raise NotationError(head[2], f"{number_text(x)} is not a dyadic rational")
    ups = 0
    while i < len(seq) and seq[i][0] in ("^", "v"):
        sign = 1 if seq[i][0] == "^" else -1
        if i + 1 < len(seq) and seq[i + 1][0] == "num" and "/" not in seq[i + 1][1]:
            ups += sign * int(seq[i + 1][1])
            i += 2
        else:
            ups += sign
            i += 1
    nim = 0
    if i < len(seq) and seq[i][0] == "*":
        if i + 1 < len(seq) and seq[i + 1][0] == "num" and "/" not in seq[i + 1][1]:
            nim = int(seq[i + 1][1])
            i += 2
        else:
            nim = 1
            i += 1
    if i == 0 and seq[0][0] != "word":
        raise NotationError(head[-1], f"expected a game, got {head[1]!r}")
    value = nus(x, ups, nim)
    if i < len(seq) and seq[i][0] == "word":
        word = seq[i][1]
        if ups or nim or i + 1 >= len(seq) or seq[i + 1][0] != "group" or seq[i + 1][1] != "(":
            raise NotationError(seq[i][2], f"expected {word}(G) after a number")
        g = _expr(seq[i + 1][2], seq[i + 1][3], depth + 1)
        if word == "Tiny":
            value = canonical([value], [canonical([value], [add(value, neg(g))])])
        else:
            value = canonical([canonical([add(value, g)], [value])], [value])
        i += 2
    if i < len(seq):
        raise NotationError(seq[i][-1], "expected the end of this game")
    return value


def parse_notation(text: str) -> Form:
    """The canonical form of a game written in CGSuite's notation or in plain braces (what :func:`notation`
    and :func:`plain_notation` write); :class:`NotationError` names the column where it is not.

    >>> [notation(parse_notation(t)) for t in ("{0|}", "{0|0}", "{1|-1}", "{2|1||0}", "1/2^*", "{1/2|}")]
    ['1', '*', '+-1', '{2|1||0}', '1/2^*', '1']
    """
    tokens = _tokens(text)
    end = len(text) + 1
    return _expr(_grouped(tokens, end), end, 0)
