"""Loading a program file: a listing (.LST) or a SAVEd tokenized program (.BAS)."""
from atari.errors import OUT_OF_MEMORY

from .errors import LoadError
from .memory import DEFAULT_HIMEM, MemoryMap
from .program import program_from_text
from .tokenized import detokenize


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
        program = detokenize(data)
    elif b"\x00" in data:
        raise LoadError("not an Atari BASIC program (neither a listing nor a SAVEd .BAS file)")
    else:
        program = program_from_text(data)
        unnumbered = sum(warning.startswith("file line") for warning in program.warnings)
        if not any(line.error is None for line in program.lines) and unnumbered >= len(program.lines):
            # Not a listing at all (a README, a letter: no line ENTER would run, and more lines
            # without a line number than with one): one message, not a warning a line.
            if not program.warnings:
                raise LoadError("no BASIC program lines found (the file is empty)")
            more = len(program.warnings) - 1
            raise LoadError("no BASIC program lines found (%s%s)" % (
                program.warnings[0], "; and %d more lines that are not BASIC" % more if more else ""))
    end = MemoryMap(program).starp
    if end > DEFAULT_HIMEM:
        raise LoadError("the program needs memory up to %d, above MEMTOP %d of a 48 KB Atari "
                        "(ERROR %d)" % (end, DEFAULT_HIMEM, OUT_OF_MEMORY))
    return program
