"""Starts as many processes as it may (at most 1,024), each leading a session of its own and sleeping a minute,
then answers the maze case right by running the program its one argument names (``tests/maze/candidate.py``,
named on the command line so the sandbox shows it even when the checkout lies under the scratch ``/tmp``):
every run passes, each leaving its processes behind for the sandbox to end before the next run starts."""

import os
import runpy
import sys
import time

started = 0
while started < 1024:
    try:
        pid = os.fork()
    except OSError:  # refused at the cap
        break
    if pid == 0:
        os.setsid()
        time.sleep(60)
        os._exit(0)
    started += 1
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
