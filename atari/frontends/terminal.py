"""The playable terminal front-end: the screen in 24-bit colour, keys to K: and E:,
arrow keys as joystick 0, Ctrl-Q (or Ctrl-C) to quit.

The interpreter runs in this thread. The session is the machine's keyboard and
joystick: while the program waits for a key it redraws the screen and reads the
terminal; while it runs, the machine's tick hook and STICK reads keep the picture fresh
and notice the quit key. An arrow press holds the stick in that direction until a STICK
read has seen it, or for HOLD_SECONDS; then the stick is centred again.

The program runs at a real Atari's pace by default: every frame of the machine's
virtual clock the session waits until the wall clock has caught up (reading the
terminal meanwhile). ``speed`` runs it that many times faster; None runs it flat out.
While the program waits for a key the virtual clock follows the wall clock.
"""

import os
import select
import shutil
import sys
import termios
import time
import tty
from collections import deque

from atari.machine.inputs import STICK_CENTRE, TRIGGER_RELEASED

from .outcome import QuitRequested, run_program
from .terminal_keys import QUIT_HELP, KeyEvent, QuitEvent, StickEvent, decode
from .terminal_view import cells_to_ansi, screen_cells

FRAME_SECONDS = 1 / 30
HOLD_SECONDS = 0.3
TICKS_BETWEEN_CLOCK_CHECKS = 10  # the interpreter ticks every 100 statements
IDLE_POLL_SECONDS = 0.004  # a centred-stick read waits this long for input (no busy spin)
PANEL_GAP = 2
PACE_SLACK_SECONDS = 0.01   # how far the Atari may run ahead of the wall clock
MAX_LAG_SECONDS = 0.25      # further behind than this (a slow host) is not made up


class TtyIO:
    """The real terminal: raw mode and the alternate screen, always restored."""

    def __init__(self, input_fd=None, output=None):
        self.input_fd = sys.stdin.fileno() if input_fd is None else input_fd
        self.output = output or sys.stdout
        self._saved = None

    def __enter__(self):
        self._saved = termios.tcgetattr(self.input_fd)
        tty.setraw(self.input_fd)
        self.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        return self

    def __exit__(self, *exc_info):
        try:
            self.write("\x1b[0m\x1b[2J\x1b[?25h\x1b[?1049l")
        finally:
            termios.tcsetattr(self.input_fd, termios.TCSADRAIN, self._saved)

    def read(self, timeout):
        """Whatever input arrives within `timeout` seconds (b"" if none)."""
        ready, _, _ = select.select([self.input_fd], [], [], timeout)
        return os.read(self.input_fd, 1024) if ready else b""

    def write(self, text):
        self.output.write(text)
        self.output.flush()

    def size(self):
        return shutil.get_terminal_size()


