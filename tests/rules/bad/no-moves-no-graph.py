# parse alone: neither moves nor graph
def parse(line):
    return int(line)
