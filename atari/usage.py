"""What the atari command lines (atari.cli, atari.compare.command) share: the error for
an unusable file or option, output files checked before the work and written without a
traceback, and standard output closed early (`... | head`)."""

import argparse
import os
import sys

# the exit statuses of every atari command
EXIT_OK = 0
EXIT_PROGRAM_ERROR = 1      # the program stopped on an error, or could not be read as asked
EXIT_OUTPUT_CLOSED = 1      # standard output closed early: nothing is wrong, nothing to say
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """A file or option the command cannot use; the message says why."""


def check_writable(path):
    """A UsageError now, before any work, when `path` (None: no file asked for) cannot be
    written. The file is opened for appending, as the real write will open it; a file
    that was not there is removed again."""
    if path is None or path == "-":
        return
    if os.path.isdir(path):
        raise UsageError(f"cannot write {path}: it is a folder")
    existed = os.path.exists(path)
    try:
        with open(path, "ab"):
            pass
    except OSError as problem:
        raise UsageError(f"cannot write {path}: {problem.strerror or problem}") from None
    if not existed:
        os.remove(path)


def add_color_option(command):
    command.add_argument("--color", "--colour", choices=("auto", "always", "never"), default="auto",
                         help="colour (and reverse video) in the output: auto, the default, on a "
                              "terminal unless NO_COLOR is set and not empty or TERM is dumb")


def use_colour(setting, stream=None):
    """--color's setting for `stream` (standard output by default)."""
    if setting == "auto":
        stream = stream or sys.stdout
        return (stream.isatty() and not os.environ.get("NO_COLOR")
                and os.environ.get("TERM", "") != "dumb")
    return setting == "always"


def add_json_option(command, what):
    command.add_argument("--json", nargs="?", const="-", metavar="FILE.json", type=json_target,
                         help=f"{what} as JSON: to standard output instead of the text (no FILE, "
                              "or -), or to FILE.json as well as the text")


def json_target(text):
    """--json's FILE: '-' or a name ending in .json."""
    if text != "-" and not text.lower().endswith(".json"):
        raise argparse.ArgumentTypeError(f"{text!r}: a JSON file's name ends in .json "
                                         "(or give - for standard output)")
    return text


def require_pillow(option):
    """A UsageError now, before any work, when `option` (--png) needs Pillow and it is
    not installed."""
    try:
        import PIL.Image  # noqa: F401
    except ImportError:
        raise UsageError(f"{option} needs Pillow, which is not installed for {sys.executable}: "
                         "python -m pip install Pillow (or: python -m pip install -r "
                         "requirements.txt)") from None


def write_output(path, write):
    """Call write(path), turning an OSError (a full disk, a file gone read-only) into a
    UsageError that names the file."""
    try:
        write(path)
    except OSError as problem:
        raise UsageError(f"cannot write {path}: {problem.strerror or problem}") from None


def silence_stdout():
    """After a BrokenPipeError: point standard output at the null device, so what is
    still buffered for it cannot fail again when Python exits."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
