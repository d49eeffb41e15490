"""Statement nodes -> closures, one per statement (see interpreter.py for the protocol)."""
from . import numbers as N
from . import tokens as T
from .errors import BasicError, NotSimulated
from .expressions import string_index, to_byte, to_integer, to_line_number
from .nodes import ArrayElement, NumericVariable, StringVariable
from .memory import FOR_ENTRY_BYTES, GOSUB_ENTRY_BYTES, PTABW_ADDRESS
from .parser import is_string

LIMIT = N.INT_LIMIT

STOP = -1
_S = T.STATEMENT
NOT_SIMULATED = {_S["ENTER"]: "ENTER", _S["LOAD"]: "LOAD", _S["SAVE"]: "SAVE",
                 _S["CSAVE"]: "CSAVE", _S["CLOAD"]: "CLOAD", _S["DOS"]: "DOS",
                 _S["BYE"]: "BYE"}
ERROR_DEVICE = 20
EOL = 0x9B


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
        token = statement.token
        if token in NOT_SIMULATED:
            name = NOT_SIMULATED[token]

            def not_simulated():
                raise NotSimulated(name)
            return not_simulated
        method = getattr(self, "_" + _METHOD_NAMES.get(token, "nothing"))
        return method(*statement.parts)

    # -- helpers --------------------------------------------------------------------
    def numeric(self, node):
        return self.expressions.numeric(node)

    def _channel(self, node, allow_zero=False):
        """GIODVC: a channel 1..7 (0 allowed for PRINT/INPUT); ERROR 20 otherwise."""
        value = self.numeric(node)

        def channel():
            number = to_line_number(value()) & 0xFF
            if number > 7 or (number == 0 and not allow_zero):
                raise BasicError(ERROR_DEVICE)
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
                return lambda: known
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
    def _nothing(self, *parts):
        return lambda: None

    def _syntax_error(self, text):
        def garbage():
            raise BasicError(17)
        return garbage

    def _let(self, target, source):
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

    def _if(self, condition, target):
        test = self.numeric(condition)
        skip = self.next_line
        if target is None:
            return lambda: None if test() else skip
        jump = self._target_pc(target)
        return lambda: jump() if test() else skip

    def _for(self, variable, start, limit, step):
        interpreter, values = self.interpreter, self.values
        index, after = variable.index, self.pc + 1
        first, last = self.numeric(start), self.numeric(limit)
        increment = self.numeric(step) if step is not None else (lambda: 1)
        line = self.line.number

        def for_loop():
            values[index] = first()
            entry = (index, last(), increment(), after, line)
            _drop_loop(interpreter, index)
            interpreter.push(entry, FOR_ENTRY_BYTES)
        return for_loop

    def _next(self, variable):
        interpreter, values, index = self.interpreter, self.values, variable.index

        def next_loop():
            stack = interpreter.stack
            while True:
                if not stack or len(stack[-1]) == 2:
                    raise BasicError(13)
                entry = interpreter.pop()
                if entry[0] == index:
                    break
            _loop_index, limit, step, after, _line = entry
            value = values[index]
            if type(value) is int and type(step) is int and -LIMIT < value + step < LIMIT:
                value += step
            else:
                value = N.add(value, step)
            values[index] = value
            if (value <= limit) if step >= 0 else (value >= limit):
                interpreter.push(entry, FOR_ENTRY_BYTES)
                return after
            return None
        return next_loop

    def _goto(self, target):
        jump = self._target_pc(target)
        return lambda: jump()

    def _gosub(self, target):
        interpreter, jump, after = self.interpreter, self._target_pc(target), self.pc + 1

        def gosub():
            destination = jump()
            interpreter.push((None, after), GOSUB_ENTRY_BYTES)
            return destination
        return gosub

    def _return(self):
        interpreter = self.interpreter

        def return_():
            while interpreter.stack:
                entry = interpreter.pop()
                if len(entry) == 2:
                    return entry[1]
            raise BasicError(16)
        return return_

    def _pop(self):
        interpreter = self.interpreter

        def pop():
            if interpreter.stack:
                interpreter.pop()
        return pop

    def _on(self, selector, kind, targets):
        interpreter, choose = self.interpreter, self.numeric(selector)
        jumps = [self._target_pc(target) for target in targets]
        after = self.pc + 1

        def on():
            number = to_byte(choose())
            if number == 0 or number > len(jumps):
                return None
            destination = jumps[number - 1]()
            if kind == T.GOSUB:
                interpreter.push((None, after), GOSUB_ENTRY_BYTES)
            return destination
        return on

    def _trap(self, target):
        interpreter, value = self.interpreter, self.numeric(target)

        def trap():
            interpreter.trap_line = to_integer(value())
        return trap

    def _end(self):
        interpreter = self.interpreter

        def end():
            interpreter.end_program()
            return STOP
        return end

    def _stop(self):
        interpreter, pc = self.interpreter, self.pc

        def stop():
            interpreter.stop(pc)
            return STOP
        return stop

    def _new(self):
        return lambda: STOP

    def _clr(self):
        return lambda: self.interpreter.clear()

    def _run(self, spec):
        if spec is not None:
            def run_file():
                raise NotSimulated("RUN from a file")
            return run_file
        interpreter = self.interpreter

        def run():
            interpreter.trap_line = 0x8000
            interpreter.degrees = False
            interpreter.clear()
            return 0
        return run

    def _deg(self):
        return lambda: setattr(self.interpreter, "degrees", True)

    def _rad(self):
        return lambda: setattr(self.interpreter, "degrees", False)

    def _dim(self, *entries):
        interpreter = self.interpreter
        compiled = [(entry, self.numeric(entry.first),
                     self.numeric(entry.second) if entry.second is not None else None)
                    for entry in entries]

        def dim():
            for entry, first, second in compiled:
                size = to_integer(first())
                if entry.is_string:
                    interpreter.dimension(entry, size)
                else:
                    columns = to_integer(second()) + 1 if second is not None else 1
                    if size >= 32767 or columns > 32767:
                        raise BasicError(9)
                    interpreter.dimension(entry, size + 1, columns)
        return dim

    def _restore(self, *line):
        interpreter = self.interpreter
        if not line:
            return lambda: interpreter.restore(0)
        value = self.numeric(line[0])
        return lambda: interpreter.restore(to_line_number(value()))

    def _read(self, *targets):
        interpreter = self.interpreter
        readers = [(target, _data_reader(target)) for target in targets]

        def read():
            for target, convert in readers:
                interpreter.assign_variable(target, convert(interpreter.next_data_item()))
        return read

    def _print(self, channel, items):
        machine = self.machine
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
            out = bytearray()
            tab_width = None
            stop = 0
            for kind, make in parts:
                if kind == T.NUMBER:
                    value = make()
                    out += (str(value) if type(value) is int and -10 ** 9 < value < 10 ** 9
                            else N.print_text(value)).encode("ascii")
                elif kind == T.STRING:
                    out += make()
                elif kind == T.COMMA:
                    if tab_width is None:
                        tab_width = machine.peek(PTABW_ADDRESS) or 10
                        stop = tab_width
                    while len(out) + 1 >= stop:
                        stop += tab_width
                    out += b" " * (stop - len(out))
            if not ends_open:
                out.append(EOL)
            machine.put(number, bytes(out))
        return print_

    def _lprint(self, channel, items):
        machine, print_ = self.machine, self._print(None, items)

        def lprint():
            machine.open(7, 8, 0, b"P:")
            try:
                print_()
            finally:
                machine.close(7)
        return lprint

    def _input(self, channel, targets):
        machine, interpreter = self.machine, self.interpreter
        device = self._channel(channel, allow_zero=True) if channel is not None else (lambda: 0)

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
                    raise BasicError(8)
                interpreter.values[target.index] = parsed[0]
                position = parsed[1] + 1
        return input_

    def _get(self, channel, target):
        machine, device, store = self.machine, self._channel(channel), self.store(target)
        return lambda: store(machine.get(device()))

    def _put(self, channel, value):
        machine, device, make = self.machine, self._channel(channel), self.numeric(value)

        def put():
            number = device()
            machine.put(number, bytes([to_integer(make()) & 0xFF]))
        return put

    def _open(self, channel, first, second, spec):
        machine, device = self.machine, self._channel(channel)
        aux1, aux2 = self.numeric(first), self.numeric(second)
        name = self.expressions.string(spec)

        def open_():
            number = device()
            machine.open(number, to_line_number(aux1()) & 0xFF,
                         to_line_number(aux2()) & 0xFF, name())
        return open_

    def _close(self, channel):
        machine, device = self.machine, self._channel(channel)
        return lambda: machine.close(device())

    def _xio(self, command, channel, first, second, spec):
        machine, device = self.machine, self._channel(channel)
        make = [self.numeric(node) for node in (command, first, second)]
        name = self.expressions.string(spec)

        def xio():
            number = device()
            values = [to_line_number(value()) & 0xFF for value in make]
            machine.xio(values[0], number, values[1], values[2], name())
        return xio

    def _status(self, channel, target):
        machine, device, store = self.machine, self._channel(channel), self.store(target)
        return lambda: store(machine.status(device()))

    def _note(self, channel, sector, byte):
        machine, device = self.machine, self._channel(channel)
        store_sector, store_byte = self.store(sector), self.store(byte)

        def note():
            where = machine.note(device())
            store_sector(where[0])
            store_byte(where[1])
        return note

    def _point(self, channel, sector, byte):
        machine, device = self.machine, self._channel(channel)
        make_sector, make_byte = self.numeric(sector), self.numeric(byte)

        def point():
            number = device()
            machine.point(number, to_line_number(make_sector()), to_line_number(make_byte()))
        return point

    def _locate(self, x, y, target):
        machine, store = self.machine, self.store(target)
        make_x, make_y = self.numeric(x), self.numeric(y)

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

    def _poke(self, address, value):
        return self._machine_call("poke", to_integer, to_byte)(address, value)

    def _position(self, x, y):
        return self._machine_call("position", to_integer, to_byte)(x, y)

    def _plot(self, x, y):
        return self._machine_call("plot", to_integer, to_byte)(x, y)

    def _drawto(self, x, y):
        return self._machine_call("drawto", to_integer, to_byte)(x, y)

    def _graphics(self, mode):
        return self._machine_call("graphics", lambda value: to_integer(value) & 0xFF)(mode)

    def _color(self, value):
        return self._machine_call("color", lambda value: to_integer(value) & 0xFF)(value)

    def _setcolor(self, register, hue, luminance):
        return self._machine_call("setcolor", _register(5), to_integer, to_integer)(
            register, hue, luminance)

    def _sound(self, voice, pitch, distortion, volume):
        return self._machine_call("sound", _register(4), to_integer, to_integer, to_integer)(
            voice, pitch, distortion, volume)

    def _list(self, spec, numbers):
        if spec is not None:
            def list_to_device():
                raise NotSimulated("LIST to a device")
            return list_to_device
        interpreter, machine = self.interpreter, self.machine
        makers = [self.numeric(node) for node in numbers]

        def list_():
            bounds = [to_line_number(make()) for make in makers]
            first = bounds[0] if bounds else 0
            last = bounds[1] if len(bounds) > 1 else (first if bounds else 32767)
            machine.put(0, interpreter.list_lines(first, last))
        return list_


