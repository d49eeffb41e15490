"""A BASIC program: numbered lines held as Atari tokens plus their parsed statements."""
from dataclasses import dataclass, field
from typing import List, Optional

from . import tokens as T
from .errors import LoadError, SyntaxProblem
from .lexer import CR, MAX_LINE_BYTES, VariableTable, tokenize_statements
from .numbers import parse_number, to_integer
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


def _error_line(number, text, problem):
    """The line Atari BASIC stores for a line with a syntax error (statement token 0x37)."""
    raw = bytearray(text)
    where = min(problem.position, len(raw))
    if where == len(raw):
        raw.append(0x20)
    raw[where] |= 0x80
    tokens = assemble_line(number, [(T.SYNTAX_ERROR, bytes(raw) + bytes([CR]))])
    return Line(number, text.decode("latin-1"), tokens,
                [parse_statement(T.SYNTAX_ERROR, bytes(raw), 5, [])],
                error="%s at column %d" % (problem.reason, where + 1))


def _strip_line_end(raw):
    return raw.rstrip(b"\r\n\x9b")


def program_from_text(data):
    """A Program from listing bytes (ATASCII 0x9B, LF or CRLF line ends), as ENTER builds it.

    Lines with syntax errors are kept as error lines (the program stops with
    ERROR 17 if it reaches one) and described in ``warnings``.
    """
    variables = VariableTable()
    lines = {}
    warnings = []
    raw_lines = data.replace(b"\r\n", b"\n").replace(b"\x9b", b"\n").split(b"\n")
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
        except Exception:
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


def looks_tokenized(data):
    """True when ``data`` has the header of a SAVEd (tokenized) program."""
    if len(data) < 14 or data[0] or data[1]:
        return False
    words = [data[i] | data[i + 1] << 8 for i in range(0, 14, 2)]
    vntp, vntd, vvtp, stmtab, stmcur, starp = words[1:]
    return (vntp <= vntd < vvtp <= stmtab <= stmcur < starp
            and 14 + starp - vntp <= len(data))


def load_program(data):
    """A Program from .LST bytes or .BAS bytes (detected from the content).

    A file starting with two zero bytes (LOMEM offset 0) is taken for a SAVEd program
    even when the rest of its header is wrong, so the error says what is damaged.
    """
    if looks_tokenized(data) or data[:2] == b"\x00\x00":
        from .tokenized import detokenize
        return detokenize(data)
    if b"\x00" in data:
        raise LoadError("not an Atari BASIC program (neither a listing nor a SAVEd .BAS file)")
    program = program_from_text(data)
    if not program.lines:
        reason = program.warnings[0] if program.warnings else "the file is empty"
        raise LoadError("no BASIC program lines found (%s)" % reason)
    return program
