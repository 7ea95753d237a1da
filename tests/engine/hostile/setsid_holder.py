"""Exits at once, leaving a grandchild in a new session (outside the process group) that holds
standard output open and sleeps; the grandchild's process id goes to the file named by argv[1]."""

import os
import sys
import time

sys.stdin.read()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        with open(sys.argv[1], "w") as pid:
            pid.write(str(os.getpid()))
        while True:
            time.sleep(3600)
    os._exit(0)
os.wait()
