"""Reading judge-format text with exact positions for every complaint.

Every parser in gamecert reads through :class:`TextInput`, so each error names
``source:line:column`` and what was expected there.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecert.solvers.errors import InputError


@dataclass(frozen=True)
class Token:
    text: str
    line: int
    column: int


class TextInput:
    """Judge input split into lines, with CRLF and trailing blanks tolerated.

    Line and column numbers are 1-based. ``text`` may be ``str`` or ``bytes``
    (bytes are read as Latin-1 so that no byte is rejected before a parser
    can point at it).
    """

    def __init__(self, text: str | bytes, source: str = "<stdin>") -> None:
        if isinstance(text, bytes):
            text = text.decode("latin-1")
        self.source = source
        self.lines = text.split("\n")
        if self.lines and self.lines[-1] == "":
            self.lines.pop()
        self.lines = [line.rstrip("\r") for line in self.lines]

    def error(self, line: int, column: int, message: str) -> InputError:
        return InputError(self.source, line, column, message)

    def line_text(self, line: int) -> str:
        """Line ``line`` (1-based) without trailing spaces and tabs."""
        return self.lines[line - 1].rstrip(" \t")

    def end(self) -> tuple[int, int]:
        """The position just past the input, for 'expected more' errors."""
        if not self.lines:
            return 1, 1
        return len(self.lines), len(self.lines[-1]) + 1

    def tokens(self, first_line: int = 1):
        """Whitespace-separated tokens from ``first_line`` on, with positions."""
        for i in range(first_line - 1, len(self.lines)):
            line = self.lines[i]
            col = 0
            while col < len(line):
                while col < len(line) and line[col] in " \t":
                    col += 1
                if col >= len(line):
                    break
                end = col
                while end < len(line) and line[end] not in " \t":
                    end += 1
                yield Token(line[col:end], i + 1, col + 1)
                col = end

    def line_tokens(self, line: int) -> list[Token]:
        return list(self.tokens_of(line))

    def tokens_of(self, line: int):
        for tok in self.tokens(line):
            if tok.line != line:
                return
            yield tok

    def integer(
        self, tok: Token, what: str, lo: int | None = None, hi: int | None = None, hint: str = ""
    ) -> int:
        """``tok`` as an integer in ``lo..hi``, or an error naming ``what`` (plus ``hint``)."""
        text = tok.text
        body = text[1:] if text[:1] in "+-" else text
        if not body.isascii() or not body.isdigit():
            raise self.error(tok.line, tok.column, f"expected {what} (an integer), got {text!r}")
        value = int(text)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
            hint = hint if hi is not None and value > hi else ""
            raise self.error(tok.line, tok.column, f"expected {what} in {rng}, got {value}{hint}")
        return value
