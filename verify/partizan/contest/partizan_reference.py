"""The reference solution of a partizan rules game's contest problem: a standalone Python 3 program.

``gamecert package --rules FILE`` (``KIND = "partizan"``) writes this file into
the package as ``submissions/accepted/reference.py`` with the rules file's
source in :data:`RULES_SOURCE` (the line marked ``# gamecert:``). It reads one
position per line (the rules' ``parse``) and prints, per line, the position's
canonical form in CGSuite's notation and its outcome class (``L``, ``R``,
``N``, ``P``), or the rules' own ``answer(value, outcome)``.

It shares no code with gamecert's engine (``gamecert.solvers.partizan``):
forms are small integers of a :class:`Pool` (one per distinct sorted
``(left ids, right ids)``), built from Conway's definitions alone: a
position's form is ``{its Left options' forms | its Right options' forms}``
with dominated options removed and reversible ones bypassed until neither is
left, so two canonical forms are equal games exactly when they are the same id;
``G <= H`` iff no ``G^L >= H`` and no ``H^R <= G``; a sum of components is
``{G^L + H, G + H^L | G^R + H, G + H^R}`` simplified. The notation is read
off the canonical form: numbers (the simplest number between its options),
``x + n.^ + *k`` (compared with the canonical forms of the candidates whose
``x`` is the form's stop), forms equal to their negative (``+-``), ``Tiny``
and ``Miny`` of a number, and braces with bars otherwise. Every recursive step
is a generator that yields what it needs, driven over an explicit stack.
"""

import sys
from fractions import Fraction

RULES_SOURCE = ""  # gamecert: the rules file's source, written in when the package is made

#: More bars than this between two sides are written with braces instead.
MAX_BARS = 4


def load_rules(source):
    """The rules file's names, executed as a module of their own."""
    namespace = {"__name__": "rules"}
    exec(compile(source, "rules.py", "exec"), namespace)
    return namespace


