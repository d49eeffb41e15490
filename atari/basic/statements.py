"""Statement nodes -> closures, one per statement (see interpreter.py for the protocol).

Each statement's compile method is named in statement_table.py (its ``method``); it takes
the statement's node and returns the closure that runs it.
"""
from atari import errors as E
from atari.atascii import EOL
from atari.errors import MISSING, NotSimulated
from atari.locations import PTABW

from . import numbers as N
from . import tokens as T
from .errors import BasicError
from .costs import output_cycles
from .expressions import string_index, to_byte, to_integer, to_line_number
from .memory import ForEntry, GosubEntry
from .nodes import ArrayElement, NumericVariable, StringVariable, is_string
from .statement_table import STATEMENTS

LIMIT = N.INT_LIMIT
STOP = -1


class StatementCompiler:
    """Compiles the statements of one interpreter."""

    def __init__(self, interpreter):
        self.interpreter = interpreter
        self.machine = interpreter.machine
        self.values = interpreter.values
        self.expressions = interpreter.expressions

    def compile(self, statement, pc, next_line, line):
        """The closure for ``statement``, which is statement number ``pc``."""
        self.pc, self.next_line, self.line = pc, next_line, line
        return COMPILE_METHODS[statement.token](self, statement)

    # -- helpers --------------------------------------------------------------------
    def numeric(self, node):
        return self.expressions.numeric(node)

    def _channel(self, node, allow_zero=False):
        """GIODVC: a channel 1..7 (0 allowed for PRINT/INPUT); ERROR 20 otherwise."""
        value = self.numeric(node)

        def channel():
            number = to_line_number(value()) & 0xFF
            if number > 7 or (number == 0 and not allow_zero):
                raise BasicError(E.BAD_DEVICE_NUMBER)
            return number
        return channel

    def _goto_line(self):
        interpreter = self.interpreter

        def goto(value):
            return interpreter.pc_of_line(to_line_number(value))
        return goto

    def _target_pc(self, node):
        """Closure giving the statement index for a GOTO-style target expression."""
        goto = self._goto_line()
        if hasattr(node, "value") and type(node.value) is int:
            known = self.interpreter.line_start.get(node.value)
            if known is not None:
                clock, search = self.interpreter.clock, self.interpreter.search_costs[known]

                def known_target():
                    clock.cycles += search
                    return known
                return known_target
        value = self.numeric(node)
        return lambda: goto(value())

    def store(self, target):
        """A closure storing a value into a numeric or string variable node."""
        interpreter, values = self.interpreter, self.values
        if isinstance(target, NumericVariable):
            index = target.index

            def store_number(value):
                values[index] = value
            return store_number
        if isinstance(target, ArrayElement):
            slot = self.expressions.array_slot(target)

            def store_element(value):
                data, position = slot()
                data[position] = value
            return store_element
        return lambda value: interpreter.assign_string(target.index, value)

    # -- statements -----------------------------------------------------------------
    def nothing(self, node):
        return lambda: None

    def not_simulated(self, node):
        """A statement this simulator cannot run (LOAD, DOS...)."""
        name = STATEMENTS[node.token].name

        def statement():
            raise NotSimulated(name, MISSING)
        return statement

    def syntax_error(self, node):
        def garbage():
            raise BasicError(E.GARBAGE)
        return garbage

    def let(self, node):
        target, source = node.target, node.value
        if is_string(target):
            return self._string_assignment(target, source)
        value = self.numeric(source)
        if isinstance(target, NumericVariable):
            values, index = self.values, target.index

            def let():
                values[index] = value()
            return let
        slot = self.expressions.array_slot(target)

        def let_element():
            data, position = slot()
            data[position] = value()
        return let_element

    def _string_assignment(self, target, source):
        interpreter = self.interpreter
        span = self.expressions.string_span(source)
        first = self.numeric(target.first) if target.first is not None else None
        second = self.numeric(target.second) if target.second is not None else None
        index = target.index

        def let_string():
            start = string_index(first()) if first is not None else None
            end = string_index(second()) if second is not None else None
            interpreter.assign_string(index, None, start, end, span())
        return let_string

    def if_(self, node):
        test, target = self.numeric(node.condition), node.line
        skip = self.next_line
        if target is None:
            return lambda: None if test() else skip
        jump = self._target_pc(target)
        return lambda: jump() if test() else skip

    def for_(self, node):
        interpreter, values = self.interpreter, self.values
        index, after = node.variable.index, self.pc + 1
        first, last = self.numeric(node.start), self.numeric(node.limit)
        increment = self.numeric(node.step) if node.step is not None else (lambda: 1)
        line = self.line.number

        def for_loop():
            values[index] = first()
            entry = ForEntry(index, last(), increment(), after, line)
            _drop_loop(interpreter, index)
            interpreter.push(entry)
        return for_loop

    def next(self, node):
        interpreter, values, index = self.interpreter, self.values, node.variable.index

        def next_loop():
            stack = interpreter.stack
            while True:
                if not stack or type(stack[-1]) is GosubEntry:
                    raise BasicError(E.NO_MATCHING_FOR)
                entry = interpreter.pop()
                if entry.variable == index:
                    break
            limit, step = entry.limit, entry.step
            value = values[index]
            if type(value) is int and type(step) is int and -LIMIT < value + step < LIMIT:
                value += step
            else:
                value = N.add(value, step)
            values[index] = value
            if (value <= limit) if step >= 0 else (value >= limit):
                interpreter.push(entry)
                return interpreter.resume_at(entry.resume)
            return None
        return next_loop

    def goto(self, node):
        jump = self._target_pc(node.line)
        return lambda: jump()

    def gosub(self, node):
        interpreter, jump, after = self.interpreter, self._target_pc(node.line), self.pc + 1

        def gosub():
            destination = jump()
            interpreter.push(GosubEntry(after))
            return destination
        return gosub

    def return_(self, node):
        interpreter = self.interpreter

        def return_():
            while interpreter.stack:
                entry = interpreter.pop()
                if type(entry) is GosubEntry:
                    return interpreter.resume_at(entry.resume)
            raise BasicError(E.RETURN_WITHOUT_GOSUB)
        return return_

    def pop(self, node):
        interpreter = self.interpreter

        def pop():
            if interpreter.stack:
                interpreter.pop()
        return pop

    def on(self, node):
        interpreter, choose, kind = self.interpreter, self.numeric(node.selector), node.kind
        jumps = [self._target_pc(target) for target in node.lines]
        after = self.pc + 1

        def on():
            number = to_byte(choose())
            if number == 0 or number > len(jumps):
                return None
            destination = jumps[number - 1]()
            if kind == T.GOSUB:
                interpreter.push(GosubEntry(after))
            return destination
        return on

    def trap(self, node):
        interpreter, value = self.interpreter, self.numeric(node.line)

        def trap():
            interpreter.trap_line = to_integer(value())
        return trap

    def end(self, node):
        interpreter = self.interpreter

        def end():
            interpreter.end_program()
            return STOP
        return end

    def stop(self, node):
        interpreter, pc = self.interpreter, self.pc

        def stop():
            interpreter.stop(pc)
            return STOP
        return stop

    def new(self, node):
        return lambda: STOP

    def clr(self, node):
        return lambda: self.interpreter.clear()

    def run(self, node):
        if node.spec is not None:
            def run_file():
                raise NotSimulated("RUN from a file", MISSING)
            return run_file
        interpreter = self.interpreter

        def run():
            interpreter.trap_line = 0x8000
            interpreter.degrees = False
            interpreter.clear()
            return 0
        return run

    def deg(self, node):
        return lambda: setattr(self.interpreter, "degrees", True)

    def rad(self, node):
        return lambda: setattr(self.interpreter, "degrees", False)

    def dim(self, node):
        interpreter = self.interpreter
        compiled = [(entry, self.numeric(entry.first),
                     self.numeric(entry.second) if entry.second is not None else None)
                    for entry in node.entries]

        def dim():
            for entry, first, second in compiled:
                size = to_integer(first())
                if entry.is_string:
                    interpreter.dimension(entry, size)
                else:
                    columns = to_integer(second()) + 1 if second is not None else 1
                    if size >= 32767 or columns > 32767:
                        raise BasicError(E.DIM_ERROR)
                    interpreter.dimension(entry, size + 1, columns)
        return dim

    def restore(self, node):
        interpreter = self.interpreter
        if node.line is None:
            return lambda: interpreter.restore(0)
        value = self.numeric(node.line)
        return lambda: interpreter.restore(to_line_number(value()))

    def read(self, node):
        interpreter = self.interpreter
        readers = [(target, _data_reader(target)) for target in node.targets]

        def read():
            for target, convert in readers:
                interpreter.assign_variable(target, convert(interpreter.next_data_item()))
        return read

    def print(self, node):
        machine, channel, items = self.machine, node.channel, node.items
        interpreter, clock = self.interpreter, self.interpreter.clock
        device = self._channel(channel, allow_zero=True) if channel is not None else (lambda: 0)
        parts = []
        for item in items:
            if item in (T.COMMA, T.SEMICOLON):
                parts.append((item, None))
            elif is_string(item):
                parts.append((T.STRING, self.expressions.string(item)))
            else:
                parts.append((T.NUMBER, self.numeric(item)))
        ends_open = bool(items) and items[-1] in (T.COMMA, T.SEMICOLON)

        def print_():
            number = device()
            interpreter.list_device = number      # XPRINT: STA LISTDTD
            out = bytearray()
            tab_width = None
            stop = 0
            try:
                for kind, make in parts:
                    if kind == T.NUMBER:
                        value = make()
                        out += (str(value) if type(value) is int and -10 ** 9 < value < 10 ** 9
                                else N.print_text(value)).encode("ascii")
                    elif kind == T.STRING:
                        out += make()
                    elif kind == T.COMMA:
                        if tab_width is None:
                            tab_width = machine.peek(PTABW) or 10
                            stop = tab_width
                        while len(out) + 1 >= stop:
                            stop += tab_width
                        out += b" " * (stop - len(out))
            except BasicError:
                machine.put(number, bytes(out))   # the items before the error were printed
                raise
            if not ends_open:
                out.append(EOL)
            clock.cycles += output_cycles(len(out))
            machine.put(number, bytes(out))
            interpreter.list_device = 0
        return print_

    def lprint(self, node):
        machine, print_ = self.machine, self.print(node)

        def lprint():
            machine.open(7, 8, 0, b"P:")
            try:
                print_()
            finally:
                machine.close(7)
        return lprint

    def input(self, node):
        machine, interpreter, targets = self.machine, self.interpreter, node.targets
        device = (self._channel(node.channel, allow_zero=True) if node.channel is not None
                  else (lambda: 0))

        def input_():
            number = device()
            text, position = b"", None
            for target in targets:
                if position is None or position >= len(text):
                    if number == 0:
                        machine.put(0, b"?")
                    text, position = machine.input_line(number), 0
                if isinstance(target, StringVariable):
                    interpreter.assign_string(target.index, text[position:])
                    position = len(text)
                    continue
                parsed = N.parse_number(text, position, allow_sign=True)
                if parsed is None or (parsed[1] < len(text) and text[parsed[1]] != 0x2C):
                    raise BasicError(E.INPUT_ERROR)
                interpreter.values[target.index] = parsed[0]
                position = parsed[1] + 1
        return input_

    def get(self, node):
        machine, device = self.machine, self._channel(node.channel)
        store = self.store(node.target)
        return lambda: store(machine.get(device()))

    def put(self, node):
        machine, device = self.machine, self._channel(node.channel)
        make = self.numeric(node.value)

        def put():
            number = device()
            machine.put(number, bytes([to_integer(make()) & 0xFF]))
        return put

    def open(self, node):
        machine, device = self.machine, self._channel(node.channel)
        aux1, aux2 = self.numeric(node.aux1), self.numeric(node.aux2)
        name = self.expressions.string(node.spec)

        def open_():
            number = device()
            machine.open(number, to_line_number(aux1()) & 0xFF,
                         to_line_number(aux2()) & 0xFF, name())
        return open_

    def close(self, node):
        machine, device = self.machine, self._channel(node.channel)
        return lambda: machine.close(device())

    def xio(self, node):
        machine, device = self.machine, self._channel(node.channel)
        make = [self.numeric(value) for value in (node.command, node.aux1, node.aux2)]
        name = self.expressions.string(node.spec)

        def xio():
            number = device()
            values = [to_line_number(value()) & 0xFF for value in make]
            machine.xio(values[0], number, values[1], values[2], name())
        return xio

    def status(self, node):
        machine, device = self.machine, self._channel(node.channel)
        store = self.store(node.target)
        return lambda: store(machine.status(device()))

    def note(self, node):
        machine, device = self.machine, self._channel(node.channel)
        store_sector, store_byte = self.store(node.sector), self.store(node.byte)

        def note():
            where = machine.note(device())
            store_sector(where[0])
            store_byte(where[1])
        return note

    def point(self, node):
        machine, device = self.machine, self._channel(node.channel)
        make_sector, make_byte = self.numeric(node.sector), self.numeric(node.byte)

        def point():
            number = device()
            machine.point(number, to_line_number(make_sector()), to_line_number(make_byte()))
        return point

    def locate(self, node):
        machine, store = self.machine, self.store(node.target)
        make_x, make_y = self.numeric(node.x), self.numeric(node.y)

        def locate():
            column, row = to_integer(make_x()), to_byte(make_y())
            store(machine.locate(column, row))
        return locate

    def _machine_call(self, method, *conversions):
        """A statement that passes its converted arguments to one machine method."""
        def compile_call(*nodes):
            call = getattr(self.machine, method)
            makers = [self.numeric(node) for node in nodes]

            def statement():
                call(*[convert(make()) for convert, make in zip(conversions, makers)])
            return statement
        return compile_call

    def poke(self, node):
        return self._machine_call("poke", to_integer, to_byte)(node.address, node.value)

    def position(self, node):
        return self._machine_call("position", to_integer, to_byte)(node.x, node.y)

    def plot(self, node):
        return self._machine_call("plot", to_integer, to_byte)(node.x, node.y)

    def drawto(self, node):
        return self._machine_call("drawto", to_integer, to_byte)(node.x, node.y)

    def graphics(self, node):
        return self._machine_call("graphics", lambda value: to_integer(value) & 0xFF)(node.value)

    def color(self, node):
        return self._machine_call("color", lambda value: to_integer(value) & 0xFF)(node.value)

    def setcolor(self, node):
        return self._machine_call("setcolor", _register(5), to_integer, to_integer)(
            node.register, node.hue, node.luminance)

    def sound(self, node):
        return self._machine_call("sound", _register(4), to_integer, to_integer, to_integer)(
            node.voice, node.pitch, node.distortion, node.volume)

    def list(self, node):
        if node.spec is not None:
            def list_to_device():
                raise NotSimulated("LIST to a device", MISSING)
            return list_to_device
        interpreter, machine = self.interpreter, self.machine
        makers = [self.numeric(value) for value in node.lines]

        def list_():
            bounds = [to_line_number(make()) for make in makers]
            first = bounds[0] if bounds else 0
            last = bounds[1] if len(bounds) > 1 else (first if bounds else 32767)
            machine.put(0, interpreter.list_lines(first, last))
        return list_


# The statement table's methods by token, looked up once: a name the compiler lacks fails on import.
COMPILE_METHODS = tuple(getattr(StatementCompiler, spec.method) for spec in STATEMENTS)


def _register(limit):
    def convert(value):
        value = to_byte(value)
        if value >= limit:
            raise BasicError(E.VALUE_ERROR)
        return value
    return convert


def _drop_loop(interpreter, index):
    """FOR removes an earlier loop on the same variable (and what is above it),
    looking no further down than the nearest GOSUB."""
    stack = interpreter.stack
    for depth in range(len(stack) - 1, -1, -1):
        entry = stack[depth]
        if type(entry) is GosubEntry:
            return
        if entry.variable == index:
            while len(stack) > depth:
                interpreter.pop()
            return


def _data_reader(target):
    if isinstance(target, StringVariable):
        return lambda item: item

    def number(item):
        parsed = N.parse_number(item, 0, allow_sign=True)
        if parsed is None or parsed[1] != len(item):
            raise BasicError(E.INPUT_ERROR)
        return parsed[0]
    return number
