"""A program that never answers in time."""

import time

time.sleep(60)
