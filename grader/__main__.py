"""python -m grader: see grader/cli.py."""
import os
import sys

from grader import KIT_ROOT


def _drop_working_directory():
    """`python -m` puts the working directory first on sys.path; a grader started in a
    student's folder must not import the student's files by name."""
    sys.path[:] = [entry for entry in sys.path
                   if os.path.abspath(entry or os.curdir) != os.getcwd() or os.getcwd() == str(KIT_ROOT)]


_drop_working_directory()

from grader.cli import main  # noqa: E402 (after the path fix on purpose)

sys.exit(main())
