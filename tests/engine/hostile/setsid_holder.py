"""Leaves a grandchild in a new session (outside the process group) that holds standard output
open and sleeps, its process id written to the file named by argv[1]; then answers WIN and exits,
or with argv[2] == "stay" sleeps forever itself."""

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
print("WIN", flush=True)
while sys.argv[2:] == ["stay"]:
    time.sleep(3600)
