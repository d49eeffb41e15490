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


STATEMENTS = (
    StatementSpec("REM", "text", N.Text, C.nothing, 0),
    StatementSpec("DATA", "text", N.Text, C.nothing, 0),
    StatementSpec("INPUT", "input", N.Input, C.input, 3000),
    StatementSpec("COLOR", "n", N.Value, C.color, 500),
    StatementSpec("LIST", "list", N.Listing, C.list, 5000),
    StatementSpec("ENTER", "s", N.FileName, not_simulated("ENTER"), 0),
    StatementSpec("LET", "let", N.Let, C.let, 300),
    StatementSpec("IF", "if", N.If, C.if_, 200),
    StatementSpec("FOR", "for", N.For, C.for_, 3000),
    StatementSpec("NEXT", "a", N.Next, C.next, 3000),
    StatementSpec("GOTO", "n", N.Jump, C.goto, 500),
    StatementSpec("GO TO", "n", N.Jump, C.goto, 500),
    StatementSpec("GOSUB", "n", N.Jump, C.gosub, 1000),
    StatementSpec("TRAP", "n", N.LineArgument, C.trap, 500),
    StatementSpec("BYE", "", N.NoArguments, not_simulated("BYE"), 0),
    StatementSpec("CONT", "", N.NoArguments, C.nothing, 0),
    StatementSpec("COM", "dim", N.Dim, C.dim, 2000),
    StatementSpec("CLOSE", "#", N.Close, C.close, 2000),
    StatementSpec("CLR", "", N.NoArguments, C.clr, 1000),
    StatementSpec("DEG", "", N.NoArguments, C.deg, 100),
    StatementSpec("DIM", "dim", N.Dim, C.dim, 2000),
    StatementSpec("END", "", N.NoArguments, C.end, 5000),
    StatementSpec("NEW", "", N.NoArguments, C.new, 0),
    StatementSpec("OPEN", "#,n,n,s", N.Open, C.open, 5000),
    StatementSpec("LOAD", "s", N.FileName, not_simulated("LOAD"), 0),
    StatementSpec("SAVE", "s", N.FileName, not_simulated("SAVE"), 0),
    StatementSpec("STATUS", "#,v", N.ChannelTarget, C.status, 2000),
    StatementSpec("NOTE", "#,v,v", N.NotePoint, C.note, 2000),
    StatementSpec("POINT", "#,v,v", N.NotePoint, C.point, 2000),
    StatementSpec("XIO", "n,#,n,n,s", N.Xio, C.xio, 3000),
    StatementSpec("ON", "on", N.On, C.on, 800),
    StatementSpec("POKE", "n,n", N.Poke, C.poke, 1000),
    StatementSpec("PRINT", "print", N.Print, C.print, 500),
    StatementSpec("RAD", "", N.NoArguments, C.rad, 100),
    StatementSpec("READ", "read", N.Read, C.read, 3000),
    StatementSpec("RESTORE", "n?", N.LineArgument, C.restore, 500),
    StatementSpec("RETURN", "", N.NoArguments, C.return_, 800),
    StatementSpec("RUN", "s?", N.FileName, C.run, 2000),
    StatementSpec("STOP", "", N.NoArguments, C.stop, 2000),
    StatementSpec("POP", "", N.NoArguments, C.pop, 300),
    StatementSpec("?", "print", N.Print, C.print, 500),
    StatementSpec("GET", "#,a", N.ChannelTarget, C.get, 2000),
    StatementSpec("PUT", "#,n", N.Put, C.put, 2000),
    StatementSpec("GRAPHICS", "n", N.Value, C.graphics, 30000),
    StatementSpec("PLOT", "n,n", N.Coordinates, C.plot, 3000),
    StatementSpec("POSITION", "n,n", N.Coordinates, C.position, 1000),
    StatementSpec("DOS", "", N.NoArguments, not_simulated("DOS"), 0),
    StatementSpec("DRAWTO", "n,n", N.Coordinates, C.drawto, 5000),
    StatementSpec("SETCOLOR", "n,n,n", N.SetColor, C.setcolor, 1500),
    StatementSpec("LOCATE", "n,n,a", N.Locate, C.locate, 3000),
    StatementSpec("SOUND", "n,n,n,n", N.Sound, C.sound, 2000),
    StatementSpec("LPRINT", "lprint", N.Print, C.lprint, 500),
    StatementSpec("CSAVE", "", N.NoArguments, not_simulated("CSAVE"), 0),
    StatementSpec("CLOAD", "", N.NoArguments, not_simulated("CLOAD"), 0),
    # not in SNTAB: the tokens of a line without a statement name, and of a bad line
    StatementSpec("", "let", N.Let, C.let, 300),
    StatementSpec("ERROR-", "text", N.Text, C.syntax_error, 0),
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
