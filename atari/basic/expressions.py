"""Expression trees -> Python closures that compute them against the interpreter's state.

Numbers stay ``int`` while whole and below 10**10, so the common case (loop counters,
indexes, POKE values) runs on plain integer arithmetic; anything else goes through
the BCD rules in :mod:`numbers`.
"""
import math

from atari.errors import (DIM_ERROR, INVALID_STRING, NUMBER_TOO_BIG, STRING_LENGTH, VALUE_ERROR,
                          MISSING, NotSimulated)
from atari.locations import LBUFF

from . import numbers as N
from . import tokens as T
from .errors import BasicError
from .memory import CHR_BUFFER
from .nodes import (ArrayElement, Binary, Call, Number, NumericVariable, String,
                    StringComparison, StringVariable, Unary)

LIMIT = N.INT_LIMIT
_F = T.FUNCTION


def to_integer(value):
    """FPI: round to a whole number 0..65535 (ERROR 3 otherwise)."""
    if type(value) is int and 0 <= value <= 65535:
        return value
    return N.to_integer(value)


def to_line_number(value):
    """GETPINT: a whole number 0..32767 (ERROR 7 above, ERROR 3 for negative)."""
    value = to_integer(value)
    if value > 32767:
        raise BasicError(NUMBER_TOO_BIG)
    return value


def to_byte(value):
    """GET1INT: a whole number 0..255."""
    value = to_line_number(value)
    if value > 255:
        raise BasicError(VALUE_ERROR)
    return value


class StringVariableValue:
    """A string variable: its DIMmed buffer, current length and address."""
    __slots__ = ("buffer", "length", "address")

    def __init__(self):
        self.buffer = None
        self.length = 0
        self.address = 0

    def dimmed(self):
        if self.buffer is None:
            raise BasicError(DIM_ERROR)
        return self.buffer


class ArrayVariableValue:
    """A numeric array: its values (row by row), dimensions+1 and address."""
    __slots__ = ("data", "rows", "columns", "address")

    def __init__(self):
        self.data = None
        self.rows = 0
        self.columns = 0
        self.address = 0


