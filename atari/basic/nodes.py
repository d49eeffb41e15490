"""Parsed-line nodes: expressions and statements, built from a line's tokens."""
from dataclasses import dataclass, field
from typing import Optional


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


@dataclass
class Dimension:
    index: int
    is_string: bool
    first: object
    second: Optional[object] = None


@dataclass
class Statement:
    """One statement: its token and the parsed pieces, in the order the syntax gives them.

    ``parts`` holds expression nodes, variable nodes, ``Dimension`` entries, raw
    bytes (REM, DATA, error lines), separator tokens (PRINT) or None for an
    optional piece that is absent.
    """
    token: int
    parts: list = field(default_factory=list)
