"""The Wordle Tool Kit's report grid and a solver built on it.

The Forth "Wordle Tool Kit" keeps, for each letter, what the clues so far
say about it: a model of the unknown word, refined guess by guess. This
package builds that grid from a game's clues (grid.py), reads games from
files (games.py), and finds the best next guess (strategies.py, on the
pattern table of patterns.py). Run it as ``python -m solver``.
"""
