"""Shared mathematics of the matching games: the CSR graph, matching results, the bipartite
and blossom kernels and the Gallai–Edmonds dispatch (:mod:`.gallai_edmonds`).
"""
