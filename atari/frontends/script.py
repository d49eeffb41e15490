"""Scripted input for --keys, --stick and --rnd, parsed from command-line text."""

import re
import time

from atari.machine import Machine, RandomSource, ScriptedJoystick, ScriptedKeys
from atari import atascii as A
from atari.machine.charset import atascii_char
from atari.machine.inputs import STICK_POSITIONS
from atari.machine.screen import EDITOR_CONTROLS

from .outcome import TimeLimitReached

_KEY_ESCAPES = {"n": A.EOL, "r": A.EOL, "b": A.BACKSPACE, "e": A.ESC, "t": A.TAB, "\\": ord("\\")}
_KEY_TOKEN = re.compile(r"\\x([0-9a-fA-F]{2})|\\(.)|(\n)|(.)", re.DOTALL)


class ScriptError(ValueError):
    """A --keys, --stick or --rnd value that cannot be used."""


def parse_keys(text):
    """ATASCII codes for --keys TEXT: `\\n` (or a real newline) is Return, `\\b`
    Backspace, `\\e` Esc, `\\t` Tab, `\\\\` a backslash, `\\xHH` any byte."""
    codes = []
    for match in _KEY_TOKEN.finditer(text):
        hex_code, escaped, newline, plain = match.groups()
        if hex_code:
            codes.append(int(hex_code, 16))
        elif escaped is not None:
            if escaped not in _KEY_ESCAPES:
                raise ScriptError(f"--keys: unknown escape \\{escaped} "
                                  "(use \\n \\b \\e \\t \\\\ or \\xHH)")
            codes.append(_KEY_ESCAPES[escaped])
        elif newline:
            codes.append(A.EOL)
        elif ord(plain) > 255:
            raise ScriptError(f"--keys: {plain!r} is not a key on the Atari (use \\xHH)")
        else:
            codes.append(ord(plain))
    return codes


def parse_stick(text):
    """STICK(0) values for --stick SEQ: U D L R C (spaces and commas ignored)."""
    positions = []
    for letter in text.upper():
        if letter in " ,":
            continue
        if letter not in STICK_POSITIONS:
            raise ScriptError(f"--stick: {letter!r} is not one of U D L R C")
        positions.append(STICK_POSITIONS[letter])
    return positions


def parse_rnd(text):
    """Values for --rnd LIST: comma-separated numbers, each 0 <= value < 1."""
    values = []
    for item in text.split(","):
        try:
            value = float(item)
        except ValueError:
            raise ScriptError(f"--rnd: {item.strip()!r} is not a number") from None
        if not 0 <= value < 1:
            raise ScriptError(f"--rnd: {value} is outside 0 <= value < 1 (RND's range)")
        values.append(value)
    return values


def scripted_machine(keys=(), stick=(), rnd=(), seed=None, time_limit=None):
    """A machine whose keyboard, joystick 0 and RND follow the script; with a
    time_limit (seconds) the run stops when it is used up."""
    machine = Machine(keys=ScriptedKeys(keys), joystick=ScriptedJoystick(stick),
                      rng=RandomSource(seed, rnd))
    if time_limit is not None:
        machine.tick_hook = deadline_hook(time_limit)
    return machine


def deadline_hook(seconds, clock=time.monotonic):
    """A tick hook that raises TimeLimitReached once `seconds` have passed."""
    deadline = clock() + seconds

    def check():
        if clock() > deadline:
            raise TimeLimitReached(f"time limit of {seconds:g} s reached")
    return check


class Transcript:
    """What E: prints, as plain text: characters as themselves (inverse video dropped),
    EOL as a newline, clear screen as a form feed, Backspace and Tab as \\b and \\t;
    the other editor controls (cursor moves, insert, delete, bell) leave no text."""

    _CONTROL_TEXT = {A.EOL: "\n", A.CLEAR: "\f", A.BACKSPACE: "\b", A.TAB: "\t"}

    def __init__(self):
        self._escaped = False

    def text(self, data):
        parts = []
        for byte in data:
            if self._escaped or byte not in EDITOR_CONTROLS | {A.ESC}:
                self._escaped = False
                parts.append(atascii_char(byte))
            elif byte == A.ESC:
                self._escaped = True
            else:
                parts.append(self._CONTROL_TEXT.get(byte, ""))
        return "".join(parts)