class Pool:
    """Canonical forms as ids, with every step that needs others written as a generator (see :meth:`run`)."""

    def __init__(self, rules):
        self.rules = rules
        self.lefts, self.rights, self.index = [], [], {}
        self.memo, self.opened, self.below = {}, set(), {}
        self.zero = self.make((), ())

    def make(self, lefts, rights):
        key = (tuple(sorted(set(lefts))), tuple(sorted(set(rights))))
        if key not in self.index:
            self.index[key] = len(self.lefts)
            self.lefts.append(key[0])
            self.rights.append(key[1])
        return self.index[key]

    def run(self, task):
        """The value of ``task`` (a tuple naming a generator method and its arguments), memoized."""
        if task in self.memo:
            return self.memo[task]
        stack, value = [(task, self.step(task))], None
        self.opened.add(task)
        while stack:
            top, gen = stack[-1]
            try:
                need = gen.send(value)
            except StopIteration as done:
                value = self.memo[top] = done.value
                self.opened.discard(top)
                stack.pop()
                continue
            if need in self.memo:
                value = self.memo[need]
                continue
            if need in self.opened:
                raise ValueError("a loop: every play of a partizan game must end")
            self.opened.add(need)
            stack.append((need, self.step(need)))
            value = None
        return self.memo[task]

    def step(self, task):
        return getattr(self, "_" + task[0])(*task[1:])

    # -- order and simplification ------------------------------------------------------------

    def le(self, g, h):
        """Whether ``G <= H``, each pair decided once (explicit stack of ``[G, H, next witness]``)."""
        memo = self.below
        stack = [[g, h, 0]]
        while stack and (g, h) not in memo:
            frame = stack[-1]
            a, b, i = frame
            if (a, b) in memo:
                stack.pop()
                continue
            witnesses = [(b, x) for x in self.lefts[a]] + [(y, a) for y in self.rights[b]]
            verdict = True
            while i < len(witnesses):
                known = memo.get(witnesses[i])
                if known is None:
                    break
                if known:  # H <= G^L, or H^R <= G
                    verdict = False
                    break
                i += 1
            frame[2] = i
            if verdict and i < len(witnesses):
                stack.append([witnesses[i][0], witnesses[i][1], 0])
                continue
            memo[(a, b)] = verdict
            stack.pop()
        return memo[(g, h)]

    def simplify(self, lefts, rights):
        """The canonical form of ``{lefts | rights}``, its options canonical."""
        ls, rs = set(lefts), set(rights)
        while True:
            ls = {a for a in ls if not any(b != a and self.le(a, b) for b in ls)}
            rs = {a for a in rs if not any(b != a and self.le(b, a) for b in rs)}
            g = self.make(ls, rs)
            new_l, new_r = set(), set()
            for a in ls:
                back = [r for r in self.rights[a] if self.le(r, g)]
                new_l.update(self.lefts[back[0]] if back else (a,))
            for a in rs:
                back = [x for x in self.lefts[a] if self.le(g, x)]
                new_r.update(self.rights[back[0]] if back else (a,))
            if (new_l, new_r) == (ls, rs):
                return g
            ls, rs = new_l, new_r

    def outcome(self, g):
        return {(True, True): "P", (True, False): "L", (False, True): "R", (False, False): "N"}[
            (self.le(self.zero, g), self.le(g, self.zero))]

    # -- generators (driven by run) -----------------------------------------------------------

    def _position(self, p):
        ls = yield from each([("position", q) for q in self.rules["left"](p)])
        rs = yield from each([("position", q) for q in self.rules["right"](p)])
        return self.simplify(ls, rs)

    def _add(self, g, h):
        if g == self.zero or h == self.zero:
            return h if g == self.zero else g
        ls = yield from each([("add", x, h) for x in self.lefts[g]] + [("add", g, x) for x in self.lefts[h]])
        rs = yield from each([("add", x, h) for x in self.rights[g]] + [("add", g, x) for x in self.rights[h]])
        return self.simplify(ls, rs)

    def _neg(self, g):
        ls = yield from each([("neg", x) for x in self.rights[g]])
        rs = yield from each([("neg", x) for x in self.lefts[g]])
        return self.make(ls, rs)

    def _number(self, g):
        """The number ``G`` is (a Fraction), else None: options all numbers, at most one a side, left below right."""
        ls = yield from each([("number", x) for x in self.lefts[g]])
        rs = yield from each([("number", x) for x in self.rights[g]])
        if len(ls) > 1 or len(rs) > 1 or None in ls + rs or (ls and rs and ls[0] >= rs[0]):
            return None
        return simplest(ls[0] if ls else None, rs[0] if rs else None)

    def _stops(self, g):
        """``(left stop, right stop)``."""
        x = yield ("number", g)
        if x is not None:
            return x, x
        ls = yield from each([("stops", a) for a in self.lefts[g]])
        rs = yield from each([("stops", a) for a in self.rights[g]])
        return max(s[1] for s in ls), min(s[0] for s in rs)

    def _form_of_number(self, x):
        if x == 0:
            return self.zero
        if x.denominator == 1:
            nearer = yield ("form_of_number", x - 1 if x > 0 else x + 1)
            return self.make([nearer], []) if x > 0 else self.make([], [nearer])
        step = Fraction(1, x.denominator)
        return self.make([(yield ("form_of_number", x - step))], [(yield ("form_of_number", x + step))])

    def _nus_form(self, x, n, k):
        """The canonical form of ``x + n.^ + *k``."""
        stars = [self.zero]
        while len(stars) <= max(k, 1):
            stars.append(self.make(stars, stars))
        up = self.make([self.zero], [stars[1]])
        arrow = up if n > 0 else (yield ("neg", up))
        g = yield ("form_of_number", x)
        for _ in range(abs(n)):
            g = yield ("add", g, arrow)
        return (yield ("add", g, stars[k]))

    def _nus(self, g):
        """``(x, n, k)`` when ``G`` is ``x + n.^ + *k``, else None."""
        x = yield ("number", g)
        if x is not None:
            return x, 0, 0
        parts = yield from each([("nus", o) for o in self.lefts[g] + self.rights[g]])
        lstop, rstop = yield ("stops", g)
        if None in parts or lstop != rstop:
            return None
        ups = max(abs(p[1]) for p in parts) + 2
        nims = 1 << max(max(p[2] for p in parts).bit_length() + 1, 1)
        for n in sorted(range(-ups, ups + 1), key=abs):
            for k in range(nims):
                if (yield ("nus_form", lstop, n, k)) == g:
                    return lstop, n, k
        return None

    def _key(self, g):
        """CGSuite's order of options: numbers by value, nimbers, other ``x + n.^ + *k``, then the rest."""
        p = yield ("nus", g)
        if p is None:
            ls = yield from each([("key", o) for o in self.lefts[g]])
            rs = yield from each([("key", o) for o in self.rights[g]])
            return 3, tuple(sorted(ls)), tuple(sorted(rs))
        x, n, k = p
        return (0, x) if n == 0 and k == 0 else (1, k) if x == 0 and n == 0 else (2, x, n, k)

    def _mean(self, g):
        """The mean of a number or ``x + n.^ + *k`` (``x``); others are not written by this program."""
        p = yield ("nus", g)
        if p is None:
            raise ValueError("this program does not compute the mean (for Tiny and Miny) of a hot game")
        return p[0]

    def _write(self, g, brackets, parens):
        """``(text, bars)``: ``G`` in CGSuite's notation; ``bars`` > 0 when written unbraced with that many."""
        p = yield ("nus", g)
        if p is not None:
            x, n, k = p
            compact = (n == 0 and k == 0) or (x == 0 and n == 0) or (x == 0 and k == 0)
            text = nus_text(x, n, k)
            return ("(" + text + ")" if parens and not compact else text), 0
        keys = yield from each([("key", o) for o in self.lefts[g] + self.rights[g]])
        key = dict(zip(self.lefts[g] + self.rights[g], keys))
        lo = sorted(self.lefts[g], key=key.get)
        ro = sorted(self.rights[g], key=key.get)
        if (yield ("neg", g)) == g:
            parts = yield from each([("write", o, True, len(lo) == 1) for o in lo])
            inner = ",".join(text for text, _ in parts)
            return "+-" + ("{" + inner + "}" if len(lo) > 1 else inner), 0
        tiny = None
        if len(lo) == 1 and len(ro) == 1:
            a, b = lo[0], ro[0]
            xa, xb = (yield ("number", a)), (yield ("number", b))
            if xa is not None and self.lefts[b] == (a,) and len(self.rights[b]) == 1 \
                    and (yield ("mean", self.rights[b][0])) < xa:
                tiny = "Tiny", xa, (yield ("add", a, (yield ("neg", self.rights[b][0]))))
            elif xb is not None and self.rights[a] == (b,) and len(self.lefts[a]) == 1 \
                    and (yield ("mean", self.lefts[a][0])) > xb:
                tiny = "Miny", xb, (yield ("add", self.lefts[a][0], (yield ("neg", b))))
        if tiny is not None:
            word, x, sub = tiny
            text = ("" if x == 0 else number_text(x)) + word + "(" + (yield ("write", sub, True, False))[0] + ")"
            return ("(" + text + ")" if parens else text), 0
        sides, bars = [], 1
        for side in (lo, ro):
            parts = []
            for o in side:
                text, b = yield ("write", o, len(side) > 1, False)
                parts.append(text)
                bars = max(bars, b + 1)
            sides.append(",".join(parts))
        text = sides[0] + "|" * bars + sides[1]
        return ("{" + text + "}", 0) if brackets or bars >= MAX_BARS else (text, bars)


