"""Hostile: nothing useful; the fork bomb is in wordle.py."""
