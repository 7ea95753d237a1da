# moves but no parse
def moves(n):
    return range(n)
