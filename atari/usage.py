"""What the atari command lines (atari.cli, atari.compare.command) share beyond the kit's
conventions (command_line.py): the error for
an unusable file or option, output files checked before the work and written without a
traceback, standard output closed early (`... | head`), and running a parsed command to
its exit status."""

import os
import signal
import sys

from command_line import EXIT_INTERRUPTED, EXIT_OUTPUT_CLOSED, EXIT_USAGE, program_name, unwritable


class UsageError(Exception):
    """A file or option the command cannot use; the message says why."""


def check_writable(path):
    """A UsageError now, before any work, when `path` (None: no file asked for) cannot be
    written. Beyond the kit's checks, the file is opened for appending, as the real write
    will open it (a read-only file is found now); a file that was not there is removed
    again."""
    problem = unwritable(path)
    if problem:
        raise UsageError(problem)
    if path is None or path == "-":
        return
    existed = os.path.exists(path)
    try:
        with open(path, "ab"):
            pass
    except OSError as problem:
        raise UsageError(f"cannot write {path}: {problem.strerror or problem}") from None
    if not existed:
        os.remove(path)


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


def run_handler(args):
    """Run a parsed command's handler to its exit status: an unusable file or option, Ctrl-C
    or SIGTERM, and standard output closed early each end it with a message, not a traceback."""
    previous_sigterm = signal.signal(signal.SIGTERM, _interrupt)
    try:
        return args.handler(args)
    except UsageError as problem:
        command = " ".join(filter(None, (args.command, getattr(args, "game", None))))
        print(f"{program_name('atari')} {command}: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # standard output closed early (`... | head`): nothing to say
        silence_stdout()
        return EXIT_OUTPUT_CLOSED
    finally:
        signal.signal(signal.SIGTERM, previous_sigterm)


def _interrupt(signum, frame):
    """SIGTERM ends a run like Ctrl-C: the dump is written, the terminal restored."""
    raise KeyboardInterrupt
