"""The statement table: each Atari BASIC statement's name, argument shape, node and
compile function, in token order (the Atari BASIC Source Book's SNTAB).

This one table drives the whole pipeline: the lexer finds statement names here and
tokenizes their arguments by shape, the parser reads the same shape back from the
tokens into the statement's node, the interpreter compiles the node with the
statement's compile function and charges the virtual clock its cycles.

A shape is either a list of comma-separated pieces (``n`` a numeric expression, ``s``
a string, ``#`` a channel ``#n``, ``v`` a numeric variable or array element, ``a`` a
simple variable, ``n?``/``s?`` an optional last piece) whose values fill the node's
fields in order, or the name of a shape with a grammar of its own (``print``, ``if``...).
"""
from dataclasses import dataclass
from typing import Callable

from . import nodes as N
from .statements import StatementCompiler as C
from .statements import not_simulated

CUSTOM_SHAPES = ("text", "let", "if", "for", "on", "print", "lprint", "input", "read",
                 "dim", "list")


@dataclass(frozen=True)
class StatementSpec:
    name: str
    shape: str
    node: type
    compile: Callable          # compile(compiler, node) -> the statement's closure
    cycles: int                # its own work on the Atari, beyond its expressions (costs.py)

    @property
    def pieces(self):
        """The comma-separated pieces of a simple shape ([] for no arguments)."""
        return self.shape.split(",") if self.shape else []


def _spec(name, shape, node, compile, cycles):
    return StatementSpec(name, shape, node, compile, cycles)


STATEMENTS = (
    _spec("REM", "text", N.Text, C.nothing, 0),
    _spec("DATA", "text", N.Text, C.nothing, 0),
    _spec("INPUT", "input", N.Input, C.input, 3000),
    _spec("COLOR", "n", N.Value, C.color, 500),
    _spec("LIST", "list", N.Listing, C.list, 5000),
    _spec("ENTER", "s", N.FileName, not_simulated("ENTER"), 0),
    _spec("LET", "let", N.Let, C.let, 300),
    _spec("IF", "if", N.If, C.if_, 200),
    _spec("FOR", "for", N.For, C.for_, 3000),
    _spec("NEXT", "a", N.Next, C.next, 3000),
    _spec("GOTO", "n", N.Jump, C.goto, 500),
    _spec("GO TO", "n", N.Jump, C.goto, 500),
    _spec("GOSUB", "n", N.Jump, C.gosub, 1000),
    _spec("TRAP", "n", N.LineArgument, C.trap, 500),
    _spec("BYE", "", N.NoArguments, not_simulated("BYE"), 0),
    _spec("CONT", "", N.NoArguments, C.nothing, 0),
    _spec("COM", "dim", N.Dim, C.dim, 2000),
    _spec("CLOSE", "#", N.Close, C.close, 2000),
    _spec("CLR", "", N.NoArguments, C.clr, 1000),
    _spec("DEG", "", N.NoArguments, C.deg, 100),
    _spec("DIM", "dim", N.Dim, C.dim, 2000),
    _spec("END", "", N.NoArguments, C.end, 5000),
    _spec("NEW", "", N.NoArguments, C.new, 0),
    _spec("OPEN", "#,n,n,s", N.Open, C.open, 5000),
    _spec("LOAD", "s", N.FileName, not_simulated("LOAD"), 0),
    _spec("SAVE", "s", N.FileName, not_simulated("SAVE"), 0),
    _spec("STATUS", "#,v", N.ChannelTarget, C.status, 2000),
    _spec("NOTE", "#,v,v", N.NotePoint, C.note, 2000),
    _spec("POINT", "#,v,v", N.NotePoint, C.point, 2000),
    _spec("XIO", "n,#,n,n,s", N.Xio, C.xio, 3000),
    _spec("ON", "on", N.On, C.on, 800),
    _spec("POKE", "n,n", N.Poke, C.poke, 1000),
    _spec("PRINT", "print", N.Print, C.print, 500),
    _spec("RAD", "", N.NoArguments, C.rad, 100),
    _spec("READ", "read", N.Read, C.read, 3000),
    _spec("RESTORE", "n?", N.LineArgument, C.restore, 500),
    _spec("RETURN", "", N.NoArguments, C.return_, 800),
    _spec("RUN", "s?", N.FileName, C.run, 2000),
    _spec("STOP", "", N.NoArguments, C.stop, 2000),
    _spec("POP", "", N.NoArguments, C.pop, 300),
    _spec("?", "print", N.Print, C.print, 500),
    _spec("GET", "#,a", N.ChannelTarget, C.get, 2000),
    _spec("PUT", "#,n", N.Put, C.put, 2000),
    _spec("GRAPHICS", "n", N.Value, C.graphics, 30000),
    _spec("PLOT", "n,n", N.Coordinates, C.plot, 3000),
    _spec("POSITION", "n,n", N.Coordinates, C.position, 1000),
    _spec("DOS", "", N.NoArguments, not_simulated("DOS"), 0),
    _spec("DRAWTO", "n,n", N.Coordinates, C.drawto, 5000),
    _spec("SETCOLOR", "n,n,n", N.SetColor, C.setcolor, 1500),
    _spec("LOCATE", "n,n,a", N.Locate, C.locate, 3000),
    _spec("SOUND", "n,n,n,n", N.Sound, C.sound, 2000),
    _spec("LPRINT", "lprint", N.Print, C.lprint, 500),
    _spec("CSAVE", "", N.NoArguments, not_simulated("CSAVE"), 0),
    _spec("CLOAD", "", N.NoArguments, not_simulated("CLOAD"), 0),
    # not in SNTAB: the tokens of a line without a statement name, and of a bad line
    _spec("", "let", N.Let, C.let, 300),
    _spec("ERROR-", "text", N.Text, C.syntax_error, 0),
)
STATEMENT_NAMES = tuple(spec.name for spec in STATEMENTS[:-2])
STATEMENT = {name: token for token, name in enumerate(STATEMENT_NAMES)}
IMPLIED_LET = len(STATEMENTS) - 2          # 0x36
SYNTAX_ERROR = len(STATEMENTS) - 1         # 0x37
SYNTAX_ERROR_NAME = STATEMENTS[SYNTAX_ERROR].name
REM, DATA = STATEMENT["REM"], STATEMENT["DATA"]


def statement_spec(token):
    """The table entry of statement ``token``, or None for a token no statement has."""
    return STATEMENTS[token] if 0 <= token < len(STATEMENTS) else None
