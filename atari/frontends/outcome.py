"""Running a program to its end, whatever the end is, as an Outcome with an exit status."""

from dataclasses import dataclass

from atari.basic.errors import BasicError
from atari.errors import DeviceError, InputExhausted, NotSimulated
from command_line import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK

EXIT_PROGRAM_ERROR = EXIT_FAILED   # the program stopped on an error, or could not be read as asked


class QuitRequested(Exception):
    """The user asked a front-end to stop the program (the terminal's quit key)."""


class OutputClosed(Exception):
    """Standard output, where the run's text goes, was closed (a pipe to `head`)."""


class TimeLimitReached(Exception):
    """A scripted run used up its --time-limit (a program that loops without input)."""


@dataclass(frozen=True)
class Outcome:
    """How a run ended: reason is "end", "waiting for input", "time limit", "quit",
    "error", "not simulated", "output closed" or "interrupted"; message is what to tell
    the user."""
    reason: str
    message: str = ""

    @property
    def exit_status(self):
        if self.reason in ("error", "not simulated", "output closed"):
            return EXIT_PROGRAM_ERROR
        if self.reason == "interrupted":
            return EXIT_INTERRUPTED
        return EXIT_OK


def run_program(interpreter):
    """Run the interpreter until the program ends, stops or runs out of input."""
    try:
        interpreter.run()
    except InputExhausted as exhausted:
        return Outcome("waiting for input", _at_line(f"the program waits for input and {exhausted}",
                                                     interpreter))
    except QuitRequested:
        return Outcome("quit")
    except OutputClosed:
        return Outcome("output closed")
    except TimeLimitReached as limit:
        return Outcome("time limit", _at_line(str(limit), interpreter))
    except BasicError as error:
        return Outcome("error", error.message())
    except NotSimulated as missing:
        return Outcome("not simulated", _at_line(str(missing), interpreter))
    except DeviceError as error:
        return Outcome("error", f"ERROR-  {error.number}")
    except KeyboardInterrupt:
        return Outcome("interrupted", "interrupted")
    return Outcome("end")


def _at_line(message, interpreter):
    """`message` with the line the interpreter stopped at, unless it already says."""
    line = getattr(interpreter, "line", None)
    if line is None or f"line {line}" in message:
        return message
    return f"{message} at line {line}"
