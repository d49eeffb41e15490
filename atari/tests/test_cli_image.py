"""--png: the picture is drawn from screen memory, the font in memory and the palette."""

from atari.frontends.image import BORDER_X, BORDER_Y, render
from atari.machine import Machine
from atari.machine.palette import color_rgb


def wordle_like_screen():
    """GRAPHICS 18, inverted ROM font at 10240 (CHBAS 40), green "A" at column 7, row 3."""
    machine = Machine()
    machine.graphics(18)
    machine.setcolor(2, 11, 10)
    for offset in range(897):
        machine.poke(10240 + offset, 255 - machine.peek(57344 + offset))
    machine.poke(756, 40)
    machine.position(7, 3)
    machine.put(6, bytes([ord("A") + 128]))  # inverse upper case: register 710
    return machine


def pixel(image, x, y):
    return image.getpixel((BORDER_X + x, BORDER_Y + y))


def test_picture_size_and_border_colour():
    machine = wordle_like_screen()
    machine.setcolor(4, 4, 6)
    image = render(machine, scale=1)
    assert image.size == (320 + 2 * BORDER_X, 192 + 2 * BORDER_Y)
    assert image.getpixel((0, 0)) == color_rgb(0x46)


def test_inverted_font_letter_shows_dark_on_its_register_colour():
    image = render(wordle_like_screen(), scale=1)
    left, top = 7 * 16, 3 * 16
    green, dark = color_rgb(0xBA), color_rgb(0x00)
    # glyph row 1 of "A" is 00011000: in the inverted font bits 3-4 are the dark letter
    assert pixel(image, left + 0, top + 2) == green
    assert pixel(image, left + 6, top + 2) == dark
    assert pixel(image, left + 7, top + 3) == dark   # each bit is 2 pixels by 2 lines
    assert pixel(image, left + 10, top + 2) == green
    # row 0 of "A" is empty: all tile colour
    assert all(pixel(image, left + x, top) == green for x in range(16))


def test_spaces_in_the_inverted_font_are_solid_register_708():
    machine = wordle_like_screen()
    machine.setcolor(0, 0, 15)
    image = render(machine, scale=1)
    assert pixel(image, 0, 0) == color_rgb(0x0E)


def test_graphics_0_text_and_scaling():
    machine = Machine()
    machine.put(0, b"A")
    image = render(machine, scale=2)
    assert image.size == (2 * (320 + 2 * BORDER_X), 2 * (192 + 2 * BORDER_Y))
    x, y = 2 * (BORDER_X + 2 * 8 + 3), 2 * (BORDER_Y + 1)  # column 2, glyph row 1, bit 3
    assert image.getpixel((x, y)) == color_rgb(0x9A)      # hue of 148, luminance of 202
    assert image.getpixel((x - 2 * 3, y)) == color_rgb(148)
