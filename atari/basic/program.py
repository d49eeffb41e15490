"""A BASIC program as ENTER builds it from a listing: numbered lines and their variables."""
from dataclasses import dataclass, field
from typing import List

from atari.atascii import EOL

from .errors import BasicError, LoadError, SyntaxProblem
from .lexer import VariableTable, tokenize_statements
from .line import DIRECT_LINE, Line, assemble_line, parse_line_tokens
from .numbers import parse_number, to_integer
from .parser import TokenError, parse_statement
from .statement_table import SYNTAX_ERROR


@dataclass
class Program:
    """Lines in line-number order and the variable name table they use."""
    lines: List[Line] = field(default_factory=list)
    variables: List[str] = field(default_factory=list)
    warnings: List[str] = field(default_factory=list)

    def line(self, number):
        """The line with this number, or None."""
        for line in self.lines:
            if line.number == number:
                return line
        return None


def _error_line(number, text, problem):
    """The line Atari BASIC stores for a line with a syntax error (statement token 0x37)."""
    raw = bytearray(text)
    where = min(problem.position, len(raw))
    if where == len(raw):
        raw.append(0x20)
    raw[where] |= 0x80
    tokens = assemble_line(number, [(SYNTAX_ERROR, bytes(raw) + bytes([EOL]))])
    return Line(number, text.decode("latin-1"), tokens,
                [parse_statement(SYNTAX_ERROR, bytes(raw), 5, [])],
                error="%s at column %d" % (problem.reason, where + 1))


def _strip_line_end(raw):
    return raw.rstrip(b"\r\n" + bytes([EOL]))


def program_from_text(data):
    """A Program from listing bytes (ATASCII 0x9B, LF or CRLF line ends), as ENTER builds it.

    Lines with syntax errors are kept as error lines (the program stops with
    ERROR 17 if it reaches one) and described in ``warnings``.
    """
    variables = VariableTable()
    lines = {}
    warnings = []
    raw_lines = data.replace(b"\r\n", b"\n").replace(bytes([EOL]), b"\n").split(b"\n")
    for file_line, raw in enumerate(raw_lines, 1):
        raw = _strip_line_end(raw)
        if not raw.strip():
            continue
        parsed = parse_number(raw, 0)
        if parsed is None:
            warnings.append("file line %d has no line number and was ignored: %s"
                            % (file_line, raw.decode("latin-1")))
            continue
        value, position = parsed
        try:
            number = to_integer(value)
        except BasicError:  # beyond 65535: ERROR 3
            number = DIRECT_LINE
        if number >= DIRECT_LINE:
            warnings.append("file line %d: line number %s is not 0..32767; ignored"
                            % (file_line, raw[:position].decode("latin-1").strip()))
            continue
        text = raw[position:].lstrip(b" ")
        if not text:
            lines.pop(number, None)
            continue
        lines[number] = _entered_line(number, text, variables, warnings)
    ordered = [lines[number] for number in sorted(lines)]
    return Program(ordered, variables.names, warnings)


def _entered_line(number, text, variables, warnings):
    """The Line ENTER stores for ``text``: tokenized, or an error line with a warning.

    A line too long to store even as an error line fails the whole load, as ERROR 14
    ends an ENTER on the Atari.
    """
    saved = len(variables.names)
    try:
        try:
            statements = tokenize_statements(text, variables)
        except RecursionError:  # nesting deeper than this tokenizer's Python stack
            raise SyntaxProblem(0, "line too long or too complex (ERROR 14)") from None
        tokens = assemble_line(number, statements)
        try:
            parsed = parse_line_tokens(tokens, variables.names)
        except TokenError as problem:  # tokens the ROM's grammar allows but we cannot run
            raise SyntaxProblem(0, "statement not supported (%s)" % problem) from None
        return Line(number, text.decode("latin-1"), tokens, parsed)
    except SyntaxProblem as problem:
        variables.truncate(saved)
        try:
            line = _error_line(number, text, problem)
        except SyntaxProblem:
            raise LoadError("line %d: %s" % (number, problem.reason)) from None
        warnings.append("line %d: %s: %s" % (number, line.error, text.decode("latin-1")))
        return line
