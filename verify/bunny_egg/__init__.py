"""The NOI2011 Bunny and Egg game: registry entry (:mod:`.game`), board search, ILP and networkx
routes, the per-position certificate check, families, stress generator and audits.
"""
