"""Hostile: nothing here; the tricks are in wordle.py."""
