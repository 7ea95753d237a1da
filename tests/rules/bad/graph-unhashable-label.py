# lists as labels

def parse(text):
    return int(text)


def graph(n):
    return [[i] for i in range(n)], []
