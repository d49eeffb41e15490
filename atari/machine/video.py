"""What the video hardware shows: text areas, and each character's glyph and colours.

GRAPHICS 0 characters are 8x8 hi-res pixels: the glyph comes from the 1 KB font at
(CHBAS AND 252)*256, bit 7 of the code shows it in inverse video, ink is the hue of
register 710 with the luminance of 709, paper is 710. GRAPHICS 1 and 2 characters come
from the 512-byte half font at (CHBAS AND 254)*256 by (code AND 63); bits 7-6 of the
code pick the ink register 708..711 and paper is 712. Each of their pixels is two
hi-res pixels wide; GRAPHICS 2 shows each glyph row on two scan lines.
"""

from dataclasses import dataclass

from atari.locations import ATRACT, CHBAS, COLOR0, RTCLOK

from .charset import atascii_char, internal_to_atascii
from .screen import WINDOW_ADDRESS, WINDOW_COLUMNS, WINDOW_ROWS

ATTRACT_DIMMING = 0xF6    # DRKMSK in attract mode: luminance bit 3 and bit 0 off

SCREEN_WIDTH = 320    # hi-res pixels
SCREEN_HEIGHT = 192   # scan lines
SCAN_LINES_PER_GLYPH_ROW = {0: 1, 1: 1, 2: 2}
PIXEL_WIDTH = {0: 1, 1: 2, 2: 2}
GLYPH_SIZE = 8


@dataclass(frozen=True)
class TextArea:
    """A block of character rows on the screen: the main screen or the text window."""
    mode: int
    address: int
    columns: int
    rows: int
    top: int  # first scan line

    @property
    def cell_width(self):
        return GLYPH_SIZE * PIXEL_WIDTH[self.mode]

    @property
    def cell_height(self):
        return GLYPH_SIZE * SCAN_LINES_PER_GLYPH_ROW[self.mode]


@dataclass(frozen=True)
class CellLook:
    """How one character looks: its 8 glyph bytes (top row first, bit 7 leftmost) and
    the colour register values of set (ink) and clear (paper) pixels."""
    glyph: bytes
    ink: int
    paper: int


def visible_areas(display):
    """The text areas of a Display, top to bottom."""
    main = TextArea(display.mode, display.screen_address, display.columns, display.rows, 0)
    if not display.has_window:
        return [main]
    window_top = main.rows * main.cell_height
    return [main, TextArea(0, WINDOW_ADDRESS, WINDOW_COLUMNS, WINDOW_ROWS, window_top)]


def area_codes(memory, area):
    """The screen codes of an area, row by row."""
    data = memory.read(area.address, area.columns * area.rows)
    return [list(data[row * area.columns:(row + 1) * area.columns]) for row in range(area.rows)]


def color_registers(memory):
    """Locations 708..712 (SETCOLOR 0..4)."""
    return [memory.peek(COLOR0 + register) for register in range(5)]


def displayed_colors(memory):
    """The colours on the screen: the registers 708..712 as the OS's vertical blank
    hands them to GTIA, which in attract mode (ATRACT past 127) shifts their hues by
    RTCLOK+1 and dims them: (value XOR COLRSH) AND DRKMSK, DRKMSK = $F6 (OS source
    listing, IVNM)."""
    registers = color_registers(memory)
    if memory.peek(ATRACT) & 0x80:
        shift = memory.peek(RTCLOK + 1)
        registers = [(value ^ shift) & ATTRACT_DIMMING for value in registers]
    return registers


def border_color(memory):
    return displayed_colors(memory)[4]


def cell_look(memory, mode, code, registers=None):
    """The glyph and colours of screen code `code` in text mode `mode`."""
    registers = registers or displayed_colors(memory)
    chbas = memory.peek(CHBAS)
    if mode == 0:
        glyph = memory.read((chbas & 0xFC) * 256 + (code & 0x7F) * GLYPH_SIZE, GLYPH_SIZE)
        if code & 0x80:
            glyph = bytes(255 - row for row in glyph)
        background = registers[2]
        return CellLook(glyph, (background & 0xF0) | (registers[1] & 0x0F), background)
    glyph = memory.read((chbas & 0xFE) * 256 + (code & 0x3F) * GLYPH_SIZE, GLYPH_SIZE)
    return CellLook(glyph, registers[code >> 6], registers[4])


def readable_char(mode, code):
    """The character a screen code stands for (colour and inverse video dropped)."""
    if mode == 0:
        return atascii_char(internal_to_atascii(code))
    return atascii_char(internal_to_atascii(code & 0x3F))


def readable_rows(mode, rows):
    """Rows of screen codes as text."""
    return ["".join(readable_char(mode, code) for code in row) for row in rows]
