"""Listing text -> Atari BASIC tokens, as the Atari's line editor crunches a line.

This is a backtracking recursive-descent version of the ROM's syntax tables (the
ABML rules of the Atari BASIC Source Book): it decides, from the grammar, which
token each ``=``, ``(`` and ``,`` becomes, makes constants 6-byte BCD, and adds
variables to the variable name table in order of first use. Alternatives are tried
in the ROM's order and the first success wins, so odd inputs tokenize as on an Atari
(``PRINTER=1`` is ``PRINT ER=1``).
"""
from atari.atascii import EOL

from . import tokens as T
from .errors import SyntaxProblem
from .numbers import parse_number, to_bcd
from .statement_table import IMPLIED_LET, STATEMENT_NAMES, STATEMENTS

MAX_VARIABLES = 128
MAX_LINE_BYTES = 255
# Expressions nested deeper than this (each operator and parenthesis is a level) are
# "too complex" (ERROR 14): the kit's own fixed limit, so that whether a line loads
# never depends on how much of Python's stack its caller has used.
MAX_EXPRESSION_DEPTH = 100
_ABBREVIATION = ord(".")
_BLANK = 0x20
_BINARY_OPERATORS = frozenset(T.BINARY_PRECEDENCE)


class VariableTable:
    """The variable name table: names like ``A``, ``Q$``, ``Q(`` in order of first use."""

    def __init__(self, names=()):
        self.names = list(names)
        self._numbers = {name: i for i, name in enumerate(self.names)}

    def number(self, name):
        """The variable number of ``name``, adding it when new."""
        found = self._numbers.get(name)
        if found is not None:
            return found
        if len(self.names) >= MAX_VARIABLES:
            raise SyntaxProblem(0, "too many variables (ERROR 4)")
        self._numbers[name] = len(self.names)
        self.names.append(name)
        return len(self.names) - 1

    def truncate(self, count):
        """Forget variables added after the first ``count`` (a line that failed)."""
        for name in self.names[count:]:
            del self._numbers[name]
        del self.names[count:]


def statement_for(text, position):
    """The statement token a line starts with at ``position`` and where its name ends.

    Names abbreviate with ``.``: the first statement in table order whose name
    starts with the letters before the dot wins. No name means implied LET.
    """
    for token, name in enumerate(STATEMENT_NAMES):
        i = position
        for char in name.encode("ascii"):
            if i < len(text) and text[i] == _ABBREVIATION:
                return token, i + 1
            if i >= len(text) or text[i] != char:
                break
            i += 1
        else:
            return token, i
    return IMPLIED_LET, position


def operator_at(text, position):
    """The first operator-table entry matching the text at ``position``: (token, end)."""
    if position >= len(text):
        return T.END_LINE, position
    for name, token in T.SEARCHABLE_OPERATORS:
        if text.startswith(name.encode("ascii"), position):
            return token, position + len(name)
    return None


