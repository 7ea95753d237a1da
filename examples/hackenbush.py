"""Blue-Red Hackenbush on strings and trees: Left cuts a blue edge, Right a red one; what loses touch with the ground falls.

A partizan rules file for gamecert (docs/partizan.md). One input line is one
picture: trees standing on the ground, separated by spaces. A tree is a chain
of edges from the ground up, ``B`` blue and ``R`` red, optionally ending in
branches in brackets: ``BRB`` is a string of three edges (blue at the ground),
``B[R,BB]`` a blue edge carrying a red edge and a blue string of two. A cut
removes the edge and everything that hangs from it. The player who cannot cut
loses.

Each tree is a game of its own (``components``). A string's value follows
Berlekamp's sign-expansion rule (docs/partizan.md); the claim
``sign_expansion`` below writes it for single strings.

    gamecert solve --rules examples/hackenbush.py INPUT
"""

KIND = "partizan"


def parse(line):
    """Trees separated by spaces (an empty line: no edge)."""
    return tuple(sorted(_tree(word) for word in line.split()))


def _tree(text):
    """A tree ``(colour, branches)`` from its text, read with an explicit stack of open chains."""
    # Each frame: [colours from the ground up, branches read, closed by ']'].
    stack = [[[], [], False]]
    for ch in text:
        top = stack[-1]
        if ch in "BR" and not top[2]:
            top[0].append(ch)
        elif ch == "[" and top[0] and not top[2]:
            stack.append([[], [], False])
        elif ch in ",]" and len(stack) > 1 and top[0]:
            stack.pop()
            stack[-1][1].append(_chain(top))
            if ch == ",":
                stack.append([[], [], False])
            else:
                stack[-1][2] = True
        else:
            raise ValueError(f"expected a tree of edges B and R with balanced [branches,...], got {text!r}")
    if len(stack) != 1 or not stack[0][0]:
        raise ValueError(f"expected a tree of edges B and R with balanced [branches,...], got {text!r}")
    return _chain(stack[0])


def _chain(frame):
    """The chain of edges of ``frame`` (from the ground up) carrying its branches."""
    colours, branches, _ = frame
    top, node = tuple(sorted(branches)), None
    for colour in reversed(colours):
        node = (colour, top)
        top = (node,)
    return node


def _cuts(tree, colour):
    """Every tree left after cutting one ``colour`` edge of ``tree`` (None: the tree fell whole)."""
    out = []
    # Each frame: a node and the way back up to the root, as (parent, branch index) pairs rebuilt on return.
    stack = [(tree, ())]
    while stack:
        node, path = stack.pop()
        if node[0] == colour:
            out.append(_rebuild(tree, path, None))
        for i, branch in enumerate(node[1]):
            stack.append((branch, path + (i,)))
    return out


def _rebuild(tree, path, replacement):
    """``tree`` with the node at ``path`` (branch indices from the root) replaced; None removes it."""
    nodes = [tree]
    for i in path:
        nodes.append(nodes[-1][1][i])
    new = replacement
    for depth in range(len(path) - 1, -1, -1):
        colour, branches = nodes[depth]
        kept = list(branches)
        if new is None:
            del kept[path[depth]]
        else:
            kept[path[depth]] = new
        new = (colour, tuple(sorted(kept)))
    return new


def _moves(position, colour):
    out = []
    for i, tree in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        for cut in _cuts(tree, colour):
            out.append(tuple(sorted(rest + ((cut,) if cut is not None else ()))))
    return out


def left(position):
    """Left cuts a blue edge."""
    return _moves(position, "B")


def right(position):
    """Right cuts a red edge."""
    return _moves(position, "R")


def components(position):
    """Each tree on its own."""
    return [(tree,) for tree in position]


def _text(tree):
    colours = []
    while len(tree[1]) == 1:
        colours.append(tree[0])
        tree = tree[1][0]
    colours.append(tree[0])
    if not tree[1]:
        return "".join(colours)
    return "".join(colours) + "[" + ",".join(_text(t) for t in tree[1]) + "]"


def format(position):
    return " ".join(_text(t) for t in position)


def positions(size):
    """Every string of ``size`` edges."""
    strings = [""]
    for _ in range(size):
        strings = [s + c for s in strings for c in "BR"]
    return [parse(s) for s in strings]


def sign_expansion(position):
    """Berlekamp's rule for a single string (as ``positions`` gives them): the edges up to the first change
    of colour count 1 each, with their sign; each later edge counts half as much as the one below it."""
    if not position:
        return "0"
    text = _text(position[0])
    sign = {"B": 1, "R": -1}
    value, i = 0, 0
    while i < len(text) and text[i] == text[0]:
        value += sign[text[i]]
        i += 1
    num, den = value, 1
    for ch in text[i:]:
        num, den = 2 * num + sign[ch], 2 * den
    while den > 1 and num % 2 == 0:
        num, den = num // 2, den // 2
    return str(num) if den == 1 else f"{num}/{den}"
