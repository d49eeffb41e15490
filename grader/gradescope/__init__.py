"""Packaging the grader as a Gradescope autograder."""
