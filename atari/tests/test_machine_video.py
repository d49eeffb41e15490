"""What the display shows: areas, glyph addresses from CHBAS, colour registers."""

from atari.machine import Machine
from atari.machine.video import (cell_look, color_registers, displayed_colors, readable_rows,
                                 visible_areas)

ROM_A = bytes([0x00, 0x18, 0x3C, 0x66, 0x66, 0x7E, 0x66, 0x00])


def test_large_text_colour_comes_from_the_top_two_bits():
    machine = Machine()
    machine.graphics(18)
    registers = [machine.peek(a) for a in range(708, 713)]
    for bits in range(4):
        look = cell_look(machine.memory, 2, 0x21 | bits << 6)
        assert look.glyph == ROM_A
        assert (look.ink, look.paper) == (registers[bits], registers[4])


def test_graphics_0_ink_is_hue_of_710_with_luminance_of_709_and_bit_7_inverts():
    machine = Machine()
    machine.setcolor(1, 3, 14)
    machine.setcolor(2, 9, 4)
    plain, inverse = cell_look(machine.memory, 0, 0x21), cell_look(machine.memory, 0, 0xA1)
    assert (plain.ink, plain.paper) == (0x9E, 0x94)
    assert plain.glyph == ROM_A and inverse.glyph == bytes(255 - b for b in ROM_A)


def test_glyphs_come_from_the_font_chbas_points_to():
    machine = Machine()
    machine.graphics(18)
    for offset in range(512):
        machine.poke(10240 + offset, 255 - machine.peek(57344 + offset))
    machine.poke(756, 40)
    assert cell_look(machine.memory, 2, 0x21).glyph == bytes(255 - b for b in ROM_A)
    machine.poke(756, 41)  # large text ignores bit 0 of CHBAS (512-byte boundary)
    assert cell_look(machine.memory, 2, 0x21).glyph == bytes(255 - b for b in ROM_A)


def test_split_screen_has_a_text_window_area_below_the_large_text():
    machine = Machine()
    machine.graphics(2)
    main, window = visible_areas(machine.display)
    assert (main.rows, main.columns, main.top) == (10, 20, 0)
    assert (window.rows, window.columns, window.top, window.address) == (4, 40, 160, 40800)


def test_readable_rows_ignore_colour_bits_in_large_text():
    assert readable_rows(2, [[0x21, 0x61, 0xA1, 0xE1, 0xC0]]) == ["AAAA "]
    assert readable_rows(0, [[0x21, 0x61, 0xA1, 0x40]]) == ["AaA♥"]


def test_attract_mode_shifts_and_dims_the_displayed_colours():
    """OS source listing, IVNM: with ATRACT past 127 the colours go to GTIA as
    (register XOR RTCLOK+1) AND $F6; the registers themselves keep their values."""
    machine = Machine()
    registers = color_registers(machine.memory)
    assert displayed_colors(machine.memory) == registers
    machine.poke(77, 0xFE)
    machine.poke(19, 0x30)
    assert displayed_colors(machine.memory) == [(r ^ 0x30) & 0xF6 for r in registers]
    assert color_registers(machine.memory) == registers
