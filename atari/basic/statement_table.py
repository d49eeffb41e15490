"""The statement table: each Atari BASIC statement's name, argument shape, node and
compile function, in token order (the Atari BASIC Source Book's SNTAB).

This one table drives the whole pipeline: the lexer finds statement names here and
tokenizes their arguments by shape, the parser reads the same shape back from the
tokens into the statement's node, and the interpreter compiles the node with the
statement's compile function.

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

    @property
    def pieces(self):
        """The comma-separated pieces of a simple shape ([] for no arguments)."""
        return self.shape.split(",") if self.shape else []


def _spec(name, shape, node, compile):
    return StatementSpec(name, shape, node, compile)


STATEMENTS = (
    _spec("REM", "text", N.Text, C.nothing),
    _spec("DATA", "text", N.Text, C.nothing),
    _spec("INPUT", "input", N.Input, C.input),
    _spec("COLOR", "n", N.Value, C.color),
    _spec("LIST", "list", N.Listing, C.list),
    _spec("ENTER", "s", N.FileName, not_simulated("ENTER")),
    _spec("LET", "let", N.Let, C.let),
    _spec("IF", "if", N.If, C.if_),
    _spec("FOR", "for", N.For, C.for_),
    _spec("NEXT", "a", N.Next, C.next),
    _spec("GOTO", "n", N.Jump, C.goto),
    _spec("GO TO", "n", N.Jump, C.goto),
    _spec("GOSUB", "n", N.Jump, C.gosub),
    _spec("TRAP", "n", N.LineArgument, C.trap),
    _spec("BYE", "", N.NoArguments, not_simulated("BYE")),
    _spec("CONT", "", N.NoArguments, C.nothing),
    _spec("COM", "dim", N.Dim, C.dim),
    _spec("CLOSE", "#", N.Close, C.close),
    _spec("CLR", "", N.NoArguments, C.clr),
    _spec("DEG", "", N.NoArguments, C.deg),
    _spec("DIM", "dim", N.Dim, C.dim),
    _spec("END", "", N.NoArguments, C.end),
    _spec("NEW", "", N.NoArguments, C.new),
    _spec("OPEN", "#,n,n,s", N.Open, C.open),
    _spec("LOAD", "s", N.FileName, not_simulated("LOAD")),
    _spec("SAVE", "s", N.FileName, not_simulated("SAVE")),
    _spec("STATUS", "#,v", N.ChannelTarget, C.status),
    _spec("NOTE", "#,v,v", N.NotePoint, C.note),
    _spec("POINT", "#,v,v", N.NotePoint, C.point),
    _spec("XIO", "n,#,n,n,s", N.Xio, C.xio),
    _spec("ON", "on", N.On, C.on),
    _spec("POKE", "n,n", N.Poke, C.poke),
    _spec("PRINT", "print", N.Print, C.print),
    _spec("RAD", "", N.NoArguments, C.rad),
    _spec("READ", "read", N.Read, C.read),
    _spec("RESTORE", "n?", N.LineArgument, C.restore),
    _spec("RETURN", "", N.NoArguments, C.return_),
    _spec("RUN", "s?", N.FileName, C.run),
    _spec("STOP", "", N.NoArguments, C.stop),
    _spec("POP", "", N.NoArguments, C.pop),
    _spec("?", "print", N.Print, C.print),
    _spec("GET", "#,a", N.ChannelTarget, C.get),
    _spec("PUT", "#,n", N.Put, C.put),
    _spec("GRAPHICS", "n", N.Value, C.graphics),
    _spec("PLOT", "n,n", N.Coordinates, C.plot),
    _spec("POSITION", "n,n", N.Coordinates, C.position),
    _spec("DOS", "", N.NoArguments, not_simulated("DOS")),
    _spec("DRAWTO", "n,n", N.Coordinates, C.drawto),
    _spec("SETCOLOR", "n,n,n", N.SetColor, C.setcolor),
    _spec("LOCATE", "n,n,a", N.Locate, C.locate),
    _spec("SOUND", "n,n,n,n", N.Sound, C.sound),
    _spec("LPRINT", "lprint", N.Print, C.lprint),
    _spec("CSAVE", "", N.NoArguments, not_simulated("CSAVE")),
    _spec("CLOAD", "", N.NoArguments, not_simulated("CLOAD")),
    # not in SNTAB: the tokens of a line without a statement name, and of a bad line
    _spec("", "let", N.Let, C.let),
    _spec("ERROR-", "text", N.Text, C.syntax_error),
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
