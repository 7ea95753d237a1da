"""A turn game (general or score) solved one shard of one tier at a time: the forward step, which touches the rules.

A rules file's ``tier(p)`` orders its positions so that no move goes to a
lower tier. The tiered solve (:mod:`gamecert.verify.engine.tiers` runs it on
Dask, with a store on disk) splits every tier into shards by
:func:`shard_of`, a hash of the position that every process computes alike;
going forward, :func:`expand` lists the positions that reach one shard
(what earlier shards sent it), calls the rules once per position (through
the kind's move reader), and sends every child to the shard that owns it
(one list per destination, each child once). Going backward, each kind
labels a shard from its own moves and its children's labels
(:func:`gamecert.solvers.general.tiers.retrograde`,
:mod:`gamecert.solvers.score.tiers`).
"""

from __future__ import annotations

import zlib
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamecert.solvers.rules.rules import Guard, TurnRules, shown_position

#: A shard's address: ``(tier, shard, round)``.
Part = tuple[int, int, int]

#: Types whose ``repr`` is the same in every process, and the containers whose items keep their order.
_PLAIN = (int, str, bytes, bool, float, type(None))

def stable_key(position: Any) -> bytes:
    """The bytes every process computes alike for ``position`` (never Python's salted ``hash``).

    ``repr`` where it is the same everywhere (ints, strings, bytes, floats,
    None and tuples of them); a frozenset's items are sorted by their own key;
    anything else is its type's name with the key of its ``__getstate__`` or
    ``__dict__``. Equal positions must give one key: a position that is
    ``1`` in one place and ``True`` in another splits in two.

    Notes
    -----
    An explicit stack over the position's items: ``O(size)`` time.

    >>> stable_key((1, "a")), stable_key(frozenset({"b", "a"})) == stable_key(frozenset({"a", "b"}))
    (b"(1, 'a')", True)
    """
    if type(position) in _PLAIN:
        return repr(position).encode()
    if type(position) is tuple and all(type(x) in _PLAIN for x in position):
        return repr(position).encode()
    out: list[bytes] = []
    # Each item is (object, closing): the closing bytes are written once the object's items are.
    stack: list[tuple[Any, bytes | None]] = [(position, None)]
    while stack:
        x, closing = stack.pop()
        if closing is not None:
            out.append(closing)
            continue
        t = type(x)
        if t in _PLAIN:
            out.append(repr(x).encode())
        elif t in (tuple, list):
            out.append(b"(" if t is tuple else b"[")
            stack.append((None, b")" if t is tuple else b"]"))
            for item in reversed(x):
                stack.append((None, b","))
                stack.append((item, None))
        elif t in (frozenset, set):
            out.append(b"{" + b",".join(sorted(stable_key(item) for item in x)) + b"}")
        elif t is dict:
            items = sorted((stable_key(k), stable_key(v)) for k, v in x.items())
            out.append(b"{" + b",".join(k + b":" + v for k, v in items) + b"}")
        else:
            state = x.__getstate__() if hasattr(x, "__getstate__") else vars(x)
            out.append(f"{t.__module__}.{t.__qualname__}<".encode() + stable_key(state) + b">")
    return b"".join(out)


def shard_of(position: Any, shards: int) -> int:
    """The shard of its tier that owns ``position``: CRC-32 of :func:`stable_key`, mixed by Fibonacci hashing
    (times 2^32 / φ modulo 2^32) and scaled to ``0 .. shards - 1`` by its high bits.

    >>> shard_of("X..|", 16) == shard_of("X..|", 16), 0 <= shard_of((3, 4), 16) < 16
    (True, True)
    """
    return ((zlib.crc32(stable_key(position)) * 0x9E3779B1) & 0xFFFFFFFF) * shards >> 32


def tier_of(rules: TurnRules, guard: Guard, position: Any) -> int:
    """``tier(position)``, held to the contract: an int."""
    guard.doing = ("tier", position)
    t = rules.tier(position)
    if type(t) is not int:
        if isinstance(t, bool) or not isinstance(t, int):
            raise guard.error("tier", position, f"returned {shown_position(t)}, expected an int")
        t = int(t)
    return t


@dataclass(frozen=True)
class Expanded:
    """The positions one forward step found in its shard, with what the rules said of each.

    ``ends[i]``: what ``result`` said (None while the game goes on). The
    moves of position ``i`` are ``heads[i]:heads[i + 1]`` of ``dest`` and
    ``index``: ``dest -1`` is a position of this shard by its number in the
    shard (over every round), else the child is item ``index`` of the list
    sent to ``sent[dest]``. ``extra`` marks a move after which the same
    player moves again (None without ``player``); ``points`` what each move
    scores (a score game; None in a general game).
    """

    positions: list
    ends: list
    heads: np.ndarray
    dest: np.ndarray
    index: np.ndarray
    extra: np.ndarray | None
    sent: dict[Part, list]
    points: np.ndarray | None = None


#: A sent child's code in :func:`expand`: ``~(slot << _SLOT | index)``, negative; a child of the shard is its number.
_SLOT = 40


