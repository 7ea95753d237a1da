"""The rectangle-cutting games (Split Game, Cutting Game, any other
:class:`~gamecert.solvers.cutting.rules.CuttingRule`): the game class (:mod:`.game`), rule
search, plain Sprague–Grundy reference, table certificate, stress generator, case writer,
audits, pictures, play and contest problems, each reading the rule's fields.
"""
