"""Atari BASIC (Rev C): tokens, parsed lines, execution against a Machine, .BAS files."""
from atari.errors import NotSimulated

from .errors import BasicError, LoadError
from .interpreter import Interpreter
from .line import Line
from .listing import list_program
from .loading import load_program
from .program import Program
from .tokenized import detokenize, tokenize

__all__ = ["BasicError", "LoadError", "NotSimulated", "Interpreter", "list_program", "Line",
           "Program", "load_program", "detokenize", "tokenize"]
