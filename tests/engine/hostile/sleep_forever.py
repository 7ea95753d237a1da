"""Sleeps forever without reading or writing."""

import time

while True:
    time.sleep(3600)