class LineTokenizer:
    """Tokenizes the statements of one line (the text after the line number)."""

    def __init__(self, text, variables):
        self.text = bytes(text)
        self.variables = variables
        self.pos = 0
        self.out = bytearray()
        self.furthest = 0
        self.depth = 0

    # -- the line -----------------------------------------------------------------
    def statements(self):
        """[(statement token, token bytes after it)] for the whole line."""
        result = []
        while True:
            self._skip_blanks()
            token, self.pos = statement_for(self.text, self.pos)
            self._skip_blanks()
            self.out = bytearray()
            spec = STATEMENTS[token]
            if spec.shape == "text":
                self.out += self.text[self.pos:] + bytes([EOL])
                result.append((token, bytes(self.out)))
                return result
            if not self.arguments(spec):
                raise SyntaxProblem(max(self.furthest, self.pos), "syntax error")
            result.append((token, bytes(self.out)))
            if self.out[-1:] == bytes([T.END_LINE]):
                return result

    def arguments(self, spec):
        """The statement's arguments by its shape, then the end of the statement."""
        custom = _CUSTOM_RULES.get(spec.shape)
        if custom is not None:
            return custom(self)
        pieces = [_PIECES[piece.rstrip("?")].__get__(self) for piece in spec.pieces]
        parts = []
        for piece in pieces:
            parts += [self.comma, piece] if parts else [piece]
        if spec.shape.endswith("?"):
            return self.alt(lambda: self.seq(*parts, self.end_of_statement),
                            lambda: self.seq(*parts[:-2], self.end_of_statement))
        return self.seq(*parts, self.end_of_statement)

    # -- machinery ----------------------------------------------------------------
    def _state(self):
        return self.pos, len(self.out), len(self.variables.names)

    def _restore(self, state):
        self.furthest = max(self.furthest, self.pos)
        self.pos, out_length, variable_count = state
        del self.out[out_length:]
        self.variables.truncate(variable_count)

    def seq(self, *parts):
        """All parts in order, or nothing (restoring the position)."""
        state = self._state()
        for part in parts:
            if not part():
                self._restore(state)
                return False
        return True

    def alt(self, *alternatives):
        """The first alternative that succeeds."""
        return any(alternative() for alternative in alternatives)

    def _skip_blanks(self):
        while self.pos < len(self.text) and self.text[self.pos] == _BLANK:
            self.pos += 1

    def terminal(self, wanted, emit=None, skip_blanks=True):
        """Match operator ``wanted`` here and emit ``emit`` (default: the same token)."""
        if skip_blanks:
            self._skip_blanks()
        found = operator_at(self.text, self.pos)
        if found is None or found[0] != wanted:
            self.furthest = max(self.furthest, self.pos)
            return False
        self.out.append(wanted if emit is None else emit)
        self.pos = found[1]
        return True

    def term(self, wanted, emit=None, skip_blanks=True):
        """A deferred :meth:`terminal` for use in :meth:`seq`."""
        return lambda: self.terminal(wanted, emit, skip_blanks)

    # -- expressions --------------------------------------------------------------
    def expression(self):
        if self.depth >= MAX_EXPRESSION_DEPTH:
            raise SyntaxProblem(self.pos, "line too long or too complex (ERROR 14)")
        self.depth += 1
        try:
            return self.alt(
                lambda: self.seq(self.unary, self.expression),
                lambda: self.seq(self.term(T.LEFT_PAREN), self.expression,
                                 self.term(T.RIGHT_PAREN), self.operation),
                lambda: self.seq(self.numeric_value, self.operation))
        finally:
            self.depth -= 1

    def unary(self):
        return self.alt(self.term(T.PLUS, T.UNARY_PLUS), self.term(T.MINUS, T.UNARY_MINUS),
                        self.term(T.NOT))

    def operation(self):
        state = self._state()
        self._skip_blanks()
        found = operator_at(self.text, self.pos)
        if found and found[0] in _BINARY_OPERATORS:
            self.out.append(found[0])
            self.pos = found[1]
            if self.expression():
                return True
        self._restore(state)
        return True

    def numeric_value(self):
        return self.alt(self.numeric_function, self.numeric_variable, self.number,
                        self.string_comparison)

    def numeric_function(self):
        self._skip_blanks()
        found = operator_at(self.text, self.pos)
        if not found:
            return False
        token = found[0]
        if token >= T.FIRST_NUMERIC_FUNCTION:
            argument = self.expression
        elif token in T.STRING_ARGUMENT_FUNCTIONS:
            argument = self.string
        elif token == T.FUNCTION["USR"]:
            argument = self.usr_arguments
        else:
            return False
        state = self._state()
        self.out.append(token)
        self.pos = found[1]
        if self.seq(self.term(T.LEFT_PAREN, T.FUNCTION_PAREN), argument,
                    self.term(T.RIGHT_PAREN)):
            return True
        self._restore(state)
        return False

    def usr_arguments(self):
        return self.seq(self.expression, lambda: self.alt(
            lambda: self.seq(self.term(T.COMMA, T.ARRAY_COMMA), self.usr_arguments),
            lambda: True))

    def numeric_variable(self):
        return self.seq(self.numeric_name, self.optional_subscript(T.ARRAY_PAREN, True))

    def optional_subscript(self, paren, adjacent):
        """``(e)`` or ``(e,e)`` after a variable, or nothing."""
        return lambda: self.alt(
            lambda: self.seq(self.term(T.LEFT_PAREN, paren, skip_blanks=not adjacent),
                             self.expression, self.second_subscript, self.term(T.RIGHT_PAREN)),
            lambda: True)

    def second_subscript(self):
        return self.alt(lambda: self.seq(self.term(T.COMMA, T.ARRAY_COMMA), self.expression),
                        lambda: True)

    def number(self):
        self._skip_blanks()
        parsed = parse_number(self.text, self.pos, skip_blanks=False)
        if parsed is None:
            self.furthest = max(self.furthest, self.pos)
            return False
        value, self.pos = parsed
        self.out.append(T.NUMBER)
        self.out += to_bcd(value)
        return True

    def string_comparison(self):
        return self.seq(self.string, self.string_operator, self.string)

    def string_operator(self):
        self._skip_blanks()
        found = operator_at(self.text, self.pos)
        if found and found[0] in T.TO_STRING_COMPARISON:
            self.out.append(T.TO_STRING_COMPARISON[found[0]])
            self.pos = found[1]
            return True
        return False

    def string(self):
        return self.alt(self.string_function, self.string_variable, self.string_constant)

    def string_function(self):
        self._skip_blanks()
        found = operator_at(self.text, self.pos)
        if not found or found[0] not in T.STRING_FUNCTIONS:
            return False
        state = self._state()
        self.out.append(found[0])
        self.pos = found[1]
        if self.seq(self.term(T.LEFT_PAREN, T.FUNCTION_PAREN), self.expression,
                    self.term(T.RIGHT_PAREN)):
            return True
        self._restore(state)
        return False

    def string_variable(self):
        return self.seq(self.string_name, self.optional_subscript(T.STRING_PAREN, False))

    def string_constant(self):
        self._skip_blanks()
        if self.pos >= len(self.text) or self.text[self.pos] != ord('"'):
            return False
        end = self.text.find(b'"', self.pos + 1)
        body = self.text[self.pos + 1:] if end < 0 else self.text[self.pos + 1:end]
        if len(body) > MAX_LINE_BYTES:  # its length byte cannot hold it; nor can a line
            raise SyntaxProblem(self.pos, "line too long (ERROR 14)")
        self.out += bytes([T.STRING, len(body)]) + body
        self.pos = len(self.text) if end < 0 else end + 1
        return True

    # -- variables ----------------------------------------------------------------
    def _name(self, want_string):
        """Read a variable name here; emit its token. Arrays keep the '(' for the grammar."""
        self._skip_blanks()
        text, start = self.text, self.pos
        if start >= len(text) or not 0x41 <= text[start] <= 0x5A:
            return False
        reserved = operator_at(text, start)
        if reserved and reserved[0] > T.END_LINE and (
                reserved[1] >= len(text) or text[reserved[1]] < 0x30):
            return False
        end = start + 1
        while end < len(text) and (0x41 <= text[end] <= 0x5A or 0x30 <= text[end] <= 0x39):
            end += 1
        is_string = end < len(text) and text[end] == ord("$")
        if is_string != want_string:
            return False
        name = text[start:end].decode("ascii")
        if is_string:
            name += "$"
            end += 1
        elif end < len(text) and text[end] == ord("("):
            name += "("
        self.out.append(0x80 | self.variables.number(name))
        self.pos = end
        return True

    def numeric_name(self):
        return self._name(False)

    def string_name(self):
        return self._name(True)

    def any_name(self):
        return self.alt(self.numeric_name, self.string_name)

    # -- statement pieces ---------------------------------------------------------
    def end_of_statement(self):
        return self.alt(self.term(T.END_STATEMENT), self.term(T.END_LINE))

    def channel(self):
        return self.seq(self.term(T.HASH), self.expression)

    def comma(self):
        return self.terminal(T.COMMA)

    def expressions(self, count):
        parts = [self.expression]
        for _ in range(count - 1):
            parts += [self.comma, self.expression]
        return self.seq(*parts)

    def channel_prefix(self):
        """``#e,`` or ``#e;`` or nothing (INPUT and PRINT)."""
        return self.alt(lambda: self.seq(self.channel, self.comma),
                        lambda: self.seq(self.channel, self.term(T.SEMICOLON)),
                        lambda: True)

    def variable_list(self):
        return self.seq(self.any_name, lambda: self.alt(
            lambda: self.seq(self.comma, self.variable_list), lambda: True))

    def print_list(self):
        return self.alt(self.print_element, lambda: self.seq(self.separators, self.print_rest),
                        lambda: True)

    def print_rest(self):
        return self.alt(self.print_element, lambda: True)

    def print_element(self):
        return self.seq(lambda: self.alt(self.expression, self.string), lambda: self.alt(
            lambda: self.seq(self.separators, self.print_rest), lambda: True))

    def separators(self):
        if not self.alt(self.comma, self.term(T.SEMICOLON)):
            return False
        while self.alt(self.comma, self.term(T.SEMICOLON)):
            pass
        return True

    def dim_list(self):
        return self.alt(lambda: self.seq(self.dim_item, lambda: self.alt(
            lambda: self.seq(self.comma, self.dim_list), lambda: True)), lambda: True)

    def dim_item(self):
        return self.alt(
            lambda: self.seq(self.numeric_name,
                             self.term(T.LEFT_PAREN, T.DIM_ARRAY_PAREN, skip_blanks=False),
                             self.expression, self.second_subscript, self.term(T.RIGHT_PAREN)),
            lambda: self.seq(self.string_name, self.term(T.LEFT_PAREN, T.DIM_STRING_PAREN),
                             self.expression, self.term(T.RIGHT_PAREN)))

    def assignment(self):
        return self.alt(
            lambda: self.seq(self.numeric_variable, self.term(T.EQ, T.NUMERIC_ASSIGN),
                             self.expression, self.end_of_statement),
            lambda: self.seq(self.string_variable, self.term(T.EQ, T.STRING_ASSIGN),
                             self.string, self.end_of_statement))

    def if_then(self):
        if not self.seq(self.expression, self.term(T.THEN)):
            return False
        # THEN line-number ends the statement; otherwise statements follow THEN
        self.alt(lambda: self.seq(self.number, self.end_of_statement), lambda: True)
        return True

    def for_loop(self):
        return self.seq(self.numeric_name, self.term(T.EQ, T.NUMERIC_ASSIGN), self.expression,
                        self.term(T.TO), self.expression, lambda: self.alt(
                            lambda: self.seq(self.term(T.STEP), self.expression), lambda: True),
                        self.end_of_statement)

    def list_arguments(self):
        line_range = lambda: self.alt(lambda: self.seq(self.expression, lambda: self.alt(
            lambda: self.seq(self.comma, self.expression), lambda: True)), lambda: True)
        return self.alt(lambda: self.seq(self.string, self.end_of_statement),
                        lambda: self.seq(self.string, self.comma, line_range,
                                         self.end_of_statement),
                        lambda: self.seq(line_range, self.end_of_statement))

    def on_goto(self):
        targets = lambda: self.seq(self.expression, lambda: self.alt(
            lambda: self.seq(self.comma, targets), lambda: True))
        return self.seq(self.expression,
                        lambda: self.alt(self.term(T.GOTO), self.term(T.GOSUB)),
                        targets, self.end_of_statement)