class ExpressionCompiler:
    """Makes closures for expression nodes of one interpreter."""

    def __init__(self, interpreter):
        self.interpreter = interpreter
        self.values = interpreter.values
        self.machine = interpreter.machine

    # -- numbers ------------------------------------------------------------------
    def numeric(self, node):
        kind = type(node)
        if kind is Number:
            value = node.value
            return lambda: value
        if kind is NumericVariable:
            values, index = self.values, node.index
            return lambda: values[index]
        if kind is ArrayElement:
            return self.array_element(node)
        if kind is Unary:
            return self._unary(node)
        if kind is Binary:
            return self._binary(node)
        if kind is StringComparison:
            return self._string_comparison(node)
        if kind is Call:
            return self._call(node)
        raise TypeError("not a numeric expression: %r" % (node,))

    def array_slot(self, node):
        """A closure giving (data list, position) of an array element, checking bounds."""
        values, index = self.values, node.index
        first = self.numeric(node.first)
        second = self.numeric(node.second) if node.second is not None else None

        def subscript(value, size):
            if type(value) is not int or value < 0 or value > 32767:
                value = to_integer(value)
                if value > 32767:
                    raise BasicError(DIM_ERROR)
            if value >= size:
                raise BasicError(DIM_ERROR)
            return value

        if second is None:
            def slot():
                array = values[index]
                if array.data is None:
                    raise BasicError(DIM_ERROR)
                return array.data, subscript(first(), array.rows)
        else:
            def slot():
                array = values[index]
                if array.data is None:
                    raise BasicError(DIM_ERROR)
                row = subscript(first(), array.rows)
                return array.data, row * array.columns + subscript(second(), array.columns)
        return slot

    def array_element(self, node):
        values, index = self.values, node.index
        if node.second is None:
            first = self.numeric(node.first)

            def element():
                array = values[index]
                position = first()
                data = array.data
                if data is None:
                    raise BasicError(DIM_ERROR)
                if type(position) is not int or position < 0 or position > 32767:
                    position = to_integer(position)
                    if position > 32767:
                        raise BasicError(DIM_ERROR)
                if position >= array.rows:
                    raise BasicError(DIM_ERROR)
                return data[position]
            return element
        slot = self.array_slot(node)

        def element2():
            data, position = slot()
            return data[position]
        return element2

    def _unary(self, node):
        operand = self.numeric(node.operand)
        if node.operator == T.UNARY_MINUS:
            return lambda: -operand()
        if node.operator == T.NOT:
            return lambda: 0 if operand() else 1
        return operand

    def _binary(self, node):
        left, right = self.numeric(node.left), self.numeric(node.right)
        operator = node.operator
        if operator == T.PLUS:
            return _add(left, right)
        if operator == T.MINUS:
            return _subtract(left, right)
        if operator == T.MULTIPLY:
            return _multiply(left, right)
        if operator == T.DIVIDE:
            return lambda: N.divide(left(), right())
        if operator == T.POWER:
            return lambda: N.power(left(), right())
        if operator == T.AND:
            return lambda: N.logical_and(left(), right())
        if operator == T.OR:
            def logical_or():
                a, b = left(), right()
                return 1 if a or b else 0
            return logical_or
        return _comparison(operator, left, right)

    def _string_comparison(self, node):
        left, right = self.string(node.left), self.string(node.right)
        numeric = T.NUMERIC_COMPARISONS[T.STRING_COMPARISONS.index(node.operator)]
        return _comparison(numeric, left, right)

    # -- strings ------------------------------------------------------------------
    def string_span(self, node):
        """A closure giving (buffer, start, end) for a string node."""
        kind = type(node)
        if kind is String:
            data = node.data
            span = (data, 0, len(data))
            return lambda: span
        if kind is StringVariable:
            return self._variable_span(node)
        if kind is Call:
            make = self._call(node)
            return lambda: _whole(make())
        raise TypeError("not a string expression: %r" % (node,))

    def string(self, node):
        """A closure giving the bytes of a string node."""
        if type(node) is String:
            data = node.data
            return lambda: data
        span = self.string_span(node)

        def value():
            buffer, start, end = span()
            return bytes(buffer[start:end])
        return value

    def _variable_span(self, node):
        values, index = self.values, node.index
        if node.first is None:
            def whole():
                variable = values[index]
                return variable.dimmed(), 0, variable.length
            return whole
        first = self.numeric(node.first)
        second = self.numeric(node.second) if node.second is not None else None

        def substring():
            variable = values[index]
            buffer = variable.dimmed()
            start = string_index(first())
            end = string_index(second()) if second is not None else variable.length
            if second is not None and end > variable.length:
                raise BasicError(STRING_LENGTH)
            if end < start or start > variable.length:
                raise BasicError(STRING_LENGTH)
            return buffer, start - 1, end
        return substring

    def address(self, node):
        """ADR of a string node: where its bytes are in memory."""
        kind = type(node)
        if kind is String:
            address = self.interpreter.constant_address(node, self.interpreter.compiling_line)
            return lambda: address
        if kind is Call:
            make = self._call(node)
            where = LBUFF if node.function == _F["STR$"] else CHR_BUFFER

            def temporary():
                make()
                return where
            return temporary
        values, index = self.values, node.index
        span = self._variable_span(node)

        def variable_address():
            _buffer, start, _end = span()
            return values[index].address + start
        return variable_address

    # -- functions ----------------------------------------------------------------
    def _call(self, node):
        function = node.function
        if function == _F["USR"]:
            def usr():
                raise NotSimulated("USR (machine language)", MISSING)
            return usr
        if function in T.STRING_ARGUMENT_FUNCTIONS:
            return self._string_argument_call(function, node.arguments[0])
        argument = self.numeric(node.arguments[0])
        machine = self.machine
        simple = {
            _F["STR$"]: lambda: N.format_number(argument()).encode("ascii"),
            _F["CHR$"]: lambda: bytes([to_integer(argument()) & 0xFF]),
            _F["PEEK"]: lambda: machine.peek(to_integer(argument())),
            _F["RND"]: _ignoring(argument, lambda: N.from_float(machine.rnd())),
            _F["FRE"]: _ignoring(argument, self.interpreter.free_memory),
            _F["SGN"]: lambda: N.sign(argument()),
            _F["ABS"]: lambda: abs(argument()),
            _F["INT"]: lambda: N.floor(argument()),
            _F["PADDLE"]: lambda: machine.paddle(_controller(argument())),
            _F["STICK"]: lambda: machine.stick(_controller(argument())),
            _F["PTRIG"]: lambda: machine.ptrig(_controller(argument())),
            _F["STRIG"]: lambda: machine.strig(_controller(argument())),
        }
        if function in simple:
            return simple[function]
        return self._transcendental(function, argument)

    def _transcendental(self, function, argument):
        interpreter = self.interpreter

        def angle(value):
            return math.radians(value) if interpreter.degrees else value

        def result(value):
            return math.degrees(value) if interpreter.degrees else value

        formulas = {
            _F["SIN"]: lambda x: math.sin(angle(x)),
            _F["COS"]: lambda x: math.cos(angle(x)),
            _F["ATN"]: lambda x: result(math.atan(x)),
            _F["EXP"]: math.exp,
            _F["LOG"]: _logarithm(math.log),
            _F["CLOG"]: _logarithm(math.log10),
            _F["SQR"]: _square_root,
        }
        formula = formulas[function]

        def call():
            try:
                value = formula(float(argument()))
            except (OverflowError, ValueError):
                raise BasicError(VALUE_ERROR) from None
            try:
                return N.from_float(value)
            except BasicError:
                raise BasicError(VALUE_ERROR) from None
        return call

    def _string_argument_call(self, function, node):
        if function == _F["ADR"]:
            return self.address(node)
        text = self.string(node)
        if function == _F["LEN"]:
            return lambda: len(text())
        if function == _F["ASC"]:
            span = self.string_span(node)

            def asc():
                buffer, start, _end = span()
                return buffer[start] if start < len(buffer) else 0
            return asc

        def val():
            parsed = N.parse_number(text(), 0, allow_sign=True)
            if parsed is None:
                raise BasicError(INVALID_STRING)
            return parsed[0]
        return val


