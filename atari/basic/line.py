"""One stored program line: its tokens as Atari BASIC keeps them, and their statements.

A stored line is its number (2 bytes), its length, then each statement as
[offset of the next statement][statement token][argument tokens].
"""
from dataclasses import dataclass
from typing import Optional

from .errors import SyntaxProblem
from .lexer import MAX_LINE_BYTES
from .parser import TokenError, parse_statement

DIRECT_LINE = 32768


@dataclass
class Line:
    """One program line: its number, text, stored tokens and parsed statements."""
    number: int
    text: str
    tokens: bytes                      # as stored: number (2), length, statements
    statements: list
    error: Optional[str] = None        # what was wrong, for a syntax-error line


def assemble_line(number, statements):
    """The stored form of a line from [(statement token, token bytes)]."""
    body = bytearray()
    for token, data in statements:
        next_offset = 3 + len(body) + 2 + len(data)
        if next_offset > MAX_LINE_BYTES:
            raise SyntaxProblem(0, "line too long (ERROR 14)")
        body += bytes([next_offset, token]) + data
    return bytes([number & 0xFF, number >> 8, 3 + len(body)]) + bytes(body)


def split_statements(line_tokens):
    """[(statement token, token bytes, offset of those bytes in the line)] of a stored line."""
    result = []
    position = 3
    end = line_tokens[2] if len(line_tokens) >= 3 else 0
    if end > len(line_tokens) or end < 3:
        raise TokenError("line length byte is wrong")
    while position < end:
        next_offset = line_tokens[position]
        if next_offset <= position + 1 or next_offset > end:
            raise TokenError("statement offset byte is wrong")
        result.append((line_tokens[position + 1], line_tokens[position + 2:next_offset],
                       position + 2))
        position = next_offset
    return result


def parse_line_tokens(line_tokens, variable_names):
    """Parsed statements of a stored line (TokenError when the tokens are malformed)."""
    return [parse_statement(token, data, offset, variable_names)
            for token, data, offset in split_statements(line_tokens)]
