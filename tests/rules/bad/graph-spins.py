# graph spins for ever

def parse(text):
    return int(text)


def graph(n):
    while True:
        n += 1
