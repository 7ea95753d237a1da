"""Leaves a grandchild in a new session (outside the process group) that holds standard output
open and sleeps (argv[1] is a marker the test finds it by, in its command line); then answers WIN
and exits, or with argv[2] == "stay" sleeps forever itself."""

import os
import sys
import time

sys.stdin.read()
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        while True:
            time.sleep(3600)
    os._exit(0)
os.wait()
print("WIN", flush=True)
while sys.argv[2:] == ["stay"]:
    time.sleep(3600)