class TerminalSession:
    """Keyboard and joystick source for a machine, drawing its screen on a terminal."""

    def __init__(self, machine, title, io, clock=time.monotonic, speed=1.0):
        self.machine, self.title, self.io, self.clock = machine, title, io, clock
        self.speed = speed
        self._origin = None
        self._keys = deque()
        self._held_stick, self._held_since = None, 0.0
        self._quit = False
        self._shown, self._size = [], None
        self._last_frame = float("-inf")
        self._catching_up = False
        self._ticks = 0
        self._bells = 0
        self.status = "running"
        machine.keys = machine.joystick = self
        machine.tick_hook = self._on_tick
        machine.frame_hook = self._pace if speed else None

    # -- the machine's input sources --------------------------------------------------

    def read_key(self):
        self.status = "waiting for a key"
        waited_from = self.clock()
        key = self._next_key()
        self._catching_up = True  # those frames are already in the past on the wall clock
        try:
            self.machine.clock.advance_seconds((self.clock() - waited_from) * (self.speed or 1))
        finally:
            self._catching_up = False
        self.status = "running"
        return key

    def read_stick(self, port):
        self._take_input(0 if self._held_stick is not None else IDLE_POLL_SECONDS)
        self.refresh()
        if port != 0 or self._held_stick is None:
            return STICK_CENTRE
        position, self._held_stick = self._held_stick, None
        return position

    def read_trigger(self, port):
        return TRIGGER_RELEASED

    def _next_key(self):
        while not self._keys:
            self.refresh(force=True)
            self._take_input(FRAME_SECONDS)
        return self._keys.popleft()

    def _pace(self):
        """Every frame: wait until the wall clock reaches the virtual clock (divided
        by ``speed``), reading the terminal while waiting."""
        if self._catching_up:
            return
        virtual = self.machine.clock.frame_seconds / self.speed
        now = self.clock()
        if self._origin is None or now - self._origin - virtual > MAX_LAG_SECONDS:
            self._origin = now - virtual
        ahead = virtual - (now - self._origin)
        while ahead > PACE_SLACK_SECONDS:
            self._take_input(min(ahead, FRAME_SECONDS))
            self.refresh()
            ahead = virtual - (self.clock() - self._origin)

    def _on_tick(self):
        self._ticks += 1
        if self._ticks % TICKS_BETWEEN_CLOCK_CHECKS == 0:
            self._take_input(0)
            self.refresh()

    # -- input ------------------------------------------------------------------------

    def _take_input(self, timeout):
        """Read what the terminal has and act on it; the quit key stops the program."""
        self.feed(self.io.read(timeout))
        if self._quit:
            raise QuitRequested()
        if self._held_stick is not None and self.clock() - self._held_since > HOLD_SECONDS:
            self._held_stick = None

    def feed(self, data):
        """Act on terminal input bytes."""
        for event in decode(data):
            if isinstance(event, QuitEvent):
                self._quit = True
            elif isinstance(event, StickEvent):
                self._held_stick, self._held_since = event.position, self.clock()
            elif isinstance(event, KeyEvent):
                self._keys.append(event.code)

    # -- output -----------------------------------------------------------------------

    def refresh(self, force=False):
        """Redraw what changed, at most once a frame unless forced."""
        now = self.clock()
        if not force and now - self._last_frame < FRAME_SECONDS:
            return
        self._last_frame = now
        if self.machine.sound_chip.bells != self._bells:
            self._bells = self.machine.sound_chip.bells
            self.io.write("\a")
        size = self.io.size()
        lines = self.frame_lines(size.columns)
        if len(lines) != len(self._shown) or size != self._size:
            self.io.write("\x1b[0m\x1b[2J")  # a new layout or a resized terminal
            self._shown, self._size = [None] * len(lines), size
        for number, line in enumerate(lines):
            if line != self._shown[number]:
                self.io.write(f"\x1b[{number + 1};1H{line}\x1b[0m\x1b[K")
        self._shown = lines

    def frame_lines(self, columns):
        """The screen rows with the help panel beside them (or below, if narrower
        than `columns`)."""
        cells = screen_cells(self.machine)
        rows = [cells_to_ansi(row) for row in cells]
        width = len(cells[0])
        panel = self.panel_lines()
        if columns < width + PANEL_GAP + max(len(text) for text in panel):
            return rows + panel
        rows += [" " * width] * (len(panel) - len(rows))
        panel += [""] * (len(rows) - len(panel))
        return [row + " " * PANEL_GAP + text for row, text in zip(rows, panel)]

    def panel_lines(self):
        lines = [f"Atari BASIC: {self.title}", QUIT_HELP,
                 "Arrow keys: joystick", "Other keys: the keyboard", "", self.status]
        for number, voice in enumerate(self.machine.sound_chip.voices):
            if voice.audible:
                lines.append(f"SOUND {number}: {voice.frequency:.0f} Hz, volume {voice.volume}")
        return lines

    # -- a whole run ------------------------------------------------------------------

    def run(self, interpreter):
        """Run the program; when it ends by itself, show the end until a key is pressed."""
        outcome = run_program(interpreter)
        if outcome.reason in ("quit", "interrupted"):
            return outcome
        self.status = (outcome.message or "program ended") + " - press a key to leave"
        self._keys.clear()
        try:
            self._next_key()
        except QuitRequested:
            pass
        return outcome


def play(machine, interpreter, title, speed=1.0):
    """Run `interpreter` on the real terminal at `speed` times the Atari's pace (None:
    flat out); the terminal is restored however it ends (callers turn SIGTERM into
    KeyboardInterrupt so that this holds for it too)."""
    with TtyIO() as io:
        return TerminalSession(machine, title, io, speed=speed).run(interpreter)
