"""Atari BASIC (Rev C): tokens, parsed lines, execution against a Machine, .BAS files."""
from .errors import BasicError, LoadError, NotSimulated
from .interpreter import Interpreter
from .listing import list_program
from .program import Line, Program, load_program
from .tokenized import detokenize, tokenize

__all__ = ["BasicError", "LoadError", "NotSimulated", "Interpreter", "list_program", "Line",
           "Program", "load_program", "detokenize", "tokenize"]
