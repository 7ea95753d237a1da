"""The graph kind of rules games: a token on a graph a rules file builds, over verify/uvg."""
