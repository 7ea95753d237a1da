"""Writes 1 GiB to /tmp/argv[1], 1 MiB at a time, then answers WIN."""

import sys

sys.stdin.read()
block = b"x" * 2**20
with open(f"/tmp/{sys.argv[1]}", "wb") as out:
    out.writelines(block for _ in range(1024))
print("WIN")
