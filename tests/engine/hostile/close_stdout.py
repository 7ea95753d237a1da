"""Reads its input, closes standard output and runs on."""

import os
import sys
import time

sys.stdin.read()
sys.stdout.flush()
os.close(1)
while True:
    time.sleep(3600)
