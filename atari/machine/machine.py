"""The simulated Atari: memory, screen, devices, joystick, sound and RND together.

This is everything BASIC talks to; the language itself lives in atari.basic and the
ways of showing and driving the machine in atari.frontends.
"""

from dataclasses import dataclass

from atari import errors as E
from atari import locations as loc
from atari.clock import VirtualClock
from atari.errors import DeviceError, InputExhausted, NotSimulated, ValueOutOfRange

from .devices import EditorDevice, KeyboardDevice, ScreenDevice
from .inputs import STICK_CENTRE, TRIGGER_RELEASED, RandomSource
from .memory import Memory
from .screen import (TEXT_MODES, WINDOW_COLUMNS, WINDOW_ROWS, EditorWriter,
                     LargeTextWriter, Surface, draw_line, layout)
from .sound import AUDF1, VOICES, SoundChip

CHANNELS = 8
DEFAULT_CHBAS = 224
DEFAULT_COLORS = (40, 202, 148, 70, 0)
PADDLE_RELEASED = 228
OPEN_FOR_READ, OPEN_FOR_WRITE = 4, 8
SPLIT_SCREEN, KEEP_SCREEN = 16, 32
_UNSIMULATED_DEVICES = {"C": "the cassette (C:)", "D": "the disk drive (D:)",
                        "P": "the printer (P:)", "R": "the RS-232 port (R:)"}
_DEVICE_HANDLERS = {"E": EditorDevice, "S": ScreenDevice, "K": KeyboardDevice}
DRAW_LINE, FILL = 17, 18


@dataclass
class Channel:
    """An open IOCB: its device handler and the OPEN modes (aux1, aux2)."""
    device: object
    aux1: int
    aux2: int


