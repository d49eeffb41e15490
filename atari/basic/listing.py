"""Program -> LIST text, printed from the stored tokens as the ROM's lister does.

Abbreviations come out in full (``GR.18`` lists as ``GRAPHICS 18``), numbers as
Atari prints them, alphabetic operators (THEN, TO, AND...) with a blank each side.
Each character of the result stands for one ATASCII byte (Latin-1 code points).
"""
from atari.atascii import EOL

from . import tokens as T
from .line import split_statements
from .numbers import format_number, from_bcd
from .statement_table import (DATA, IMPLIED_LET, REM, STATEMENT_NAMES, SYNTAX_ERROR,
                              SYNTAX_ERROR_NAME)

ERROR_LINE_PREFIX = SYNTAX_ERROR_NAME + "  "


def _latin1(data):
    return bytes(data).decode("latin-1")


def _list_tokens(data, names):
    out = []
    i = 0
    while i < len(data):
        token = data[i]
        i += 1
        if token >= 0x80:
            name = names[token & 0x7F] if (token & 0x7F) < len(names) else "?"
            out.append(name)
            if name.endswith("("):
                i += 1                      # the array's own paren token prints nothing
        elif token == T.NUMBER:
            out.append(format_number(from_bcd(data[i:i + 6]) or 0))
            i += 6
        elif token == T.STRING:
            length = data[i]
            out.append('"' + _latin1(data[i + 1:i + 1 + length]) + '"')
            i += 1 + length
        else:
            name = T.OPERATOR_NAMES.get(token, "")
            if token < T.FIRST_FUNCTION and name[:1].isalpha():
                name = " " + name + " "
            out.append(name)
    return "".join(out)


def list_line(line, names):
    """The LIST text of one stored line, without its line end."""
    parts = [str(line.number) + " "]
    for token, data, _offset in split_statements(line.tokens):
        if token == SYNTAX_ERROR:
            parts.append(ERROR_LINE_PREFIX + _latin1(data.rstrip(bytes([EOL]))))
        elif token in (REM, DATA):
            parts.append(STATEMENT_NAMES[token] + " " + _latin1(data.rstrip(bytes([EOL]))))
        else:
            if token != IMPLIED_LET:
                parts.append(STATEMENT_NAMES[token] + " ")
            parts.append(_list_tokens(data, names))
    return "".join(parts)


def list_program(program):
    """The LIST listing of a program, LF line ends."""
    return "".join(list_line(line, program.variables) + "\n" for line in program.lines)
