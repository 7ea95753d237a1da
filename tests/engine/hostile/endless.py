"""Endless output, like `yes WIN`: never reads its input, never stops writing."""

import sys

line = b"WIN\n" * 16384
while True:
    sys.stdout.buffer.write(line)
