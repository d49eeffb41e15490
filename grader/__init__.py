"""wordle-kit autograder: grades CSCI 1913 Project 1 (Wordle) submissions.

Run it as ``python -m grader grade PATH`` (see ``grader/cli.py``). Student code
never runs in this process: it runs through ``grader.sandbox`` in a child
process, and only plain data crosses back.
"""
import pathlib

#: The kit's root folder (the reference solution, the handout files, grader/).
KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
