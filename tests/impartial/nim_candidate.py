"""A contestant's program for Nim (tests/impartial/cases/nim.py): heap sizes on each input line, and ``win N`` or
``lose 0`` per line (N the xor of the heaps, Bouton 1901). ``--sum``: the sum of the heaps instead, which is
right for one heap and wrong for ``1 1``, the smallest position of two heaps."""

import sys

answers = []
for line in sys.stdin.read().split("\n")[:-1]:
    heaps = [int(word) for word in line.split()]
    value = 0
    for heap in heaps:
        value = value + heap if "--sum" in sys.argv else value ^ heap
    answers.append(f"win {value}\n" if value else "lose 0\n")
print("".join(answers), end="")
