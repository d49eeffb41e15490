"""python -m grader, and the wordle-grader command: see grader/staff/cli.py."""
import os
import sys

from grader import CONTAINER_LINE, KIT_ROOT

EXIT_SANDBOX = 3    # as cli.EXIT_SANDBOX: no safe sandbox here
NOT_ON_WINDOWS = ("error: the grader runs student code in a Linux sandbox and does not run on "
                  "Windows itself: use WSL2 (the kit in a Linux distribution under Windows), or "
                  "the kit in a Linux container: " + CONTAINER_LINE)


def _drop_working_directory():
    """`python -m` puts the working directory first on sys.path; a grader started in a
    student's folder must not import the student's files by name."""
    sys.path[:] = [entry for entry in sys.path
                   if os.path.abspath(entry or os.curdir) != os.getcwd() or os.getcwd() == str(KIT_ROOT)]


def main(argv=None):
    if sys.platform == "win32":     # the sandbox's modules need POSIX (fcntl, libc) to load at all
        print(NOT_ON_WINDOWS, file=sys.stderr)
        return EXIT_SANDBOX
    from grader.staff.cli import main as run_command   # after the path fix on purpose
    return run_command(argv)


if __name__ == "__main__":
    _drop_working_directory()
    sys.exit(main())
