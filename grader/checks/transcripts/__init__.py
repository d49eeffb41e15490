"""Transcript tests: run the two programs as a user would and compare every line.

Each program is run (through the sandbox) with scripted input and a seeded
``random``. The secret is whatever the student's program picks: a first run
loses on purpose (six guesses) and its ``Answer:`` line tells the secret; a
second run with the same seed replays the game with a script built for that
secret, and wins. A third run with another seed is a second game and shows
whether the secret is really random (a hard-coded secret is caught); the easy game's
second game is replayed too where the first games leave a sampling mistake (words drawn
with repeats) too much chance of not showing.

No run is canned: each grading draws one number (``Seeds``; ``--seed``
replays it) from which the runs' random seeds and the order of the scripts'
guesses come, so a program that prints a recorded screen fails, while a
correct program passes for every seed.

For each run the reference game (``play(secret)`` of the kit's wordle.py or
easy_wordle.py) is played in this process with the same secret and input,
and its screen is the expected one. Upper-case input may be accepted (as the
reference does) or rejected as an invalid word (the assignment allows
lower-case-only input): both screens are expected, either passes. The easy
game's sampled words are random: they must be min(5, N) distinct words that
are possible at that point, in any order.

The rooms: programs (the programs and the draw), scripts (what is typed),
reference_games (the expected screens), comparison (screen against screen),
reading (what a screen tells), own_functions (the screen through the student's own
functions), judging (one run), games (a program's runs).
"""
from grader.checks.transcripts.games import test_program
from grader.checks.transcripts.judging import rejudge_through_own_functions
from grader.checks.transcripts.programs import (EASY_WORDLE, PROGRAMS, SEED_RANGE, SPECS,
                                                WORDLE, Program, Seeds)
from grader.checks.transcripts.reference_games import reference_game_cpus

__all__ = ["EASY_WORDLE", "PROGRAMS", "SEED_RANGE", "SPECS", "WORDLE", "Program", "Seeds",
           "reference_game_cpus", "rejudge_through_own_functions", "test_program"]
