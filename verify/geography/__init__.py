"""Undirected vertex geography on any graph: registry entry (:mod:`.game`), blossom graph families,
stress generator and case writer. Its formulations and audits are the UVG ones
(:mod:`gamecert.verify.uvg`).
"""
