"""Reads its input and exits normally without a word."""

import sys

sys.stdin.read()
