"""WORDLE rows drawn as the Atari shows them: in terminal colours, or as a PNG (Pillow).

A row comes as the looks of its tiles read from screen memory (glyph from the program's
inverted font, ink and paper from the colour registers). The same row as check_word
colours it is drawn with the same glyphs and the ink of the register the program uses
for that colour, so the two differ only where the rules do.
"""

from atari.frontends.terminal_view import Cell, cells_to_ansi, look_to_cell
from atari.machine.charset import atascii_to_internal, load_rom_font
from atari.machine.palette import color_rgb
from atari.machine.video import GLYPH_SIZE, CellLook

MARK = {"green": "G", "yellow": "Y", "grey": "-"}
PNG_PIXEL = 4            # screen pixels are drawn as PNG_PIXEL x PNG_PIXEL squares
LABEL_INK, BACKGROUND = 0x0E, 0x00
HEADER = ("SECRET GUESS", "ATARI", "PYTHON")


def recoloured(looks, colours, ink_by_colour):
    """The tiles' looks with each ink replaced by the ink of its colour in `colours`."""
    return tuple(CellLook(look.glyph, ink_by_colour.get(colour, look.ink), look.paper)
                 for look, colour in zip(looks, colours))


def ansi_tiles(looks):
    """A row of tiles in 24-bit terminal colours, each tile two columns wide as in GRAPHICS 2."""
    cells = []
    for look in looks:
        cell = look_to_cell(look)
        cells += [cell, Cell(" ", cell.fg, cell.bg)]
    return cells_to_ansi(cells)


def marked_tiles(guess, colours):
    """A row as plain text: each letter with its colour's mark, e.g. 'N:G I:- N:Y'."""
    return " ".join(f"{letter}:{MARK.get(colour, '?')}" for letter, colour in zip(guess, colours))


def save_rows_png(path, lines, scale=PNG_PIXEL):
    """Write `lines` [(label text, atari looks, check_word looks)] as a PNG: a header, then
    each label in the ROM font and the two rows of tiles side by side."""
    from PIL import Image  # Pillow: only needed for pictures

    font = load_rom_font()
    label_width = max([len(HEADER[0])] + [len(label) for label, _, _ in lines]) + 1
    tiles_at = (label_width, label_width + 7)
    columns = tiles_at[1] + len(HEADER[2]) + 1
    image = Image.new("RGB", (columns * GLYPH_SIZE, (2 * len(lines) + 2) * GLYPH_SIZE), color_rgb(BACKGROUND))
    pixels = image.load()

    def draw(look, column, row):
        ink, paper = color_rgb(look.ink), color_rgb(look.paper)
        for y, bits in enumerate(look.glyph):
            for x in range(GLYPH_SIZE):
                pixels[column * GLYPH_SIZE + x, row * GLYPH_SIZE + y] = ink if bits & (0x80 >> x) else paper

    def write(text, column, row):
        for offset, char in enumerate(text):
            code = atascii_to_internal(ord(char)) & 0x7F
            draw(CellLook(font[code * GLYPH_SIZE:(code + 1) * GLYPH_SIZE], LABEL_INK, BACKGROUND), column + offset, row)

    for text, column in zip(HEADER, (0,) + tiles_at):
        write(text, column, 0)
    for number, (label, atari, python) in enumerate(lines):
        row = 2 * number + 2
        write(label, 0, row)
        for column, looks in zip(tiles_at, (atari, python)):
            for offset, look in enumerate(looks):
                draw(look, column + offset, row)
    image = image.resize((image.width * scale, image.height * scale), Image.NEAREST)
    image.save(path, format="PNG")
