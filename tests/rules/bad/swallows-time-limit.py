# except Exception cannot stop the time limit
import time


def parse(line):
    return int(line)


def moves(n):
    while True:
        try:
            time.sleep(3600)
        except Exception:
            pass
