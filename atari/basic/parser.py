"""A line's tokens -> parsed statements (expression trees), as the ROM evaluates them.

Expressions use the ROM's operator precedence (OPRTAB): NOT and unary minus bind
tightest, then ^ (left to right: 2^3^4 = 4096, -2^2 = 4), * /, + -, comparisons,
AND, OR. String comparisons are operands of their own.
"""
from atari.atascii import EOL

from . import tokens as T
from .nodes import (ArrayElement, Binary, Call, Dimension, Number, NumericVariable, String,
                    StringComparison, StringVariable, Unary, is_string)
from .numbers import from_bcd
from .statement_table import statement_spec


class TokenError(Exception):
    """Tokens that do not form a valid statement (a damaged or foreign .BAS file)."""


_TERMINATORS = frozenset((T.COMMA, T.END_STATEMENT, T.SEMICOLON, T.END_LINE, T.GOTO,
                          T.GOSUB, T.TO, T.STEP, T.THEN, T.HASH))


class StatementParser:
    """Reads the tokens of one statement (after its statement token)."""

    def __init__(self, data, offset, variable_names):
        self.data = data
        self.pos = 0
        self.offset = offset          # position of ``data`` within the line
        self.names = variable_names

    # -- token access -------------------------------------------------------------
    def peek(self):
        return self.data[self.pos] if self.pos < len(self.data) else T.END_LINE

    def take(self):
        token = self.peek()
        self.pos += 1
        return token

    def expect(self, *wanted):
        token = self.take()
        if token not in wanted:
            raise TokenError("unexpected token 0x%02X" % token)
        return token

    def accept(self, token):
        if self.peek() == token:
            self.pos += 1
            return True
        return False

    def at_end(self):
        return self.peek() in (T.END_STATEMENT, T.END_LINE)

    def finish(self):
        self.expect(T.END_STATEMENT, T.END_LINE)
        if self.pos != len(self.data):
            raise TokenError("tokens after the end of a statement")

    # -- expressions --------------------------------------------------------------
    def expression(self, minimum=0):
        left = self.unary()
        while True:
            operator = self.peek()
            level = T.BINARY_PRECEDENCE.get(operator)
            if level is None or level < minimum:
                return left
            self.pos += 1
            left = Binary(operator, left, self.expression(level + 1))

    def numeric(self):
        node = self.expression()
        if is_string(node):
            raise TokenError("a string where a number belongs")
        return node

    def unary(self):
        if self.peek() in T.UNARY_OPERATORS:
            operator = self.take()
            return Unary(operator, self.unary())
        return self.primary()

    def primary(self):
        token = self.peek()
        if token == T.LEFT_PAREN:
            self.pos += 1
            inner = self.expression()
            self.expect(T.RIGHT_PAREN)
            return inner
        if token == T.NUMBER:
            value = from_bcd(self.data[self.pos + 1:self.pos + 7])
            if value is None or self.pos + 7 > len(self.data):
                raise TokenError("bad number constant")
            self.pos += 7
            return Number(value)
        node = self.string_operand(required=False)
        if node is not None:
            if self.peek() in T.STRING_COMPARISONS:
                operator = self.take()
                return StringComparison(operator, node, self.string_operand())
            return node
        if token >= 0x80:
            return self.numeric_variable()
        if token == T.FUNCTION["USR"] or token in T.STRING_ARGUMENT_FUNCTIONS \
                or T.FIRST_NUMERIC_FUNCTION <= token <= T.LAST_TOKEN:
            return self.call()
        raise TokenError("unexpected token 0x%02X in an expression" % token)

    def call(self):
        function = self.take()
        self.expect(T.FUNCTION_PAREN)
        if function in T.STRING_ARGUMENT_FUNCTIONS:
            arguments = [self.string_operand()]
        else:
            arguments = [self.numeric()]
            while function == T.FUNCTION["USR"] and self.accept(T.ARRAY_COMMA):
                arguments.append(self.numeric())
        self.expect(T.RIGHT_PAREN)
        return Call(function, arguments)

    def string_operand(self, required=True):
        """A string constant, string variable (maybe subscripted) or STR$/CHR$ call."""
        token = self.peek()
        if token == T.STRING:
            length = self.data[self.pos + 1]
            start = self.pos + 2
            self.pos = start + length
            if self.pos > len(self.data):
                raise TokenError("string constant runs past the line")
            return String(bytes(self.data[start:self.pos]), self.offset + start)
        if token in T.STRING_FUNCTIONS:
            self.pos += 1
            self.expect(T.FUNCTION_PAREN)
            argument = self.numeric()
            self.expect(T.RIGHT_PAREN)
            return Call(token, [argument])
        if token >= 0x80 and self.variable_name(token).endswith("$"):
            self.pos += 1
            node = StringVariable(token & 0x7F)
            if self.accept(T.STRING_PAREN):
                node.first = self.numeric()
                if self.accept(T.ARRAY_COMMA):
                    node.second = self.numeric()
                self.expect(T.RIGHT_PAREN)
            return node
        if required:
            raise TokenError("a number where a string belongs")
        return None

    def variable_name(self, token):
        index = token & 0x7F
        if index >= len(self.names):
            raise TokenError("variable %d is not in the variable name table" % index)
        return self.names[index]

    def numeric_variable(self, paren=T.ARRAY_PAREN):
        token = self.take()
        name = self.variable_name(token)
        if name.endswith("$"):
            raise TokenError("a string variable where a number belongs")
        if not name.endswith("("):
            return NumericVariable(token & 0x7F)
        self.expect(paren)
        first = self.numeric()
        second = self.numeric() if self.accept(T.ARRAY_COMMA) else None
        self.expect(T.RIGHT_PAREN)
        return ArrayElement(token & 0x7F, first, second)

    def simple_variable(self):
        """A variable without subscripts (FOR, NEXT, READ, INPUT, GET, LOCATE)."""
        token = self.take()
        if token < 0x80 or self.variable_name(token).endswith("("):
            raise TokenError("a simple variable is needed here")
        name = self.variable_name(token)
        return StringVariable(token & 0x7F) if name.endswith("$") else NumericVariable(token & 0x7F)

    def target(self):
        """The left side of an assignment."""
        if self.peek() >= 0x80 and self.variable_name(self.peek()).endswith("$"):
            return self.string_operand()
        return self.numeric_variable()

    def channel(self):
        self.expect(T.HASH)
        return self.numeric()


