"""Endless standard error: reads its input, then writes error lines forever."""

import sys

sys.stdin.read()
line = b"debug: still thinking\n" * 4096
while True:
    sys.stderr.buffer.write(line)
