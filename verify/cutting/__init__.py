"""The rectangle-cutting games (Split Game and Cutting Game): registry entries (:mod:`.game`), rule
search, plain Sprague–Grundy reference, table certificate, stress generator, case writer and audits.
"""