def expand(
    rules: TurnRules, guard: Guard, part: Part, shards: int, arrivals: Iterable[Hashable], index: dict
) -> Expanded:
    """Call the rules once on every position that reaches shard ``part = (tier, shard, round)`` and is not
    in ``index`` (position -> its number in the shard, from earlier rounds); route every child. ``index``
    grows: it ends holding every position of the shard by its number, and (negative) every child sent on.

    Children of the same tier and shard are expanded here too; a child of a
    later tier goes to round 0 of its shard, one of this tier but another
    shard to this tier's next round (the coordinator runs rounds until none
    is sent). Call inside ``guard``'s block; a move to a lower tier, a tier
    that is not an int, a result that is no outcome and a third player are
    a :class:`~gamecert.solvers.errors.RulesError`.

    Notes
    -----
    One call of ``result``, ``moves`` (and ``player``) per position, one of
    ``tier`` (and ``player``) per distinct child: ``O(P + M)`` time for
    ``P`` positions and ``M`` moves, ``O(P + M)`` space for this shard alone.
    One dictionary holds both a child of the shard (its number) and a child
    sent on (a negative code of its destination and its place in that list).

    >>> from gamecert.solvers.rules.rules import GeneralRules
    >>> count = GeneralRules("count", "count.py", int, lambda n: [n - 1] if n else [], tier=lambda n: 9 - n)
    >>> e = expand(count, Guard(count), (7, shard_of(2, 1), 0), 1, [2], {})
    >>> e.positions, e.dest.tolist(), e.sent
    ([2], [0], {(8, 0, 0): [1]})
    """
    tier, shard, round_ = part
    moves, result, player, reader, tier_rule = rules.moves, rules.result, rules.player, rules.reader, rules.tier
    met, read = reader.met, reader.read
    base = len(index)  # the earlier rounds' positions
    positions: list = []
    for p in arrivals:
        if p not in index:
            index[p] = base + len(positions)
            positions.append(p)
    ends: list = []
    heads = [0]
    codes: list[int] = []
    extra: list[bool] | None = [] if player is not None else None
    points = reader.points()
    sent: dict[Part, list] = {}
    # t * shards + s -> (the code of the list's first item, the list sent to shard s of tier t)
    boxes: dict[int, tuple[int, list]] = {}
    players: dict = {}
    seats: dict = {}
    get, code, head, end = index.get, codes.append, heads.append, ends.append
    crc, plain = zlib.crc32, str
    next_round = round_ + 1
    mine = None

    def who(p: Any) -> Any:
        found = players.get(p, players)
        if found is players:
            guard.doing = ("player", p)
            found = players[p] = player(p)
            if found not in seats:
                if len(seats) == 2:
                    a, b = seats
                    raise guard.error("player", p, f"named a third player {found!r} (the players are {a!r} and {b!r})")
                seats[found] = len(seats)
        return found

    for p in positions:  # grows as children of this shard are found
        if result is not None:
            guard.doing = ("result", p)
            r = result(p)
            if r is not None:
                end(reader.result(guard, p, r))
                head(len(codes))
                continue
        end(None)
        guard.doing = ("moves", p)
        items = list(read(guard, p, moves(p), points))
        if player is not None:
            mine = who(p)
        for c in items:
            k = get(c)
            if k is None:
                if met is not None:
                    met(guard, c, p)
                guard.doing = ("tier", c)
                t = tier_rule(c)
                if type(t) is not int:
                    t = tier_of(rules, guard, c)
                if t < tier:
                    raise guard.error(
                        "moves", p, f"the move to {shown_position(c)} goes to tier {t}, below this position's tier "
                        f"{tier} (tier() must never decrease along a move)",
                    )
                # shard_of, inline: the stable key of a string is its repr
                s = ((crc(repr(c).encode() if type(c) is plain else stable_key(c)) * 0x9E3779B1) & 0xFFFFFFFF) * shards >> 32
                if t == tier and s == shard:
                    k = index[c] = base + len(positions)
                    positions.append(c)
                else:
                    box = boxes.get(t * shards + s)
                    if box is None:
                        box = boxes[t * shards + s] = (len(boxes) << _SLOT, [])
                        sent[(t, s, 0 if t > tier else next_round)] = box[1]
                    k = index[c] = ~(box[0] | len(box[1]))
                    box[1].append(c)
            code(k)
            if extra is not None:
                extra.append(who(c) == mine)
        head(len(codes))
    guard.doing = None
    coded = np.asarray(codes, dtype=np.int64)
    away = coded < 0
    flipped = np.where(away, ~coded, coded)
    dest = np.where(away, flipped >> _SLOT, -1).astype(np.int32)
    where = np.where(away, flipped & ((1 << _SLOT) - 1), flipped)
    return Expanded(
        positions, ends, np.asarray(heads, dtype=np.int64), dest, where,
        None if extra is None else np.asarray(extra, dtype=bool), sent,
        None if points is None else np.asarray(points, dtype=np.int64),
    )
