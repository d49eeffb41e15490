"""Errors of the Atari BASIC language side (the numbers are in atari/errors.py)."""
from atari.errors import AtariError


class BasicError(AtariError):
    """A BASIC run-time error: its Atari error number and the line it stopped at."""

    def __init__(self, number, line=None, detail=""):
        self.line = line
        self.detail = detail
        super().__init__(number)

    def message(self):
        """The text the Atari prints, e.g. ``ERROR-  12 AT LINE 40``."""
        text = "ERROR-  %d" % self.number
        if self.line is not None:
            text += " AT LINE %d" % self.line
        if self.detail:
            text += " (%s)" % self.detail
        return text

    def __str__(self):
        return self.message()


class LoadError(Exception):
    """A program file that cannot be loaded at all (not a listing, a damaged .BAS)."""


class SyntaxProblem(Exception):
    """Raised inside the tokenizer when a line does not match Atari BASIC syntax."""

    def __init__(self, position, reason):
        self.position = position
        self.reason = reason
        super().__init__("%s at column %d" % (reason, position + 1))