def string_index(value):
    """A string subscript: 1..65535 (0 is ERROR 5)."""
    value = to_integer(value)
    if value == 0:
        raise BasicError(STRING_LENGTH)
    return value


def _ignoring(argument, make):
    """RND(x) and FRE(x) evaluate x and ignore it."""
    def call():
        argument()
        return make()
    return call


def _whole(data):
    return data, 0, len(data)


def _controller(value):
    value = to_integer(value)
    if value > 255:
        raise BasicError(VALUE_ERROR)
    return value


def _logarithm(function):
    def logarithm(value):
        if value <= 0:
            raise ValueError("logarithm of %r" % value)
        return function(value)
    return logarithm


def _square_root(value):
    if value < 0:
        raise ValueError("square root of a negative number")
    return math.sqrt(value)


# + - * use plain int arithmetic when both sides are small whole numbers (the
# three are spelled out because this is the interpreter's hottest code).
def _add(left, right):
    def add():
        a, b = left(), right()
        if type(a) is int and type(b) is int:
            result = a + b
            if -LIMIT < result < LIMIT:
                return result
        return N.add(a, b)
    return add


def _subtract(left, right):
    def subtract():
        a, b = left(), right()
        if type(a) is int and type(b) is int:
            result = a - b
            if -LIMIT < result < LIMIT:
                return result
        return N.subtract(a, b)
    return subtract


def _multiply(left, right):
    def multiply():
        a, b = left(), right()
        if type(a) is int and type(b) is int:
            result = a * b
            if -LIMIT < result < LIMIT:
                return result
        return N.multiply(a, b)
    return multiply


def _comparison(operator, left, right):
    if operator == T.EQ:
        return lambda: 1 if left() == right() else 0
    if operator == T.NE:
        return lambda: 1 if left() != right() else 0
    if operator == T.LT:
        return lambda: 1 if left() < right() else 0
    if operator == T.GT:
        return lambda: 1 if left() > right() else 0
    if operator == T.LE:
        return lambda: 1 if left() <= right() else 0
    return lambda: 1 if left() >= right() else 0
