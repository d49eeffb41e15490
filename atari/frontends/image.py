"""--png: the screen as the Atari would show it, drawn from screen memory and the font
in memory (so a program's own font, like WORDLE's inverted one, shows exactly)."""

from PIL import Image

from atari.machine.palette import color_rgb
from atari.machine.video import (PIXEL_WIDTH, SCAN_LINES_PER_GLYPH_ROW, SCREEN_HEIGHT,
                                 SCREEN_WIDTH, area_codes, border_color, cell_look,
                                 displayed_colors, visible_areas)

BORDER_X = 16  # hi-res pixels of border (register 712) left and right
BORDER_Y = 16  # scan lines of border above and below
DEFAULT_SCALE = 2


def render(machine, scale=DEFAULT_SCALE):
    """A Pillow RGB image of the machine's screen, `scale` times the hi-res size."""
    memory = machine.memory
    width, height = SCREEN_WIDTH + 2 * BORDER_X, SCREEN_HEIGHT + 2 * BORDER_Y
    image = Image.new("RGB", (width, height), color_rgb(border_color(memory)))
    pixels = image.load()
    registers = displayed_colors(memory)
    for area in visible_areas(machine.display):
        pixel_width = PIXEL_WIDTH[area.mode]
        lines_per_row = SCAN_LINES_PER_GLYPH_ROW[area.mode]
        for row, codes in enumerate(area_codes(memory, area)):
            top = BORDER_Y + area.top + row * area.cell_height
            for column, code in enumerate(codes):
                look = cell_look(memory, area.mode, code, registers)
                ink, paper = color_rgb(look.ink), color_rgb(look.paper)
                left = BORDER_X + column * area.cell_width
                for glyph_row, bits in enumerate(look.glyph):
                    for bit in range(8):
                        colour = ink if bits & (0x80 >> bit) else paper
                        for dx in range(pixel_width):
                            for dy in range(lines_per_row):
                                pixels[left + bit * pixel_width + dx,
                                       top + glyph_row * lines_per_row + dy] = colour
    if scale != 1:
        image = image.resize((width * scale, height * scale), Image.NEAREST)
    return image


def save_png(machine, path, scale=DEFAULT_SCALE):
    """Write the screen to `path` as PNG."""
    render(machine, scale).save(path, format="PNG")