def parse_statement(token, data, offset, variable_names):
    """The statement node for statement ``token`` whose tokens are ``data``."""
    spec = statement_spec(token)
    if spec is None:
        raise TokenError("unknown statement token 0x%02X" % token)
    if spec.shape == "text":
        return spec.node(token, bytes(data[:-1]) if data[-1:] == bytes([EOL]) else bytes(data))
    parser = StatementParser(data, offset, variable_names)
    custom = _CUSTOM_PARSERS.get(spec.shape)
    parts = custom(parser) if custom is not None else _pieces(parser, spec.pieces)
    if spec.shape != "if" or parts[1] is not None:
        parser.finish()
    elif parser.pos != len(data):
        raise TokenError("tokens after THEN")
    return spec.node(token, *parts)


def _pieces(parser, pieces):
    """The values of a simple shape's comma-separated pieces (None for an absent n?/s?)."""
    parts = []
    for piece in pieces:
        if piece.endswith("?") and parser.at_end():
            parts.append(None)
            continue
        if parts:
            parser.expect(T.COMMA)
        parts.append(_PIECES[piece.rstrip("?")](parser))
    return parts


def _assignment(parser):
    target = parser.target()
    if is_string(target):
        parser.expect(T.STRING_ASSIGN)
        return [target, parser.string_operand()]
    parser.expect(T.NUMERIC_ASSIGN)
    return [target, parser.numeric()]


def _if(parser):
    condition = parser.numeric()
    parser.expect(T.THEN)
    target = parser.numeric() if parser.pos < len(parser.data) else None
    return [condition, target]


def _for(parser):
    variable = parser.simple_variable()
    if not isinstance(variable, NumericVariable):
        raise TokenError("FOR needs a numeric variable")
    parser.expect(T.NUMERIC_ASSIGN)
    start = parser.numeric()
    parser.expect(T.TO)
    limit = parser.numeric()
    step = parser.numeric() if parser.accept(T.STEP) else None
    return [variable, start, limit, step]


def _print(parser):
    channel = parser.channel() if parser.peek() == T.HASH else None
    items = []
    while not parser.at_end():
        if parser.peek() in (T.COMMA, T.SEMICOLON):
            items.append(parser.take())
        else:
            node = parser.expression()
            items.append(node)
    return [channel, items]


def _variables(parser):
    variables = [parser.simple_variable()]
    while parser.accept(T.COMMA):
        variables.append(parser.simple_variable())
    return variables


def _input(parser):
    channel = None
    if parser.peek() == T.HASH:
        channel = parser.channel()
        parser.expect(T.COMMA, T.SEMICOLON)
    return [channel, _variables(parser)]


def _dim(parser):
    entries = []
    while not parser.at_end():
        if entries:
            parser.expect(T.COMMA)
            if parser.at_end():
                break  # the ROM's syntax table allows a trailing comma: DIM A(3),
        token = parser.take()
        name = parser.variable_name(token) if token >= 0x80 else ""
        if name.endswith("$"):
            parser.expect(T.DIM_STRING_PAREN)
            entries.append(Dimension(token & 0x7F, True, parser.numeric()))
        elif name.endswith("("):
            parser.expect(T.DIM_ARRAY_PAREN)
            first = parser.numeric()
            second = parser.numeric() if parser.accept(T.ARRAY_COMMA) else None
            entries.append(Dimension(token & 0x7F, False, first, second))
        else:
            raise TokenError("DIM needs an array or string variable")
        parser.expect(T.RIGHT_PAREN)
    return entries


def _on(parser):
    selector = parser.numeric()
    kind = parser.expect(T.GOTO, T.GOSUB)
    targets = [parser.numeric()]
    while parser.accept(T.COMMA):
        targets.append(parser.numeric())
    return [selector, kind, targets]


def _optional_numbers(parser):
    parts = []
    while not parser.at_end():
        if parts:
            parser.expect(T.COMMA)
        parts.append(parser.numeric())
    return parts


def _list(parser):
    spec = None
    if not parser.at_end() and is_string_start(parser):
        spec = parser.string_operand()
        if not parser.accept(T.COMMA):
            return [spec, []]
    return [spec, _optional_numbers(parser)]


def is_string_start(parser):
    token = parser.peek()
    return token == T.STRING or token in T.STRING_FUNCTIONS or (
        token >= 0x80 and parser.variable_name(token).endswith("$"))


# The parser's side of the shapes in statement_table.py.
_PIECES = {"n": StatementParser.numeric, "s": StatementParser.string_operand,
           "#": StatementParser.channel, "v": StatementParser.numeric_variable,
           "a": StatementParser.simple_variable}
_CUSTOM_PARSERS = {
    "let": _assignment, "if": _if, "for": _for, "on": _on, "list": _list,
    "print": _print, "lprint": _print, "input": _input, "read": lambda p: [_variables(p)],
    "dim": lambda p: [_dim(p)],
}