class Machine:
    """An Atari 800XL with BASIC, as far as a BASIC program can see it.

    keys: a keyboard source (read_key()); None means no key ever comes.
    joystick: a joystick source (read_stick/read_trigger); None means centred, released.
    rng: a RandomSource for RND and PEEK(53770).
    """

    def __init__(self, keys=None, joystick=None, rng=None):
        self.rng = rng or RandomSource()
        self.memory = Memory(self.rng.byte)
        self.keys = keys
        self.joystick = joystick
        self.tick_hook = None
        self.frame_hook = None      # a front-end's pacing, called every frame
        self.clock = VirtualClock(self._vertical_blank)
        self.sound_chip = SoundChip(self.clock)
        self.editor_output = None
        self._color = 0
        self._channels = {}
        self._power_up()

    # -- start-up and the screen ------------------------------------------------------

    def _power_up(self):
        poke = self.memory.poke
        for address, value in ((loc.LMARGN, 2), (loc.RMARGN, 39), (loc.PTABW, 10),
                               (loc.RAMTOP, 160), (loc.SHFLOK, 64)):
            poke(address, value)
        self._open_screen(0, has_window=False, clear=True)
        self._channels[0] = Channel(EditorDevice(self), OPEN_FOR_READ | OPEN_FOR_WRITE, 0)

    def _open_screen(self, mode, has_window, clear):
        """What the OS does when S: (or E:) is opened: lay out and reset the screen."""
        memory = self.memory
        self.display = display = layout(mode, has_window)
        memory.poke(loc.DINDEX, mode)
        memory.poke_word(loc.SAVMSC, display.screen_address)
        memory.poke_word(loc.SDLSTL, display.display_list_address)
        memory.poke_word(loc.MEMTOP, display.display_list_address - 1)
        memory.poke(loc.BOTSCR, WINDOW_ROWS if display.has_window else display.rows)
        memory.poke(loc.CHBAS, DEFAULT_CHBAS)
        for register, value in enumerate(DEFAULT_COLORS):
            memory.poke(loc.COLOR0 + register, value)
        self.screen_surface = Surface(memory, loc.SAVMSC, loc.ROWCRS, loc.COLCRS,
                                      display.columns, display.rows)
        bell = self.sound_chip.ring_bell
        if mode == 0:
            self.screen_writer = self.editor_writer = EditorWriter(self.screen_surface, bell)
        else:
            self.screen_writer = LargeTextWriter(self.screen_surface)
            self.editor_writer = None
            if display.has_window:
                memory.poke_word(loc.TXTMSC, display.window_address)
                window = Surface(memory, loc.TXTMSC, loc.TXTROW, loc.TXTCOL,
                                 WINDOW_COLUMNS, WINDOW_ROWS)
                self.editor_writer = EditorWriter(window, bell)
        for writer in {self.screen_writer, self.editor_writer} - {None}:
            if clear:
                writer.clear()
            else:
                writer.home()

    def editor_put(self, byte):
        """One byte to E:. Printing with no text window brings back GRAPHICS 0,
        as the Atari's editor does."""
        if self.editor_writer is None:
            self._open_screen(0, has_window=False, clear=True)
        self.editor_writer.put(byte)
        if self.editor_output:
            self.editor_output(bytes((byte,)))

    def editor_cursor(self):
        """Where the editor's cursor shows, as (row, column) counted over the visible
        rows (main screen, then text window), or None when hidden (CRSINH) or when the
        screen has no editor area. The cursor is drawn by front-ends only, not into
        screen memory as the Atari OS does."""
        if self.editor_writer is None or self.memory.peek(loc.CRSINH):
            return None
        surface = self.editor_writer.surface
        if surface.row >= surface.rows or surface.column >= surface.columns:
            return None
        first_row = 0 if surface is self.screen_surface else self.display.rows
        return first_row + surface.row, surface.column

    # -- memory -----------------------------------------------------------------------

    def peek(self, address):
        return self.memory.peek(address)

    def poke(self, address, value):
        self.memory.poke(address, value)
        if AUDF1 <= address < AUDF1 + 2 * VOICES:
            self.sound_chip.write_register(address, value)

    # -- CIO: channels ----------------------------------------------------------------

    def open(self, channel, aux1, aux2, spec):
        """OPEN #channel,aux1,aux2,spec (spec like b"K:", b"K" or b"S:")."""
        _check_channel(channel)
        if channel in self._channels:
            raise DeviceError(E.IOCB_ALREADY_OPEN, f"channel {channel} is already open")
        name = chr(spec[0]).upper() if spec else ""
        if name in _UNSIMULATED_DEVICES:
            raise NotSimulated(_UNSIMULATED_DEVICES[name])
        if name not in _DEVICE_HANDLERS:
            raise DeviceError(E.NO_SUCH_DEVICE, f"no device {spec!r}")
        if name == "S":
            mode = aux2 & 15
            if mode not in TEXT_MODES:
                raise NotSimulated(f"GRAPHICS {mode}", "only GRAPHICS 0, 1 and 2 are simulated")
            self._open_screen(mode, has_window=bool(aux1 & SPLIT_SCREEN),
                              clear=not aux1 & KEEP_SCREEN)
        elif name == "E":
            self._open_screen(0, has_window=False, clear=True)
        self._channels[channel] = Channel(_DEVICE_HANDLERS[name](self), aux1, aux2)

    def close(self, channel):
        """CLOSE #channel (closing a closed channel is fine)."""
        _check_channel(channel)
        if channel != 0:
            self._channels.pop(channel, None)

    def _channel(self, channel, access):
        _check_channel(channel)
        if channel not in self._channels:
            raise DeviceError(E.NOT_OPEN, f"channel {channel} is not open")
        record = self._channels[channel]
        if not record.aux1 & access:
            raise DeviceError(E.WRITE_ONLY if access == OPEN_FOR_READ else E.READ_ONLY,
                              f"channel {channel} is not open for that")
        return record.device

    def put(self, channel, data):
        """PRINT #channel / PUT: ATASCII bytes (0x9B ends a line)."""
        device = self._channel(channel, OPEN_FOR_WRITE)
        for byte in data:
            device.put(byte)

    def get(self, channel):
        """GET #channel: one byte."""
        return self._channel(channel, OPEN_FOR_READ).get()

    def input_line(self, channel):
        """INPUT: one record, without its EOL."""
        return self._channel(channel, OPEN_FOR_READ).input_line()

    def xio(self, command, channel, aux1, aux2, spec):
        """XIO: 3 open, 12 close and 17 (DRAWTO's line) are simulated."""
        if command == 3:
            self.open(channel, aux1, aux2, spec)
        elif command == 12:
            self.close(channel)
        elif command == DRAW_LINE:
            if not isinstance(self._channel(channel, OPEN_FOR_WRITE), ScreenDevice):
                raise DeviceError(E.NOT_IMPLEMENTED, "XIO 17 needs the screen")
            draw_line(self.screen_surface, self.memory.peek(loc.ATACHR))
        elif command == FILL:
            raise NotSimulated("XIO 18 (FILL)")
        else:
            raise NotSimulated(f"XIO {command}")

    def status(self, channel):
        raise NotSimulated("STATUS")

    def note(self, channel):
        raise NotSimulated("NOTE")

    def point(self, channel, sector, byte):
        raise NotSimulated("POINT")

    # -- graphics statements ----------------------------------------------------------

    def graphics(self, mode):
        """GRAPHICS mode: +16 no text window, +32 keep the screen memory."""
        _check_byte(mode, "GRAPHICS mode")
        self.close(6)
        self.open(6, ((mode & 0x30) ^ SPLIT_SCREEN) | 12, mode & 15, b"S:")

    def setcolor(self, register, hue, luminance):
        """SETCOLOR register,hue,luminance -> location 708+register: the low byte of
        16*hue+luminance, as XSETCOLOR computes it (hue and luminance come from GETINT,
        0..65535, with no byte check)."""
        if not 0 <= register <= 4:
            raise ValueOutOfRange("SETCOLOR register")
        self.memory.poke(loc.COLOR0 + register, (hue * 16 + luminance) & 0xFF)

    def position(self, x, y):
        _check_byte(y, "POSITION row")
        if not 0 <= x <= 0xFFFF:
            raise ValueOutOfRange("POSITION column")
        self.memory.poke_word(loc.COLCRS, x)
        self.memory.poke(loc.ROWCRS, y)

    def color(self, value):
        """COLOR value: the character PLOT and DRAWTO use in GRAPHICS 0..2."""
        self._color = value

    def plot(self, x, y):
        self.position(x, y)
        self.put(6, bytes((self._color & 0xFF,)))

    def drawto(self, x, y):
        self.position(x, y)
        self.memory.poke(loc.ATACHR, self._color & 0xFF)
        self.xio(DRAW_LINE, 6, 12, 0, b"S:")

    def locate(self, x, y):
        self.position(x, y)
        return self.get(6)

    # -- keyboard, controllers, sound, RND ---------------------------------------------

    def read_key(self):
        """The next key as ATASCII; with caps lock on (SHFLOK=64) letters are upper case."""
        if self.keys is None:
            raise InputExhausted("no keyboard input")
        key = self.keys.read_key()
        self.memory.poke(loc.ATRACT, 0)    # the keyboard interrupt ends attract mode
        if self.memory.peek(loc.SHFLOK) == 64 and ord("a") <= key <= ord("z"):
            key -= 32
        return key

    def stick(self, port):
        _check_port(port, 3, "STICK")
        value = self.joystick.read_stick(port) if self.joystick else STICK_CENTRE
        self.memory.poke(loc.STICK0 + port, value)
        return value

    def strig(self, port):
        _check_port(port, 3, "STRIG")
        value = self.joystick.read_trigger(port) if self.joystick else TRIGGER_RELEASED
        self.memory.poke(loc.STRIG0 + port, value)
        return value

    def paddle(self, port):
        """No paddles are connected: they read 228."""
        _check_port(port, 7, "PADDLE")
        return PADDLE_RELEASED

    def ptrig(self, port):
        _check_port(port, 7, "PTRIG")
        return TRIGGER_RELEASED

    def sound(self, voice, pitch, distortion, volume):
        """SOUND as XSOUND does it (Atari BASIC Source Book): AUDF gets the pitch's low
        byte, AUDC the low byte of distortion*16+volume, so a volume over 15 carries
        into the distortion bits (SOUND 0,9,10,30 is AUDC $BE: volume only)."""
        if not 0 <= voice <= 3:
            raise ValueOutOfRange("SOUND voice")
        self.sound_chip.set(voice, pitch & 0xFF, (distortion * 16 + volume) & 0xFF)

    def rnd(self):
        return self.rng.random()

    def _vertical_blank(self):
        """What the OS's immediate vertical blank does each frame: RTCLOK (18-20)
        counts frames; every 256 frames the attract-mode counter (77) advances, and
        once past 127 it stays at $FE (attract mode). OS source listing, IVNM."""
        memory = self.memory
        low = (memory.peek(loc.RTCLOK + 2) + 1) & 0xFF
        memory.poke(loc.RTCLOK + 2, low)
        if low == 0:
            memory.poke(loc.ATRACT, (memory.peek(loc.ATRACT) + 1) & 0xFF)
            middle = (memory.peek(loc.RTCLOK + 1) + 1) & 0xFF
            memory.poke(loc.RTCLOK + 1, middle)
            if middle == 0:
                memory.poke(loc.RTCLOK, (memory.peek(loc.RTCLOK) + 1) & 0xFF)
        if memory.peek(loc.ATRACT) & 0x80:
            memory.poke(loc.ATRACT, 0xFE)
        if self.frame_hook is not None:
            self.frame_hook()

    def tick(self):
        """Called by the interpreter between statements; front-ends hook in here."""
        if self.tick_hook:
            self.tick_hook()

    def not_simulated(self, feature):
        """For statements that need hardware we do not have (LOAD, SAVE, CLOAD, DOS...)."""
        raise NotSimulated(feature)


def _check_channel(channel):
    if not 0 <= channel < CHANNELS:
        raise DeviceError(E.BAD_IOCB, f"bad channel number {channel}")


def _check_byte(value, what):
    if not 0 <= value <= 255:
        raise ValueOutOfRange(what)


def _check_port(port, highest, what):
    if not 0 <= port <= highest:
        raise ValueOutOfRange(f"{what} port")
