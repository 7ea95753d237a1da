"""Reads its input, prints a partial answer and ends by the signal named in argv[1] (SIGSEGV, SIGABRT, ...)."""

import os
import signal
import sys

sys.stdin.read()
print("WIN", flush=True)
os.kill(os.getpid(), getattr(signal, sys.argv[1]))
