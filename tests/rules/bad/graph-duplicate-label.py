# the label 0 twice

def parse(text):
    return int(text)


def graph(n):
    return [0] + list(range(n)), []
