"""One huge line (a single 600,000-character token), then a normal exit."""

import sys

sys.stdin.read()
sys.stdout.write("W" * 600_000 + "\n")
