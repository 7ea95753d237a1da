# graph fails, through export

def parse(text):
    return int(text)


def graph(n):
    raise ValueError('no board of size ' + str(n))
