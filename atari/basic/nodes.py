"""Parsed-line nodes: expressions and statements, built from a line's tokens.

Each statement node's fields are its arguments in the order the statement's shape in
statement_table.py gives them; ``token`` is the statement token it was stored with.
"""
from dataclasses import dataclass
from typing import List, Optional

from . import tokens as T


@dataclass
class Number:
    value: object


@dataclass
class String:
    data: bytes
    offset: int          # where the bytes sit in the line's tokens (for ADR)


@dataclass
class NumericVariable:
    index: int


@dataclass
class ArrayElement:
    index: int
    first: object
    second: Optional[object] = None


@dataclass
class StringVariable:
    index: int
    first: Optional[object] = None     # A$(first) or A$(first, second)
    second: Optional[object] = None


@dataclass
class Unary:
    operator: int
    operand: object


@dataclass
class Binary:
    operator: int
    left: object
    right: object


@dataclass
class StringComparison:
    operator: int
    left: object
    right: object


@dataclass
class Call:
    function: int
    arguments: list


# -- statements -----------------------------------------------------------------------

@dataclass
class Statement:
    token: int


@dataclass
class NoArguments(Statement):
    """END, STOP, RETURN, CLR, ..."""


@dataclass
class Text(Statement):
    """REM and DATA (the text after the name) and a line stored with a syntax error."""
    text: bytes


@dataclass
class Let(Statement):
    target: object          # NumericVariable, ArrayElement or StringVariable
    value: object


@dataclass
class If(Statement):
    condition: object
    line: Optional[object]  # IF c THEN 40; None when statements follow THEN


@dataclass
class For(Statement):
    variable: NumericVariable
    start: object
    limit: object
    step: Optional[object]


@dataclass
class Next(Statement):
    variable: object


@dataclass
class Jump(Statement):
    """GOTO, GO TO, GOSUB."""
    line: object


@dataclass
class On(Statement):
    selector: object
    kind: int               # T.GOTO or T.GOSUB
    lines: list


@dataclass
class LineArgument(Statement):
    """TRAP line, RESTORE [line]."""
    line: Optional[object]


@dataclass
class Print(Statement):
    """PRINT, ? and LPRINT: items are expressions and the separator tokens , ;"""
    channel: Optional[object]
    items: list


@dataclass
class Input(Statement):
    channel: Optional[object]
    targets: list


@dataclass
class Read(Statement):
    targets: list


@dataclass
class Dimension:
    index: int
    is_string: bool
    first: object
    second: Optional[object] = None


@dataclass
class Dim(Statement):
    """DIM and COM."""
    entries: List[Dimension]


@dataclass
class FileName(Statement):
    """ENTER, LOAD, SAVE, RUN [file]."""
    spec: Optional[object]


@dataclass
class Listing(Statement):
    """LIST [spec][,first[,last]]."""
    spec: Optional[object]
    lines: list


@dataclass
class Open(Statement):
    channel: object
    aux1: object
    aux2: object
    spec: object


@dataclass
class Close(Statement):
    channel: object


@dataclass
class Xio(Statement):
    command: object
    channel: object
    aux1: object
    aux2: object
    spec: object


@dataclass
class ChannelTarget(Statement):
    """GET #c,v and STATUS #c,v."""
    channel: object
    target: object


@dataclass
class Put(Statement):
    channel: object
    value: object


@dataclass
class NotePoint(Statement):
    """NOTE #c,sector,byte and POINT #c,sector,byte."""
    channel: object
    sector: object
    byte: object


@dataclass
class Locate(Statement):
    x: object
    y: object
    target: object


@dataclass
class Value(Statement):
    """COLOR n, GRAPHICS n."""
    value: object


@dataclass
class Poke(Statement):
    address: object
    value: object


@dataclass
class Coordinates(Statement):
    """PLOT, POSITION and DRAWTO x,y."""
    x: object
    y: object


@dataclass
class SetColor(Statement):
    register: object
    hue: object
    luminance: object


@dataclass
class Sound(Statement):
    voice: object
    pitch: object
    distortion: object
    volume: object


def is_string(node):
    """True for string-valued expression nodes."""
    return isinstance(node, (String, StringVariable)) or (
        isinstance(node, Call) and node.function in T.STRING_FUNCTIONS)
