# imports a module that does not exist
import no_such_module_for_rules

def parse(line):
    return int(line)


def moves(n):
    return range(n)
