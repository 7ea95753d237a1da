"""The JSOI2009 maze game: its game class and capabilities (:mod:`.game`), board families, stress
generator, exhaustive boards, pictures, contest problem and case writer. Its core, formulations,
play and mid-game answers are the UVG ones (:mod:`gamecert.verify.uvg.game`) on the grid graph.
"""
