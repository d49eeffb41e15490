"""Runs a Program against a Machine, as Atari BASIC Rev C executes it.

Each statement is compiled once into a closure; the run loop calls them in order.
A closure returns None to go on to the next statement, or the index of the
statement to continue at (GOTO, NEXT, RETURN...), or STOP to end the run. Each
statement also charges the machine's virtual clock what it costs on an Atari
(costs.py); jumps that search for their line charge the search.
"""
import bisect

from atari import errors as E
from atari.atascii import EOL
from atari.errors import AtariError, NotSimulated
from atari.locations import ERRSAV, MEMTOP, STOPLN

from . import costs
from .errors import BasicError
from .expressions import ArrayVariableValue, ExpressionCompiler, StringVariableValue
from .listing import list_line
from .memory import DEFAULT_HIMEM, MemoryMap
from .nodes import NumericVariable
from .statement_table import DATA, STATEMENTS
from .statements import StatementCompiler

NO_TRAP = 0x8000
TICK_EVERY = 100


class Interpreter:
    """Atari BASIC executing ``program`` on ``machine``."""

    def __init__(self, program, machine):
        self.program = program
        self.machine = machine
        self.clock = machine.clock
        self.memory = MemoryMap(program)
        self.values = []
        self.degrees = False
        self.trap_line = NO_TRAP
        self.stack = []
        self.data_line = 0
        self.data_item = 0
        self.line = None
        self.compiling_line = None
        self.list_device = 0        # LISTDTD: where PRINT is printing, and errors go
        self._reset_variables()
        self.expressions = ExpressionCompiler(self)
        self._compile()

    # -- compiling ------------------------------------------------------------------
    def _compile(self):
        self.line_start = {}
        self.pc_line = []
        self.code = []
        self.costs = []
        self.search_costs = []       # finding the line of each statement (GOTO, NEXT...)
        self.data = {}
        statements = StatementCompiler(self)
        for line_index, line in enumerate(self.program.lines):
            self.line_start[line.number] = len(self.code)
            next_line = len(self.code) + len(line.statements)
            self.compiling_line = line.number
            search = costs.line_search_cycles(line_index)
            for position, statement in enumerate(line.statements):
                if statement.token == DATA and line.number not in self.data:
                    self.data[line.number] = statement.text.split(b",")
                spec = STATEMENTS[statement.token]
                self.costs.append(costs.statement_cycles(spec, statement, position == 0))
                self.search_costs.append(search)
                self.code.append(statements.compile(statement, len(self.code), next_line, line))
                self.pc_line.append(line.number)
        self.search_costs.append(0)  # past the last line: nothing to find
        self.data_lines = sorted(self.data)

    def pc_of_line(self, number):
        """Index of the first statement of line ``number`` (ERROR 12 if there is none),
        charging the clock the search for it."""
        pc = self.line_start.get(number)
        if pc is None:
            raise BasicError(E.LINE_NOT_FOUND)
        self.clock.cycles += self.search_costs[pc]
        return pc

    def resume_at(self, pc):
        """Go back to statement ``pc`` (NEXT, RETURN): the ROM finds its line again."""
        self.clock.cycles += self.search_costs[pc]
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
        top = self.machine.peek(MEMTOP) | self.machine.peek(MEMTOP + 1) << 8
        return top or DEFAULT_HIMEM

    def free_memory(self):
        """FRE(0): bytes between BASIC's MEMTOP and HIMEM."""
        return max(0, self.himem() - self.memory.memtop())

    def constant_address(self, node, line_number):
        """ADR of a string constant: where it sits in the statement table."""
        return self.memory.line_address.get(line_number, self.memory.stmtab) + node.offset

    def push(self, entry):
        """A ForEntry or GosubEntry onto the run-time stack (ERROR 2 when memory is full)."""
        self.memory.grow_stack(entry.SIZE, self.himem())
        self.stack.append(entry)

    def pop(self):
        entry = self.stack.pop()
        self.memory.shrink_stack(entry.SIZE)
        return entry

    def dimension(self, entry, rows, columns=1):
        """DIM one string (``rows`` bytes) or array (rows x columns numbers)."""
        variable = self.values[entry.index]
        if entry.is_string:
            if variable.buffer is not None or rows == 0:
                raise BasicError(E.DIM_ERROR)
            variable.address = self.memory.allocate(rows, self.himem())
            variable.buffer = bytearray(rows)
            variable.length = 0
            return
        if variable.data is not None or rows * columns * 6 > 32767:
            raise BasicError(E.DIM_ERROR)
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
        raise BasicError(E.OUT_OF_DATA)

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
            raise BasicError(E.STRING_LENGTH)
        if end is not None:
            if end > size or end < start:
                raise BasicError(E.STRING_LENGTH)
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
        code, statement_costs, clock = self.code, self.costs, self.clock
        count = len(code)
        tick = getattr(self.machine, "tick", None)
        while True:
            try:
                budget = TICK_EVERY
                next_frame = clock.next_frame
                while 0 <= pc < count:
                    clock.cycles = cycles = clock.cycles + statement_costs[pc]
                    result = code[pc]()
                    if cycles >= next_frame:
                        clock.catch_up()
                        next_frame = clock.next_frame
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
            except AtariError as error:          # a device error from the machine
                self.list_device = 0             # IOTEST's SETDZ: report it on E:
                pc = self._handle_error(BasicError(error.number), pc)
            except NotSimulated as problem:
                problem.line = self.pc_line[pc]
                self.line = problem.line
                raise
            except Exception:
                self.line = self.pc_line[pc] if pc < count else self.line
                raise

    def _handle_error(self, error, pc):
        """TRAP the error (returning where to go on) or stop with it, writing the
        message as the ROM's ERROR routine does: on the list device, which is E: unless
        the error came while PRINT #n was evaluating its items (then it is channel n;
        an I/O error resets it to E: first)."""
        line = self.pc_line[pc]
        self.line = line
        error.line = line
        self._set_stop_line(line)
        if self.trap_line < NO_TRAP:
            target = self.trap_line
            self.trap_line = NO_TRAP
            self.machine.poke(ERRSAV, error.number)
            if target in self.line_start:
                return self.pc_of_line(target)
            error = BasicError(E.LINE_NOT_FOUND, line)
        stopped = BasicError(error.number, line, error.detail)
        message = bytes([EOL]) + b"ERROR-  %d AT LINE %d" % (stopped.number, line) + bytes([EOL])
        try:
            self.machine.put(self.list_device, message)
        except AtariError:
            self.machine.put(0, message)
        self.list_device = 0                     # Rev B/C: SETDZ after the message
        raise stopped

    def _set_stop_line(self, line):
        self.machine.poke(STOPLN, line & 0xFF)
        self.machine.poke(STOPLN + 1, line >> 8)

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
        self.machine.put(0, bytes([EOL]) + b"STOPPED AT LINE %d" % line + bytes([EOL]))

    def list_lines(self, first=0, last=32767):
        """LIST text of lines first..last as ATASCII (0x9B line ends)."""
        return b"".join(list_line(line, self.program.variables).encode("latin-1") + bytes([EOL])
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
