"""How a message shows a position, or what a rules function returned: :func:`shown_position`."""

from __future__ import annotations

from typing import Any

#: How many characters of a position a message shows.
SHOWN_POSITION = 60


def shown_position(position: Any) -> str:
    """A position (or its text) in a message, cut to :data:`SHOWN_POSITION` characters.

    >>> shown_position((1, 2)), shown_position("x" * 70)[-3:]
    ('(1, 2)', 'xx…')
    """
    text = position if isinstance(position, str) and "\n" not in position and "\r" not in position else repr(position)
    return text if len(text) <= SHOWN_POSITION else text[:SHOWN_POSITION] + "…"
