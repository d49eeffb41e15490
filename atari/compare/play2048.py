"""B2048.LST played in the kit's interpreter: a position set before each move, the result
read back from screen memory.

The session is joystick 0. Line 4 reads STICK(0) once lines 1-3 have placed the new tile
and drawn the board and score, so each read sees the outcome of the move before. Then the
session sets up the next position (the board in Q(0..15), the score in A and, for
measuring line 1, the count of tiles to place in G) and answers with the move's direction.
"""

import re
from dataclasses import dataclass

from atari.basic import BasicError
from atari.basic.interpreter import Interpreter
from atari.machine import InputExhausted, Machine, RandomSource
from atari.machine.video import area_codes, readable_rows, visible_areas
from atari.rules2048 import CELLS, SIZE

STICK_BY_DIRECTION = {"up": 14, "down": 13, "left": 11, "right": 7}
TRIGGER_RELEASED = 1
SCORE_ROW = 2
BOARD_ROWS = (4, 6, 8, 10)  # line 3 prints four 5-character fields a row, then an empty line
FIELD_WIDTH = 5
GRAPHICS_MODE = 2
# Any number PRINT can show: a sign, a fraction, an exponent (an edited program's score
# may go below 0 or past 1E+10).
_SCORE = re.compile(r"SCORE:\s*(-?(?:\d+\.?\d*|\.\d+)(?:E[+-]?\d+)?)", re.IGNORECASE)


@dataclass(frozen=True)
class Step:
    """One move: the board and score to set before it (None keeps what the program has),
    the direction, and how many tiles line 1 is to place after it (None: as the move says)."""
    direction: str
    board: tuple = None
    score: int = None
    tiles_to_place: int = None


@dataclass(frozen=True)
class Shown:
    """The board (16 values, 0 for an empty cell) and score as the screen shows them."""
    board: tuple
    score: int


class ScreenError(RuntimeError):
    """The screen does not show a board and a score where line 2 and 3 put them."""


class _SessionOver(Exception):
    """Raised from inside the run once the last move's outcome has been read."""


def read_screen(machine):
    """The board and score on B2048's screen."""
    rows = readable_rows(GRAPHICS_MODE, area_codes(machine.memory, visible_areas(machine.display)[0]))
    score = _SCORE.search(rows[SCORE_ROW])
    board = []
    try:
        for row in BOARD_ROWS:
            board += [int(rows[row][column:column + FIELD_WIDTH]) for column in range(0, SIZE * FIELD_WIDTH, FIELD_WIDTH)]
    except ValueError:
        score = None
    if score is None or len(board) != CELLS:
        raise ScreenError("no board and score on the screen:\n" + "\n".join(rows))
    value = float(score.group(1))
    return Shown(tuple(board), int(value) if value.is_integer() else value)


class Session2048:
    """One run of B2048 from RUN, with RND seeded by `seed`, playing a list of Steps."""

    def __init__(self, program, seed, on_move=None):
        self.program = program
        self.seed = seed
        self.on_move = on_move

    def play(self, steps):
        """The Shown outcome of each step, in order. A program that stops with an error
        raises its BasicError; ScreenError when the screen cannot be read."""
        self._steps, self._next, self._outcomes = list(steps), 0, []
        self.machine = Machine(joystick=self, rng=RandomSource(self.seed))
        self.interpreter = Interpreter(self.program, self.machine)
        try:
            self.interpreter.run()
        except _SessionOver:
            return self._outcomes
        except InputExhausted:
            raise ScreenError("B2048 read a key it was not meant to") from None
        raise ScreenError("B2048 ended before the planned moves were made")

    # -- joystick 0 ---------------------------------------------------------------------
    def read_trigger(self, port):
        return TRIGGER_RELEASED

    def read_stick(self, port):
        if self._next:
            self._outcomes.append(read_screen(self.machine))
            if self.on_move:
                self.on_move(1)
        if self._next == len(self._steps):
            raise _SessionOver
        step = self._steps[self._next]
        self._next += 1
        if step.board is not None:
            for cell, value in enumerate(step.board):
                self.interpreter.set_number("Q(", value, cell)
        if step.score is not None:
            self.interpreter.set_number("A", step.score)
        if step.tiles_to_place is not None:
            self.interpreter.set_number("G", step.tiles_to_place)
        return STICK_BY_DIRECTION[step.direction]


def error_of(program, step, seed=0):
    """The error message the program stops with after `step`, or None."""
    try:
        Session2048(program, seed).play([step])
    except BasicError as error:
        return error.message()
    return None
