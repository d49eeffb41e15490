"""Where a program, its strings and arrays sit in the Atari's 64 KB (for ADR and FRE).

The layout is the one Atari BASIC builds from LOMEM: a 256-byte token buffer, the
variable name and value tables, the statement table, then strings and arrays
(from STARP) and the run-time stack. String and array contents themselves are kept
by the interpreter; these are the addresses they would have.
"""
from dataclasses import dataclass
from typing import ClassVar

from atari.errors import OUT_OF_MEMORY
from atari.locations import LBUFF

from .errors import BasicError

LOMEM = 0x0700                 # MEMLO of an Atari with no DOS loaded
DEFAULT_HIMEM = 0x9C1F         # OS MEMTOP in GRAPHICS 0 on a 48 KB machine
CHR_BUFFER = LBUFF + 64        # CHR$ results (STR$ results are in LBUFF itself)
DIRECT_LINE_BYTES = 3


@dataclass
class ForEntry:
    """A FOR loop on the run-time stack."""
    variable: int              # the loop variable's number
    limit: object
    step: object
    resume: int                # the statement after the FOR, where NEXT goes back to
    line: int
    SIZE: ClassVar[int] = 16   # bytes on the Atari's run-time stack


@dataclass
class GosubEntry:
    """A GOSUB (or ON ... GOSUB) on the run-time stack."""
    resume: int                # the statement RETURN goes back to
    SIZE: ClassVar[int] = 4


class MemoryMap:
    """Addresses of the program's tables and of each DIMmed string or array."""

    def __init__(self, program):
        names = sum(len(name) for name in program.variables) + 1
        self.vntp = LOMEM + 0x100
        self.vvtp = self.vntp + names
        self.stmtab = self.vvtp + 8 * len(program.variables)
        self.line_address = {}
        address = self.stmtab
        for line in program.lines:
            self.line_address[line.number] = address
            address += len(line.tokens)
        self.starp = address + DIRECT_LINE_BYTES
        self.allocated = 0
        self.stack_bytes = 0

    def clear(self):
        """CLR: all strings and arrays and the run-time stack are gone."""
        self.allocated = 0
        self.stack_bytes = 0

    def memtop(self):
        """BASIC's MEMTOP: the first byte above everything in use."""
        return self.starp + self.allocated + self.stack_bytes

    def allocate(self, size, himem):
        """Room for a string or array of ``size`` bytes: its address, or ERROR 2."""
        if self.memtop() + size > himem:
            raise BasicError(OUT_OF_MEMORY)
        address = self.starp + self.allocated
        self.allocated += size
        return address

    def grow_stack(self, size, himem):
        """A FOR or GOSUB entry on the run-time stack (ERROR 2 when memory is full)."""
        if self.memtop() + size > himem:
            raise BasicError(OUT_OF_MEMORY)
        self.stack_bytes += size

    def shrink_stack(self, size):
        self.stack_bytes = max(0, self.stack_bytes - size)
