"""The undirected vertex geography question, shared by the maze and geography games: the base class
:class:`~gamecert.verify.uvg.game.UvgGame`, independent formulations (ILP, SAT, rule search, QBF),
the certificate checker, play and mid-game answers, file export and the audits of the theorem.
"""