def _rule(*pieces):
    """A statement rule: the tokenizer's pieces (method names) then the statement's end."""
    def run(tokenizer):
        return tokenizer.seq(*[getattr(tokenizer, piece) for piece in pieces],
                             tokenizer.end_of_statement)
    return run


# The tokenizer's side of the shapes in statement_table.py.
_PIECES = {"n": LineTokenizer.expression, "s": LineTokenizer.string,
           "#": LineTokenizer.channel, "v": LineTokenizer.numeric_variable,
           "a": LineTokenizer.numeric_name}
_CUSTOM_RULES = {
    "let": LineTokenizer.assignment,
    "if": LineTokenizer.if_then,
    "for": LineTokenizer.for_loop,
    "on": LineTokenizer.on_goto,
    "list": LineTokenizer.list_arguments,
    "print": lambda t: t.alt(lambda: _rule("channel")(t),
                             lambda: _rule("channel_prefix", "print_list")(t)),
    "lprint": _rule("print_list"),
    "input": _rule("channel_prefix", "variable_list"),
    "read": _rule("variable_list"),
    "dim": _rule("dim_list"),
}


def tokenize_statements(text, variables):
    """[(statement token, token bytes)] for a line's statement text, or SyntaxProblem."""
    return LineTokenizer(text, variables).statements()
