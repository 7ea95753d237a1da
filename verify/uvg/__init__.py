"""The undirected vertex geography question, shared by the maze and geography games: independent
formulations (ILP, SAT, rule search, QBF), the certificate checker, file export and the audits
of the theorem.
"""
