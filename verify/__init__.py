"""Independent formulations, certificate checkers, engines and the CLI of gamecert.

One folder per game (the game's registry entry, formulations, certificate, generator, case writer
and audits); :mod:`.uvg` for the question the matching games share; :mod:`.engine` for the
engines; :mod:`.registry` lists the games; :mod:`.cli` is the ``gamecert`` command.
"""
