"""The errors the language (atari.basic) and the machine (atari.machine) share.

Error numbers are the ones the Atari prints (``ERROR-  141 AT LINE 40``): 2-21 come
from BASIC, 128 and up from the OS's CIO and its device handlers (Atari BASIC
Reference Manual, appendix B).
"""

# BASIC's errors
OUT_OF_MEMORY = 2
VALUE_ERROR = 3
TOO_MANY_VARIABLES = 4
STRING_LENGTH = 5
OUT_OF_DATA = 6
NUMBER_TOO_BIG = 7          # a line number or integer above 32767
INPUT_ERROR = 8             # INPUT or READ found a non-numeric value
DIM_ERROR = 9
ARGUMENT_STACK = 10
OVERFLOW = 11               # floating point overflow or division by zero
LINE_NOT_FOUND = 12
NO_MATCHING_FOR = 13
LINE_TOO_LONG = 14
RETURN_WITHOUT_GOSUB = 16
GARBAGE = 17                # a line stored with a syntax error was reached
INVALID_STRING = 18         # VAL of a string that is not a number
BAD_DEVICE_NUMBER = 20
LOAD_FILE = 21

# CIO's errors
IOCB_ALREADY_OPEN = 129
NO_SUCH_DEVICE = 130
WRITE_ONLY = 131            # reading a channel opened for writing only
BAD_IOCB = 134
NOT_OPEN = 133
READ_ONLY = 135             # writing a channel opened for reading only
END_OF_FILE = 136
CURSOR_OUT_OF_RANGE = 141
NOT_IMPLEMENTED = 146       # a function the device handler does not have


MISSING = "needs hardware or software this simulator does not have"


class AtariError(Exception):
    """An error the Atari reports by number."""

    def __init__(self, number, message=""):
        super().__init__(message or f"error {number}")
        self.number = number


class DeviceError(AtariError):
    """A CIO device error (130, 133, 136, 141, ...)."""


class ValueOutOfRange(DeviceError):
    """An argument outside what the statement accepts (ERROR 3, "value error")."""

    def __init__(self, what):
        super().__init__(VALUE_ERROR, f"{what} out of range")


class InputExhausted(Exception):
    """A scripted run has no more input for a device the program is waiting on."""


class NotSimulated(Exception):
    """A statement, device or mode that needs hardware or software this kit lacks.

    ``line`` is filled in by the interpreter when a program runs into it.
    """

    def __init__(self, feature, detail="", line=None):
        self.feature = feature
        self.detail = detail
        self.line = line
        super().__init__(feature)

    def __str__(self):
        text = f"{self.feature} is not simulated"
        if self.detail:
            text += f" ({self.detail})"
        return text
