"""What the commands of python -m grader share: the error that ends a
command with a message and an exit status, the checks made before any work (the rubric,
an output file), the gradescope-bundle command's options, and running a parsed command to
its exit status with a message, never a traceback. It is packed in the Gradescope zip (the
grade command needs it there); the bundle's own work, grader/gradescope/, is not."""
import argparse
import os
import signal
import sys

from command_line import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OUTPUT_CLOSED, EXIT_USAGE, unwritable
from grader import grading
from grader.sandbox import temp_folders
from grader.results.rubric import RubricError, load_rubric


class CommandError(Exception):
    """Ends the command with a message and an exit status."""

    def __init__(self, message, status=EXIT_USAGE):
        super().__init__(message)
        self.status = status


def read_rubric(path):
    try:
        return load_rubric(path, [spec.id for spec in grading.ALL_SPECS])
    except RubricError as error:
        raise CommandError(str(error)) from None


def check_writable(path):
    """Fail before grading, not after, when an output file cannot be written (the file itself
    is not opened: results.json is written by renaming onto it, see cli.write_whole)."""
    problem = unwritable(path)
    if problem:
        raise CommandError(problem)


def add_bundle_options(command):
    """gradescope-bundle's options."""
    command.add_argument("-o", "--output", metavar="ZIP", required=True, type=zip_target,
                         help="where to write it, e.g. autograder.zip")
    command.add_argument("--rubric", metavar="FILE",
                         help="grade with this rubric on Gradescope (default: the course's)")


def zip_target(text):
    """gradescope-bundle's -o: a name ending in .zip (Gradescope takes nothing else)."""
    if not text.lower().endswith(".zip"):
        raise argparse.ArgumentTypeError("%r: the autograder is a zip; give a name ending in "
                                         ".zip, e.g. autograder.zip" % text)
    return text


def interrupt_once(signum, frame):
    """SIGTERM as Ctrl-C, once: a second one (a process group signalled again) must not cut
    the clean-up short."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt


def run(args):
    """Run the parsed command (its ``run`` function) to its exit status."""
    # SIGTERM (a CI or Gradescope timeout, kill) ends grading like Ctrl-C: the with-blocks
    # then stop the student's processes and remove the temp copies instead of leaving them.
    signal.signal(signal.SIGTERM, interrupt_once)
    try:
        status = args.run(args)
        sys.stdout.flush()  # here, where a closed pipe is caught, not when Python exits
        return status
    except CommandError as error:
        print("error: %s" % error, file=sys.stderr)
        return error.status
    except BrokenPipeError:  # the reader went away (e.g. | head): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OUTPUT_CLOSED
    except KeyboardInterrupt:
        temp_folders.remove_own()   # an interrupt that landed before a with-block held one
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as error:  # never a traceback for users; say what happened
        print("internal error: %s: %s" % (type(error).__name__, error), file=sys.stderr)
        return EXIT_FAILED   # an internal error
