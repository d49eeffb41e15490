"""The CIO devices the machine simulates: E: (editor), S: (screen), K: (keyboard)."""

from collections import deque

from atari import atascii as A
from atari.atascii import EOL
from atari.errors import NOT_IMPLEMENTED, DeviceError

from .screen import remember_plot_position

MAX_LINE_LENGTH = 120  # a logical line is at most three 40-column screen lines


class Device:
    """A device handler; operations it lacks fail as on the Atari (ERROR 146)."""

    def __init__(self, machine):
        self.machine = machine

    def put(self, byte):
        raise DeviceError(NOT_IMPLEMENTED, "the device cannot be written")

    def get(self):
        raise DeviceError(NOT_IMPLEMENTED, "the device cannot be read")

    def input_line(self):
        """One record (INPUT): bytes up to the EOL, without it."""
        line = bytearray()
        while (byte := self.get()) != EOL:
            line.append(byte)
        return bytes(line)


class EditorDevice(Device):
    """E:: prints on the text screen or window; reads lines typed with echo."""

    def __init__(self, machine):
        super().__init__(machine)
        self._pending = deque()

    def put(self, byte):
        self.machine.editor_put(byte)

    def get(self):
        if not self._pending:
            self._pending.extend(self._edit_line())
            self._pending.append(EOL)
        return self._pending.popleft()

    def input_line(self):
        if self._pending:
            return super().input_line()
        return self._edit_line()

    def _edit_line(self):
        """Keys up to Return, echoed; Backspace deletes; cursor keys are ignored."""
        machine = self.machine
        line = bytearray()
        while (key := machine.read_key()) != EOL:
            if key == A.BACKSPACE:
                if line:
                    line.pop()
                    machine.editor_put(key)
            elif key in (A.ESC, A.CURSOR_UP, A.CURSOR_DOWN, A.CURSOR_LEFT, A.CURSOR_RIGHT,
                         A.CLEAR, A.TAB):
                continue
            elif len(line) < MAX_LINE_LENGTH:
                line.append(key)
                machine.editor_put(key)
        machine.editor_put(EOL)
        return bytes(line)


class ScreenDevice(Device):
    """S:: the graphics screen (PRINT #6, PLOT and LOCATE go through it)."""

    def put(self, byte):
        surface = self.machine.screen_surface
        surface.check_cursor()
        remember_plot_position(surface)
        self.machine.screen_writer.put(byte)

    def get(self):
        return self.machine.screen_writer.get()


class KeyboardDevice(Device):
    """K:: each GET waits for one key."""

    def get(self):
        return self.machine.read_key()
