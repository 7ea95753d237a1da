"""Undirected vertex geography on any graph: its game class and capabilities (:mod:`.game`), blossom
graph families, stress generator, pictures, contest problem and case writer. Its core, formulations,
audits, exhaustive graphs, play and mid-game answers are the UVG ones (:mod:`gamecert.verify.uvg`).
"""
