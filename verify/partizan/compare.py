"""A second, plain comparison of short partizan games, sharing no code with the engine (:mod:`gamecert.solvers.partizan`).

A *plain form* is a pair ``(lefts, rights)`` of tuples of plain forms: ``((), ())``
is 0, ``((ZERO,), ())`` is 1. :class:`Forms` interns plain forms as small
integers (one id per distinct ``(left ids, right ids)``, options sorted) and
answers, by Conway's definitions alone:

* ``G <= H`` iff no Left option of ``G`` is ``>= H`` and no Right option of
  ``H`` is ``<= G`` (:meth:`Forms.le`);
* whether a form is canonical: no dominated and no reversible option at any of
  its subpositions (:meth:`Forms.violations`);
* the canonical form of ``{lefts | rights}`` from canonical options: dominated
  options removed, reversible options bypassed (:meth:`Forms.simplify`), used
  by the direct evaluation of :mod:`gamecert.verify.partizan.conway`.

Every walk runs over an explicit stack, so deep forms never reach Python's
recursion limit. References: Conway, *On Numbers and Games* (1976), ch. 7 and
10; Siegel, *Combinatorial Game Theory* (2013), II.2-II.3.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: A plain form: ``(lefts, rights)``, each a tuple of plain forms.
Plain = tuple
#: The zero game as a plain form.
ZERO: Plain = ((), ())
#: Characters of a form written in a message.
SHOWN = 80


class Forms:
    """A pool of interned plain forms, with the order, canonicity checks and simplification over them.

    Ids are only meaningful within one pool. Two canonical forms are equal as
    games iff they are the same id (canonical forms are unique, Conway's
    theorem), so the pool decides equality of canonical forms by identity.

    >>> pool = Forms()
    >>> one, star = pool.add(((ZERO,), ())), pool.add(((ZERO,), (ZERO,)))
    >>> pool.le(pool.zero, one), pool.le(one, pool.zero), pool.le(star, pool.zero), pool.write(star)
    (True, False, False, '{0|0}')
    """

    def __init__(self) -> None:
        self.lefts: list[tuple[int, ...]] = []
        self.rights: list[tuple[int, ...]] = []
        self._index: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self._le: dict[int, bool] = {}  # by (G << 32) | H
        self._integer: dict[int, int | None] = {}
        self._written: dict[tuple[int, int], str] = {}
        self._sum: dict[int, int] = {}  # by (G << 32) | H, G <= H
        #: Plain forms met, by ``id()`` of the tuple, kept alive in ``_kept`` so no id is reused.
        self._met: dict[int, int] = {}
        self._kept: list[Any] = []
        self.zero = self.make((), ())

    # -- building ---------------------------------------------------------------------------

    def make(self, lefts: Iterable[int], rights: Iterable[int]) -> int:
        """The id of ``{lefts | rights}`` (options as ids; repeats count once)."""
        key = (tuple(sorted(set(lefts))), tuple(sorted(set(rights))))
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self.lefts)
            self.lefts.append(key[0])
            self.rights.append(key[1])
        return found

    def add(self, plain: Plain) -> int:
        """The id of a plain form.

        Notes
        -----
        Post-order walk over an explicit stack; a sub-object met again (a
        form given as a DAG of shared tuples), in this call or an earlier
        one, is interned once, by identity, so the cost is linear in the
        distinct tuple objects, not in the tree.
        """
        done = self._met
        keep = self._kept  # the objects whose id() keys ``done``, alive as long as the pool
        found = done.get(id(plain))
        if found is not None:
            return found
        stack: list[tuple[Any, bool]] = [(plain, False)]
        while stack:
            node, ready = stack.pop()
            if id(node) in done:
                continue
            lefts, rights = _pair(node)
            if ready:
                done[id(node)] = self.make([done[id(o)] for o in lefts], [done[id(o)] for o in rights])
                keep.append(node)
                continue
            stack.append((node, True))
            stack.extend((o, False) for o in (*lefts, *rights) if id(o) not in done)
        return done[id(plain)]

    def fold(self, g: int, combine: Callable[[list[Any], list[Any]], Any]) -> Any:
        """``combine(left values, right values)`` applied from the leaves up to ``G`` (each subform once).

        >>> pool = Forms()
        >>> pool.fold(pool.add(((ZERO,), (ZERO,))), lambda ls, rs: 1 + sum(ls) + sum(rs))  # nodes of the tree
        3
        """
        out: dict[int, Any] = {}
        stack: list[tuple[int, bool]] = [(g, False)]
        while stack:
            x, ready = stack.pop()
            if x in out:
                continue
            if ready:
                out[x] = combine([out[o] for o in self.lefts[x]], [out[o] for o in self.rights[x]])
                continue
            stack.append((x, True))
            stack.extend((o, False) for o in (*self.lefts[x], *self.rights[x]) if o not in out)
        return out[g]

    def plain(self, g: int) -> Plain:
        """The plain form of id ``g`` (shared subforms are shared tuples)."""
        return self.fold(g, lambda ls, rs: (tuple(ls), tuple(rs)))

    # -- order ------------------------------------------------------------------------------

    def le(self, g: int, h: int) -> bool:
        """Whether ``G <= H``: no ``G^L >= H`` and no ``H^R <= G`` (Conway's definition).

        Notes
        -----
        Depth-first over an explicit stack of pairs, each pair decided once
        (memoized in the pool) and as soon as one witness against it is
        found: ``O(|G| * |H|)`` pairs at most, each scanning its options once.
        A pair is first looked at for a witness that needs no search (every
        game is ``<=`` itself): ``H`` itself a Left option of ``G`` (``G^L = H
        >= H``) or ``G`` a Right option of ``H`` (``H^R = G <= G``); then its
        options in order.
        """
        if g == h:
            return True
        memo = self._le
        found = memo.get((g << 32) | h)
        if found is not None:
            return found
        get = memo.get
        all_lefts, all_rights = self.lefts, self.rights
        # A frame: [G, H, next option index]; options 0.. are G's Left options, then H's Right options; index -1: the
        # pair is new, not yet looked at for a witness by identity.
        stack: list[list[int]] = [[g, h, -1]]
        push = stack.append
        while stack:
            frame = stack[-1]
            a, b, i = frame
            lefts, rights = all_lefts[a], all_rights[b]
            if i < 0:
                if b in lefts or a in rights:
                    memo[(a << 32) | b] = False
                    stack.pop()
                    continue
                i = 0
            n = len(lefts)
            high = b << 32
            while i < n:  # G^L >= H is H <= G^L
                y = lefts[i]
                known = get(high | y)
                if known is None:
                    frame[2] = i
                    push([b, y, -1])
                    break
                if known:
                    memo[(a << 32) | b] = False
                    stack.pop()
                    break
                i += 1
            else:
                i -= n
                m = len(rights)
                while i < m:  # H^R <= G
                    x = rights[i]
                    known = get((x << 32) | a)
                    if known is None:
                        frame[2] = n + i
                        push([x, a, -1])
                        break
                    if known:
                        memo[(a << 32) | b] = False
                        stack.pop()
                        break
                    i += 1
                else:
                    memo[(a << 32) | b] = True
                    stack.pop()
        return memo[(g << 32) | h]

    def equal(self, g: int, h: int) -> bool:
        """Whether ``G = H`` as games (``G <= H`` and ``H <= G``)."""
        return self.le(g, h) and self.le(h, g)

    def dominates(self, g: int, lefts: Iterable[int], rights: Iterable[int]) -> bool:
        """Whether ``{lefts | rights}`` is ``G`` with dominated options added, so equal to ``G``: ``G``'s options are
        among them, every other Left option is ``<=`` some ``G^L`` and every other Right option ``>=`` some ``G^R``.

        Notes
        -----
        A dominated option never changes a game's value (Siegel, II.2.4), so
        removing these leaves ``G`` itself. A sufficient test only: False says
        nothing (a reversible option, say); each other option is compared with
        ``G``'s options on its side, by :meth:`le`.

        >>> pool = Forms()
        >>> z = pool.zero
        >>> one = pool.make([z], [])
        >>> pool.dominates(one, [z, pool.make([], [z])], []), pool.dominates(one, [one], [])
        (True, False)
        """
        gl, gr = self.lefts[g], self.rights[g]
        ls, rs = set(lefts), set(rights)
        if not (ls.issuperset(gl) and rs.issuperset(gr)):
            return False
        le = self.le
        for a in ls.difference(gl):
            for x in gl:
                if le(a, x):
                    break
            else:
                return False
        for b in rs.difference(gr):
            for x in gr:
                if le(x, b):
                    break
            else:
                return False
        return True

    def outcome(self, g: int) -> str:
        """The outcome class: ``L`` (G > 0), ``R`` (G < 0), ``P`` (G = 0) or ``N`` (G fuzzy with 0)."""
        ge, le = self.le(self.zero, g), self.le(g, self.zero)
        return {(True, True): "P", (True, False): "L", (False, True): "R", (False, False): "N"}[(ge, le)]

    # -- canonical forms --------------------------------------------------------------------

    def subforms(self, g: int) -> list[int]:
        """Every subposition of ``G``, each once, options before the forms they are options of (``G`` last)."""
        done: set[int] = set()
        order: list[int] = []
        stack: list[tuple[int, bool]] = [(g, False)]
        while stack:
            x, ready = stack.pop()
            if x in done:
                continue
            if ready:
                done.add(x)
                order.append(x)
                continue
            stack.append((x, True))
            stack.extend((o, False) for o in (*self.lefts[x], *self.rights[x]) if o not in done)
        return order

    def violations(self, g: int, name: str = "the form") -> list[str]:
        """Why ``G`` is not canonical: each dominated or reversible option of each subposition (empty: canonical).

        Left option ``A`` is dominated when another ``B`` has ``A <= B``;
        Right option ``A`` when another ``B`` has ``A >= B``. Left option
        ``A`` is reversible when some ``A^R <= G``; Right option ``A`` when
        some ``A^L >= G`` (Siegel, II.2.7 and II.3.2). Options are distinct
        ids, so equal options are two options each dominating the other.

        >>> pool = Forms()
        >>> z = pool.zero
        >>> pool.violations(pool.make([z, pool.make([z], [])], []))
        ['the form {0,1|}: the Left option 0 is dominated by 1']
        """
        bad = []
        for x in self.subforms(g):
            lefts, rights = self.lefts[x], self.rights[x]
            found = []
            for a in lefts:
                better = next((b for b in lefts if b != a and self.le(a, b)), None)
                if better is not None:
                    found.append(f"the Left option {self.write(a)} is dominated by {self.write(better)}")
                back = next((r for r in self.rights[a] if self.le(r, x)), None)
                if back is not None:
                    found.append(f"the Left option {self.write(a)} is reversible through {self.write(back)}")
            for a in rights:
                better = next((b for b in rights if b != a and self.le(b, a)), None)
                if better is not None:
                    found.append(f"the Right option {self.write(a)} is dominated by {self.write(better)}")
                back = next((lo for lo in self.lefts[a] if self.le(x, lo)), None)
                if back is not None:
                    found.append(f"the Right option {self.write(a)} is reversible through {self.write(back)}")
            if found:
                where = f"{name} {self.write(x)}" if x == g else f"{name}'s subposition {self.write(x)}"
                bad += [f"{where}: {why}" for why in found]
        return bad

    def simplify(self, lefts: Iterable[int], rights: Iterable[int]) -> int:
        """The canonical form of ``{lefts | rights}`` whose options are canonical: dominated options removed,
        reversible ones bypassed, until neither is left.

        >>> pool = Forms()
        >>> z = pool.zero
        >>> one = pool.make([z], [])
        >>> pool.simplify([z], [one]) == pool.make([z], [one])  # {0|1} = 1/2 is canonical already
        True
        >>> pool.write(pool.simplify([pool.make([], [z])], []))  # {-1|} = 0
        '0'
        """
        ls, rs = list(set(lefts)), list(set(rights))
        while True:
            ls = [a for a in ls if not any(b != a and self.le(a, b) for b in ls)]
            rs = [a for a in rs if not any(b != a and self.le(b, a) for b in rs)]
            g = self.make(ls, rs)
            new_l, new_r, changed = [], [], False
            for a in ls:
                back = next((r for r in self.rights[a] if self.le(r, g)), None)
                if back is None:
                    new_l.append(a)
                else:
                    new_l.extend(self.lefts[back])
                    changed = True
            for a in rs:
                back = next((lo for lo in self.lefts[a] if self.le(g, lo)), None)
                if back is None:
                    new_r.append(a)
                else:
                    new_r.extend(self.rights[back])
                    changed = True
            if not changed:
                return g
            ls, rs = list(set(new_l)), list(set(new_r))

    def plus(self, g: int, h: int) -> int:
        """The canonical form of ``G + H`` (for canonical ``G`` and ``H``; else a form equal to the sum):
        ``{G^L + H, G + H^L | G^R + H, G + H^R}`` simplified.

        Notes
        -----
        Conway's definition of the sum, post-order over an explicit stack of
        pairs, each pair's sum found once (memoized in the pool by the
        unordered pair) and simplified (:meth:`simplify`): ``O(|G| * |H|)`` pairs.

        >>> pool = Forms()
        >>> star = pool.make([pool.zero], [pool.zero])
        >>> pool.plus(star, star) == pool.zero, pool.write(pool.plus(pool.make([pool.zero], []), star))
        (True, '{1|1}')
        """
        memo, zero = self._sum, self.zero

        def known(a: int, b: int) -> int | None:
            if a == zero:
                return b
            if b == zero:
                return a
            return memo.get((a << 32) | b if a <= b else (b << 32) | a)

        stack = [(g, h)]
        while stack:
            a, b = stack[-1]
            if known(a, b) is not None:
                stack.pop()
                continue
            sides = [[(x, b) for x in self.lefts[a]] + [(a, y) for y in self.lefts[b]],
                     [(x, b) for x in self.rights[a]] + [(a, y) for y in self.rights[b]]]
            missing = [p for side in sides for p in side if known(*p) is None]
            if missing:
                stack.extend(missing)
                continue
            stack.pop()
            memo[(a << 32) | b if a <= b else (b << 32) | a] = self.simplify([known(*p) for p in sides[0]], [known(*p) for p in sides[1]])
        return known(g, h)

    def sum(self, forms: Iterable[int]) -> int:
        """The canonical form of a sum of forms (``0`` for none), added one at a time (:meth:`plus`)."""
        memo, zero = self._sum, self.zero
        total = zero
        for f in forms:
            if total == zero:
                total = f
            elif f != zero:
                known = memo.get((total << 32) | f if total <= f else (f << 32) | total)
                total = self.plus(total, f) if known is None else known
        return total

    # -- writing ----------------------------------------------------------------------------

    def integer(self, g: int) -> int | None:
        """The integer ``G`` is when it is an integer's canonical form (``{n-1|}``, ``{|n+1}``, ``{|}``), else None."""
        memo = self._integer
        stack = [g]
        while stack:
            x = stack[-1]
            lefts, rights = self.lefts[x], self.rights[x]
            if not lefts and not rights:
                memo[x] = 0
            elif len(lefts) + len(rights) != 1:
                memo[x] = None
            else:
                o = lefts[0] if lefts else rights[0]
                if o not in memo:
                    stack.append(o)
                    continue
                k = memo[o]
                memo[x] = k + 1 if lefts and k is not None and k >= 0 else k - 1 if rights and k is not None and k <= 0 else None
            stack.pop()
        return memo[g]

    def write(self, g: int, limit: int = SHOWN) -> str:
        """``G`` as ``{A,B|C}`` with integers written as integers, cut to ``limit`` characters."""
        known = self._written.get((g, limit))
        if known is None:
            known = self._written[(g, limit)] = self._write(g, limit)
        return known

    def _write(self, g: int, limit: int) -> str:
        out: list[str] = []
        # Each item: an id to write, or a literal piece of text.
        stack: list[int | str] = [g]
        size = 0
        while stack and size <= limit:
            item = stack.pop()
            if isinstance(item, str):
                out.append(item)
                size += len(item)
                continue
            k = self.integer(item)
            if k is not None:
                out.append(str(k))
                size += len(out[-1])
                continue
            pieces: list[int | str] = ["{"]
            for i, o in enumerate(self.lefts[item]):
                pieces += [","] * (i > 0) + [o]
            pieces.append("|")
            for i, o in enumerate(self.rights[item]):
                pieces += [","] * (i > 0) + [o]
            pieces.append("}")
            stack.extend(reversed(pieces))
        text = "".join(out)
        return text if not stack and len(text) <= limit else text[: limit - 1] + "…"


def _pair(node: Any) -> tuple[tuple, tuple]:
    """``node`` as ``(lefts, rights)``; a TypeError naming what was found otherwise."""
    if not (isinstance(node, tuple) and len(node) == 2 and isinstance(node[0], tuple) and isinstance(node[1], tuple)):
        raise TypeError(f"expected a plain form (lefts, rights) of tuples, got {node!r:.60}")
    return node


def le(g: Plain, h: Plain) -> bool:
    """Whether ``G <= H`` for plain forms, by Conway's recursive definition.

    >>> one = ((ZERO,), ())
    >>> le(ZERO, one), le(one, ZERO)
    (True, False)
    """
    pool = Forms()
    return pool.le(pool.add(g), pool.add(h))


def is_canonical(g: Plain) -> list[str]:
    """The violations of canonicity of a plain form: its dominated and reversible options (empty: canonical).

    >>> is_canonical(((ZERO,), ()))  # 1
    []
    >>> minus_one = ((), (ZERO,))
    >>> is_canonical(((minus_one,), ()))  # {-1|} = 0: -1's Right option 0 reverses it
    ['the form {-1|}: the Left option -1 is reversible through 0']
    """
    pool = Forms()
    return pool.violations(pool.add(g))
