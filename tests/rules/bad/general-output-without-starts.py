# output writes the judge's answer, but nothing lists the starts
KIND = "general"


def parse(text):
    return int(text)


def moves(n):
    return range(n)


def output(instance, answers):
    return " ".join(outcome for outcome, _ in answers)
