# graph forgets to return

def parse(text):
    return int(text)


def graph(n):
    (list(range(n)), [])
