"""Runs a Program against a Machine, as Atari BASIC Rev C executes it.

Each statement is compiled once into a closure; the run loop calls them in order.
A closure returns None to go on to the next statement, or the index of the
statement to continue at (GOTO, NEXT, RETURN...), or STOP to end the run.
"""
import bisect

from . import tokens as T
from .errors import BasicError, NotSimulated
from .expressions import ArrayVariableValue, ExpressionCompiler, StringVariableValue
from .listing import list_line
from .memory import DEFAULT_HIMEM, FOR_ENTRY_BYTES, GOSUB_ENTRY_BYTES, MEMTOP_ADDRESS, MemoryMap
from .nodes import NumericVariable
from .statements import StatementCompiler

ERROR_NUMBER_ADDRESS = 195          # ERRSAV: PEEK(195) after TRAP
STOP_LINE_ADDRESS = 186             # STOPLN: PEEK(186)+256*PEEK(187)
NO_TRAP = 0x8000
TICK_EVERY = 100


class Interpreter:
    """Atari BASIC executing ``program`` on ``machine``."""

    def __init__(self, program, machine):
        self.program = program
        self.machine = machine
        self.memory = MemoryMap(program)
        self.values = []
        self.degrees = False
        self.trap_line = NO_TRAP
        self.stack = []
        self.data_line = 0
        self.data_item = 0
        self.line = None
        self.compiling_line = None
        self._reset_variables()
        self.expressions = ExpressionCompiler(self)
        self._compile()

    # -- compiling ------------------------------------------------------------------
    def _compile(self):
        self.line_start = {}
        self.pc_line = []
        self.code = []
        self.data = {}
        statements = StatementCompiler(self)
        for line in self.program.lines:
            self.line_start[line.number] = len(self.code)
            next_line = len(self.code) + len(line.statements)
            self.compiling_line = line.number
            for statement in line.statements:
                if statement.token == T.STATEMENT["DATA"] and line.number not in self.data:
                    self.data[line.number] = statement.parts[0].split(b",")
                self.code.append(statements.compile(statement, len(self.code), next_line, line))
                self.pc_line.append(line.number)
        self.data_lines = sorted(self.data)

    def pc_of_line(self, number):
        """Index of the first statement of line ``number`` (ERROR 12 if there is none)."""
        pc = self.line_start.get(number)
        if pc is None:
            raise BasicError(12)
        return pc

    # -- state ----------------------------------------------------------------------
    def _reset_variables(self):
        """CLR: numbers to 0, strings and arrays un-DIMmed, stacks and DATA reset."""
        self.values[:] = [StringVariableValue() if name.endswith("$") else
                          ArrayVariableValue() if name.endswith("(") else 0
                          for name in self.program.variables]
        self.stack.clear()
        self.memory.clear()
        self.data_line = 0
        self.data_item = 0

    def clear(self):
        self._reset_variables()

    def himem(self):
        """The top of memory BASIC may use (the OS's MEMTOP, which GRAPHICS moves)."""
        try:
            top = self.machine.peek(MEMTOP_ADDRESS) | self.machine.peek(MEMTOP_ADDRESS + 1) << 8
        except Exception:
            top = 0
        return top or DEFAULT_HIMEM

    def free_memory(self):
        """FRE(0): bytes between BASIC's MEMTOP and HIMEM."""
        return max(0, self.himem() - self.memory.memtop())

    def constant_address(self, node, line_number):
        """ADR of a string constant: where it sits in the statement table."""
        return self.memory.line_address.get(line_number, self.memory.stmtab) + node.offset

    def push(self, entry, size):
        self.memory.grow_stack(size, self.himem())
        self.stack.append(entry)

    def pop(self):
        entry = self.stack.pop()
        self.memory.shrink_stack(FOR_ENTRY_BYTES if len(entry) > 2 else GOSUB_ENTRY_BYTES)
        return entry

    def dimension(self, entry, rows, columns=1):
        """DIM one string (``rows`` bytes) or array (rows x columns numbers)."""
        variable = self.values[entry.index]
        if entry.is_string:
            if variable.buffer is not None or rows == 0:
                raise BasicError(9)
            variable.address = self.memory.allocate(rows, self.himem())
            variable.buffer = bytearray(rows)
            variable.length = 0
            return
        if variable.data is not None or rows * columns * 6 > 32767:
            raise BasicError(9)
        variable.address = self.memory.allocate(rows * columns * 6, self.himem())
        variable.data = [0] * (rows * columns)
        variable.rows, variable.columns = rows, columns

    # -- DATA -----------------------------------------------------------------------
    def next_data_item(self):
        """The next DATA item (bytes) for READ; ERROR 6 when there are none left."""
        position = bisect.bisect_left(self.data_lines, self.data_line)
        while position < len(self.data_lines):
            number = self.data_lines[position]
            if number != self.data_line:
                self.data_line, self.data_item = number, 0
            items = self.data[number]
            if self.data_item < len(items):
                self.data_item += 1
                return items[self.data_item - 1]
            position += 1
        raise BasicError(6)

    def restore(self, line_number=0):
        self.data_line, self.data_item = line_number, 0

    # -- assigning ------------------------------------------------------------------
    def assign_string(self, index, data, start=None, end=None, source=None):
        """Store bytes into string ``index`` (whole, from ``start``, or start..end).

        ``source`` (buffer, first, last) lets a copy from the same string run
        forward byte by byte, as the ROM's move does (the A$(2)=A$ fill idiom).
        """
        variable = self.values[index]
        buffer = variable.dimmed()
        size = len(buffer)
        offset = 0 if start is None else start - 1
        if start is not None and start > size:
            raise BasicError(5)
        if end is not None:
            if end > size or end < start:
                raise BasicError(5)
            room = end - offset
        else:
            room = size - offset
        count = min(room, len(data) if source is None else source[2] - source[1])
        if source is not None and source[0] is buffer and source[1] < offset:
            first = source[1]
            for i in range(count):
                buffer[offset + i] = buffer[first + i]
        elif source is not None:
            buffer[offset:offset + count] = source[0][source[1]:source[1] + count]
        else:
            buffer[offset:offset + count] = data[:count]
        new_end = offset + count
        if end is None or new_end > variable.length:
            variable.length = new_end

    def assign_variable(self, target, value):
        """READ / INPUT / GET / LOCATE into a simple variable."""
        if isinstance(target, NumericVariable):
            self.values[target.index] = value
        else:
            self.assign_string(target.index, value)

    # -- running --------------------------------------------------------------------
    def run(self):
        """RUN: clear everything and execute from the first line."""
        self.trap_line = NO_TRAP
        self.degrees = False
        self._reset_variables()
        self._execute(0)

    def _execute(self, pc):
        code = self.code
        count = len(code)
        tick = getattr(self.machine, "tick", None)
        while True:
            try:
                budget = TICK_EVERY
                while 0 <= pc < count:
                    result = code[pc]()
                    pc = pc + 1 if result is None else result
                    budget -= 1
                    if not budget:
                        budget = TICK_EVERY
                        if tick is not None:
                            self.line = self.pc_line[pc] if pc < count else self.line
                            tick()
                if pc >= count:
                    self.end_program()
                return
            except BasicError as error:
                pc = self._handle_error(error, pc)
            except NotSimulated as problem:
                problem.line = self.pc_line[pc]
                self.line = problem.line
                raise
            except Exception as problem:
                number = device_error_number(problem)
                if number is None:
                    self.line = self.pc_line[pc] if pc < count else self.line
                    raise
                pc = self._handle_error(BasicError(number), pc)

    def _handle_error(self, error, pc):
        """TRAP the error (returning where to go on) or stop with it."""
        line = self.pc_line[pc]
        self.line = line
        error.line = line
        self._set_stop_line(line)
        if self.trap_line < NO_TRAP:
            target = self.trap_line
            self.trap_line = NO_TRAP
            self.machine.poke(ERROR_NUMBER_ADDRESS, error.number)
            if target in self.line_start:
                return self.line_start[target]
            error = BasicError(12, line)
        raise BasicError(error.number, line, error.detail)

    def _set_stop_line(self, line):
        self.machine.poke(STOP_LINE_ADDRESS, line & 0xFF)
        self.machine.poke(STOP_LINE_ADDRESS + 1, line >> 8)

    def end_program(self):
        """END (or running off the last line): close channels 1-7, silence the sound."""
        for channel in range(1, 8):
            self.machine.close(channel)
        for voice in range(4):
            self.machine.sound(voice, 0, 0, 0)

    def stop(self, pc):
        """STOP: report the line as the Atari does and end the run."""
        line = self.pc_line[pc]
        self._set_stop_line(line)
        self.machine.put(0, b"\x9bSTOPPED AT LINE %d\x9b" % line)

    def list_lines(self, first=0, last=32767):
        """LIST text of lines first..last as ATASCII (0x9B line ends)."""
        return b"".join(list_line(line, self.program.variables).encode("latin-1") + b"\x9b"
                        for line in self.program.lines if first <= line.number <= last)

    # -- for dumps --------------------------------------------------------------------
    def variables(self):
        """Numbers by name; strings as byte lists under NAME$; arrays under NAME(."""
        result = {}
        for name, value in zip(self.program.variables, self.values):
            if name.endswith("$"):
                result[name] = list(value.buffer[:value.length]) if value.buffer else []
            elif name.endswith("("):
                result[name] = _array_lists(value)
            else:
                result[name] = float(value)
        return result

    def set_number(self, name, value, index=None):
        """Set numeric variable ``name`` (or element ``index`` of the DIMmed array ``name``,
        as "Q(") to the whole number ``value``, as POKEs into its bytes would on the Atari:
        for tools that set a position up before the program goes on (atari compare)."""
        slot = self.program.variables.index(name)
        if index is None:
            self.values[slot] = int(value)
        else:
            self.values[slot].data[index] = int(value)


def _array_lists(array):
    if array.data is None:
        return []
    numbers = [float(value) for value in array.data]
    if array.columns == 1:
        return numbers
    return [numbers[row * array.columns:(row + 1) * array.columns] for row in range(array.rows)]


def device_error_number(problem):
    """The error number of a machine's DeviceError (matched by name: the machine is
    a separate package), or None for any other exception."""
    if not any(cls.__name__ == "DeviceError" for cls in type(problem).__mro__):
        return None
    for attribute in ("code", "number", "status"):
        value = getattr(problem, attribute, None)
        if isinstance(value, int):
            return value
    if problem.args and isinstance(problem.args[0], int):
        return problem.args[0]
    return None