def _register(limit):
    def convert(value):
        value = to_byte(value)
        if value >= limit:
            raise BasicError(3)
        return value
    return convert


def _drop_loop(interpreter, index):
    """FOR removes an earlier loop on the same variable (and what is above it),
    looking no further down than the nearest GOSUB."""
    stack = interpreter.stack
    for depth in range(len(stack) - 1, -1, -1):
        entry = stack[depth]
        if len(entry) == 2:
            return
        if entry[0] == index:
            while len(stack) > depth:
                interpreter.pop()
            return


def _data_reader(target):
    if isinstance(target, StringVariable):
        return lambda item: item

    def number(item):
        parsed = N.parse_number(item, 0, allow_sign=True)
        if parsed is None or parsed[1] != len(item):
            raise BasicError(8)
        return parsed[0]
    return number


_METHOD_NAMES = {
    T.IMPLIED_LET: "let", _S["LET"]: "let", _S["IF"]: "if", _S["FOR"]: "for",
    _S["NEXT"]: "next", _S["GOTO"]: "goto", _S["GO TO"]: "goto", _S["GOSUB"]: "gosub",
    _S["RETURN"]: "return", _S["POP"]: "pop", _S["ON"]: "on", _S["TRAP"]: "trap",
    _S["END"]: "end", _S["STOP"]: "stop", _S["NEW"]: "new", _S["CLR"]: "clr",
    _S["RUN"]: "run", _S["DEG"]: "deg", _S["RAD"]: "rad", _S["DIM"]: "dim", _S["COM"]: "dim",
    _S["RESTORE"]: "restore", _S["READ"]: "read", _S["PRINT"]: "print", _S["?"]: "print",
    _S["LPRINT"]: "lprint", _S["INPUT"]: "input", _S["GET"]: "get", _S["PUT"]: "put",
    _S["OPEN"]: "open", _S["CLOSE"]: "close", _S["XIO"]: "xio", _S["STATUS"]: "status",
    _S["NOTE"]: "note", _S["POINT"]: "point", _S["LOCATE"]: "locate", _S["POKE"]: "poke",
    _S["POSITION"]: "position", _S["PLOT"]: "plot", _S["DRAWTO"]: "drawto",
    _S["GRAPHICS"]: "graphics", _S["COLOR"]: "color", _S["SETCOLOR"]: "setcolor",
    _S["SOUND"]: "sound", _S["LIST"]: "list", T.SYNTAX_ERROR: "syntax_error",
}
