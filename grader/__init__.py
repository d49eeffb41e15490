"""wordle-kit autograder: grades CSCI 1913 Project 1 (Wordle) submissions.

Run it as ``python -m grader grade PATH`` (see ``grader/staff/cli.py``). Student code
never runs in this process: it runs through ``grader.sandbox`` in a child
process, and only plain data crosses back.
"""
import pathlib

#: The kit's root folder (the reference solution, the handout files, grader/).
KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent

#: How to run the kit where student code cannot be sandboxed (macOS, Windows outside WSL): in
#: a Linux container, as root there, where the sandbox's uid mode holds (docs/grader.md, "play").
CONTAINER_LINE = ("docker run --rm -it -v /path/to/wordle-kit:/kit -v \"$PWD\":/work -w /work "
                  "-e PYTHONPATH=/kit python:3.12 python -m grader COMMAND ...")
