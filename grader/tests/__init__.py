"""Tests of the autograder (a package, so test module names do not clash)."""