def each(tasks):
    """The values of ``tasks``, asked for one at a time (``yield from`` in a step)."""
    out = []
    for task in tasks:
        out.append((yield task))
    return out


def simplest(low, high):
    """The simplest number strictly between ``low`` and ``high`` (None: no bound).

    >>> simplest(Fraction(1), Fraction(2)), simplest(None, Fraction(-3)), simplest(Fraction(-1), None)
    (Fraction(3, 2), Fraction(-4, 1), Fraction(0, 1))
    """
    if (low is None or low < 0) and (high is None or high > 0):
        return Fraction(0)
    if low is None or (high is not None and high <= 0):
        return -simplest(-high, None if low is None else -low)
    whole = Fraction(int(low) + 1)  # low >= 0: the least integer above it
    if high is None or whole < high:
        return whole
    d = 2
    while True:
        x = Fraction(int(low * d) + 1, d)
        if x < high:
            return x
        d *= 2


def number_text(x):
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def nus_text(x, n, k):
    """``x + n.^ + *k`` as CGSuite writes it: the number unless 0 with something after it, the arrows
    (``^``, ``^^``, ``^3``; ``v`` down), the nimber.

    >>> nus_text(Fraction(0), -3, 1), nus_text(Fraction(1, 2), 2, 0), nus_text(Fraction(0), 0, 0)
    ('v3*', '1/2^^', '0')
    """
    arrow = "^" if n > 0 else "v"
    arrows = arrow * abs(n) if abs(n) <= 2 else arrow + str(abs(n))
    star = "" if k == 0 else "*" if k == 1 else "*" + str(k)
    return (number_text(x) if x != 0 or not arrows + star else "") + arrows + star


def answers(rules, text):
    """The answer line of every input line of ``text``."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    pool = Pool(rules)
    parts, answer = rules.get("components"), rules.get("answer")
    out = []
    for line in lines:
        p = rules["parse"](line.rstrip("\r"))
        g = pool.zero
        for c in (parts(p) if parts is not None else [p]):
            g = pool.run(("add", g, pool.run(("position", c))))
        value, outcome = pool.run(("write", g, True, False))[0], pool.outcome(g)
        out.append(answer(value, outcome) if answer is not None else f"{value} {outcome}")
    return out


def main():
    rules = load_rules(RULES_SOURCE)
    sys.stdout.write("".join(line + "\n" for line in answers(rules, sys.stdin.read())))


if __name__ == "__main__":
    main()
