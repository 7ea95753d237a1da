# moves sleeps for ever
import time


def parse(line):
    return int(line)


def moves(n):
    time.sleep(3600)
    return []
