"""The Atari screen as rows of 24-bit-colour ANSI text (no terminal I/O here).

Each character is shown as the ROM character its glyph matches, in the colours the
Atari would show. A glyph that is a ROM glyph inverted (WORDLE's font) shows as that
character with ink and paper swapped, so WORDLE's tiles keep their colours; any other
custom glyph shows as a shade block by how many of its pixels are set. GRAPHICS 1 and 2
characters are two terminal columns wide.
"""

from dataclasses import dataclass
from functools import lru_cache

from atari.machine.charset import atascii_char, internal_to_atascii, load_rom_font
from atari.machine.palette import color_rgb
from atari.machine.video import (GLYPH_SIZE, area_codes, border_color, cell_look,
                                 displayed_colors, visible_areas)

BORDER_COLUMNS = 2
WIDE_MODES = (1, 2)
_SHADES = " ░▒▓█"
RESET = "\x1b[0m"


@dataclass(frozen=True)
class Cell:
    """One terminal cell: its text and its foreground and background RGB."""
    text: str
    fg: tuple
    bg: tuple


@lru_cache(maxsize=1)
def _rom_glyphs():
    """ROM glyph bytes -> (screen code, inverted) for plain and inverted glyphs."""
    font = load_rom_font()
    table = {}
    for code in range(len(font) // GLYPH_SIZE):
        glyph = font[code * GLYPH_SIZE:(code + 1) * GLYPH_SIZE]
        table.setdefault(bytes(255 - b for b in glyph), (code, True))
    for code in range(len(font) // GLYPH_SIZE):
        table[font[code * GLYPH_SIZE:(code + 1) * GLYPH_SIZE]] = (code, False)
    return table


def look_to_cell(look):
    """The terminal cell that best shows a character's look."""
    ink, paper = color_rgb(look.ink), color_rgb(look.paper)
    known = _rom_glyphs().get(look.glyph)
    if known is None:
        lit = sum(bin(row).count("1") for row in look.glyph)
        shade = _SHADES[round(lit / (GLYPH_SIZE * 8) * (len(_SHADES) - 1))]
        return Cell(shade, ink, paper)
    code, inverted = known
    text = atascii_char(internal_to_atascii(code))
    return Cell(text, paper, ink) if inverted else Cell(text, ink, paper)


def screen_cells(machine):
    """Rows of terminal cells for the whole screen, with a border of register 712 and
    the editor's cursor as an inverted cell."""
    memory = machine.memory
    registers = displayed_colors(memory)
    border = Cell(" ", (0, 0, 0), color_rgb(border_color(memory)))
    rows = []
    for area in visible_areas(machine.display):
        wide = area.mode in WIDE_MODES
        for codes in area_codes(memory, area):
            row = [border] * BORDER_COLUMNS
            for code in codes:
                cell = look_to_cell(cell_look(memory, area.mode, code, registers))
                row.append(cell)
                if wide:
                    row.append(Cell(" " if cell.text not in _SHADES else cell.text,
                                    cell.fg, cell.bg))
            rows.append(row + [border] * BORDER_COLUMNS)
    cursor = machine.editor_cursor()
    if cursor:
        row, column = cursor
        cell = rows[row][BORDER_COLUMNS + column]
        rows[row][BORDER_COLUMNS + column] = Cell(cell.text, cell.bg, cell.fg)
    return rows


def cells_to_ansi(cells):
    """One row of cells as text with the fewest colour changes, colours reset at the end."""
    parts, fg, bg = [], None, None
    for cell in cells:
        if cell.fg != fg:
            fg = cell.fg
            parts.append("\x1b[38;2;%d;%d;%dm" % fg)
        if cell.bg != bg:
            bg = cell.bg
            parts.append("\x1b[48;2;%d;%d;%dm" % bg)
        parts.append(cell.text)
    parts.append(RESET)
    return "".join(parts)


INVERSE_ON, INVERSE_OFF = "\x1b[7m", "\x1b[27m"


def readable_listing(text, inverse_video):
    """A listing (one Latin-1 character per ATASCII byte, LF line ends) with every byte
    shown as the character it looks like on the Atari, so no control byte reaches the
    terminal; inverse characters (bit 7) in reverse video when ``inverse_video``."""
    out = []
    inverse = False
    for char in text:
        code = ord(char)
        if char == "\n":
            glyph, wanted = "\n", False
        else:
            glyph, wanted = atascii_char(code), code >= 0x80
        if wanted != inverse and inverse_video:
            out.append(INVERSE_ON if wanted else INVERSE_OFF)
        inverse = wanted
        out.append(glyph)
    if inverse and inverse_video:
        out.append(INVERSE_OFF)
    return "".join(out)
