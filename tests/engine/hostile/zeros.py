"""Output without a newline, like `cat /dev/zero`: NUL bytes forever."""

import sys

block = bytes(65536)
while True:
    sys.stdout.buffer.write(block)
