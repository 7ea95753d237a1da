"""The JSOI2009 maze game: registry entry (:mod:`.game`), board families, stress generator and
case writer. Its formulations are the UVG ones (:mod:`gamecert.verify.uvg`) on the grid graph.
"""
