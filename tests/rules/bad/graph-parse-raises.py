# parse expects a number

def parse(text):
    return int(text)


def graph(n):
    return list(range(n)), []
