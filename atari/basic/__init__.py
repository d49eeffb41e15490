"""Atari BASIC (Rev C): tokens, parsed lines, listings, .BAS files; execution against a
Machine is the back end, atari.basic.interpreter, imported only by what runs a program."""
from atari.errors import NotSimulated

from .errors import BasicError, LoadError
from .line import Line
from .listing import list_program
from .loading import load_program
from .program import Program
from .tokenized import detokenize, tokenize

__all__ = ["BasicError", "LoadError", "NotSimulated", "list_program", "Line",
           "Program", "load_program", "detokenize", "tokenize"]
