"""Sources of input: random numbers and scripted keyboard and joystick.

A keyboard source has read_key() -> ATASCII code (waiting for a key as long as needed);
a joystick source has read_stick(port) -> 0..15 and read_trigger(port) -> 0 (pressed)
or 1. Scripted sources raise InputExhausted when the script has run out.
"""

import random
from collections import deque

from atari.errors import InputExhausted

STICK_CENTRE = 15
STICK_POSITIONS = {"C": 15, "U": 14, "D": 13, "L": 11, "R": 7}
TRIGGER_RELEASED = 1


class RandomSource:
    """RND: forced values first (for reproducible games), then a seeded generator."""

    def __init__(self, seed=None, forced=()):
        self._generator = random.Random(seed)
        self._forced = deque(forced)

    def random(self):
        """The next value in [0, 1)."""
        if self._forced:
            return self._forced.popleft()
        return self._generator.random()

    def byte(self):
        """A random byte for PEEK(53770) (forced values are for RND only)."""
        return self._generator.randrange(256)


class ScriptedKeys:
    """Keys from a fixed sequence of ATASCII codes."""

    def __init__(self, codes):
        self._codes = deque(codes)

    def read_key(self):
        if not self._codes:
            raise InputExhausted("the --keys script has run out")
        return self._codes.popleft()


class ScriptedJoystick:
    """Joystick 0 follows a sequence of positions, one per STICK(0) read.

    The other ports stay centred and the triggers are never pressed.
    """

    def __init__(self, positions):
        self._positions = deque(positions)

    def read_stick(self, port):
        if port != 0:
            return STICK_CENTRE
        if not self._positions:
            raise InputExhausted("the --stick script has run out")
        return self._positions.popleft()

    def read_trigger(self, port):
        return TRIGGER_RELEASED
