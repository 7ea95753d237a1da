"""Game adapters: each module defines ``GAME``, a :class:`verify.games.Game`."""
