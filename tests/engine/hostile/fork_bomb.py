"""A fork bomb: every process, children included, forks for 10 rounds (1,024 processes if nothing
caps them, then each sleeps); a refused fork is tried again until the run is stopped."""

import os
import sys
import time

sys.stdin.read()
rounds = 0
while rounds < 10:
    try:
        os.fork()
        rounds += 1
    except OSError:  # refused at the cap: try again
        time.sleep(0.01)
time.sleep(60)
