"""The statement table: each Atari BASIC statement's name, argument shape, node, compile
method and cost, in token order (the Atari BASIC Source Book's SNTAB).

This one table of data drives the whole pipeline: the lexer finds statement names here
and tokenizes their arguments by shape, the parser reads the same shape back from the
tokens into the statement's node, the interpreter compiles the node with the
StatementCompiler method the entry names (statements.py) and charges the virtual clock
its cycles. The table names the compiler's methods and imports none of it: the front end
(lexer, parser) stands without the back end (statements, expressions, costs, interpreter).

A shape is either a list of comma-separated pieces (``n`` a numeric expression, ``s``
a string, ``#`` a channel ``#n``, ``v`` a numeric variable or array element, ``a`` a
simple variable, ``n?``/``s?`` an optional last piece) whose values fill the node's
fields in order, or the name of a shape with a grammar of its own (``print``, ``if``...).
"""
from dataclasses import dataclass

from . import nodes as N

CUSTOM_SHAPES = ("text", "let", "if", "for", "on", "print", "lprint", "input", "read",
                 "dim", "list")


@dataclass(frozen=True)
class StatementSpec:
    name: str
    shape: str
    node: type
    method: str                # the StatementCompiler method that compiles its node (statements.py)
    cycles: int                # its own work on the Atari, beyond its expressions (costs.py)

    @property
    def pieces(self):
        """The comma-separated pieces of a simple shape ([] for no arguments)."""
        return self.shape.split(",") if self.shape else []


STATEMENTS = (
    StatementSpec("REM", "text", N.Text, "nothing", 0),
    StatementSpec("DATA", "text", N.Text, "nothing", 0),
    StatementSpec("INPUT", "input", N.Input, "input", 3000),
    StatementSpec("COLOR", "n", N.Value, "color", 500),
    StatementSpec("LIST", "list", N.Listing, "list", 5000),
    StatementSpec("ENTER", "s", N.FileName, "not_simulated", 0),
    StatementSpec("LET", "let", N.Let, "let", 300),
    StatementSpec("IF", "if", N.If, "if_", 200),
    StatementSpec("FOR", "for", N.For, "for_", 3000),
    StatementSpec("NEXT", "a", N.Next, "next", 3000),
    StatementSpec("GOTO", "n", N.Jump, "goto", 500),
    StatementSpec("GO TO", "n", N.Jump, "goto", 500),
    StatementSpec("GOSUB", "n", N.Jump, "gosub", 1000),
    StatementSpec("TRAP", "n", N.LineArgument, "trap", 500),
    StatementSpec("BYE", "", N.NoArguments, "not_simulated", 0),
    StatementSpec("CONT", "", N.NoArguments, "nothing", 0),
    StatementSpec("COM", "dim", N.Dim, "dim", 2000),
    StatementSpec("CLOSE", "#", N.Close, "close", 2000),
    StatementSpec("CLR", "", N.NoArguments, "clr", 1000),
    StatementSpec("DEG", "", N.NoArguments, "deg", 100),
    StatementSpec("DIM", "dim", N.Dim, "dim", 2000),
    StatementSpec("END", "", N.NoArguments, "end", 5000),
    StatementSpec("NEW", "", N.NoArguments, "new", 0),
    StatementSpec("OPEN", "#,n,n,s", N.Open, "open", 5000),
    StatementSpec("LOAD", "s", N.FileName, "not_simulated", 0),
    StatementSpec("SAVE", "s", N.FileName, "not_simulated", 0),
    StatementSpec("STATUS", "#,v", N.ChannelTarget, "status", 2000),
    StatementSpec("NOTE", "#,v,v", N.NotePoint, "note", 2000),
    StatementSpec("POINT", "#,v,v", N.NotePoint, "point", 2000),
    StatementSpec("XIO", "n,#,n,n,s", N.Xio, "xio", 3000),
    StatementSpec("ON", "on", N.On, "on", 800),
    StatementSpec("POKE", "n,n", N.Poke, "poke", 1000),
    StatementSpec("PRINT", "print", N.Print, "print", 500),
    StatementSpec("RAD", "", N.NoArguments, "rad", 100),
    StatementSpec("READ", "read", N.Read, "read", 3000),
    StatementSpec("RESTORE", "n?", N.LineArgument, "restore", 500),
    StatementSpec("RETURN", "", N.NoArguments, "return_", 800),
    StatementSpec("RUN", "s?", N.FileName, "run", 2000),
    StatementSpec("STOP", "", N.NoArguments, "stop", 2000),
    StatementSpec("POP", "", N.NoArguments, "pop", 300),
    StatementSpec("?", "print", N.Print, "print", 500),
    StatementSpec("GET", "#,a", N.ChannelTarget, "get", 2000),
    StatementSpec("PUT", "#,n", N.Put, "put", 2000),
    StatementSpec("GRAPHICS", "n", N.Value, "graphics", 30000),
    StatementSpec("PLOT", "n,n", N.Coordinates, "plot", 3000),
    StatementSpec("POSITION", "n,n", N.Coordinates, "position", 1000),
    StatementSpec("DOS", "", N.NoArguments, "not_simulated", 0),
    StatementSpec("DRAWTO", "n,n", N.Coordinates, "drawto", 5000),
    StatementSpec("SETCOLOR", "n,n,n", N.SetColor, "setcolor", 1500),
    StatementSpec("LOCATE", "n,n,a", N.Locate, "locate", 3000),
    StatementSpec("SOUND", "n,n,n,n", N.Sound, "sound", 2000),
    StatementSpec("LPRINT", "lprint", N.Print, "lprint", 500),
    StatementSpec("CSAVE", "", N.NoArguments, "not_simulated", 0),
    StatementSpec("CLOAD", "", N.NoArguments, "not_simulated", 0),
    # not in SNTAB: the tokens of a line without a statement name, and of a bad line
    StatementSpec("", "let", N.Let, "let", 300),
    StatementSpec("ERROR-", "text", N.Text, "syntax_error", 0),
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
