"""A program that reads its input and then crashes."""

import sys

sys.stdin.read()
raise ZeroDivisionError("candidate bug")
