"""Screen modes, screen memory, PRINT #6, the editor and the colour registers."""

import pytest

from atari.machine import DeviceError, Machine, NotSimulated, ValueOutOfRange

EOL = b"\x9b"


def screen_address(machine):
    return machine.peek(88) + 256 * machine.peek(89)


def screen_row(machine, row, columns=20):
    start = screen_address(machine) + row * columns
    return [machine.peek(a) for a in range(start, start + columns)]


def test_power_up_is_graphics_0_with_default_registers():
    machine = Machine()
    assert machine.display.mode == 0
    assert screen_address(machine) == 40000
    assert [machine.peek(a) for a in range(708, 713)] == [40, 202, 148, 70, 0]
    assert machine.peek(756) == 224 and machine.peek(201) == 10
    assert machine.peek(741) + 256 * machine.peek(742) == 39967  # MEMTOP below the display list


def test_graphics_resets_chbas_and_colour_registers():
    machine = Machine()
    machine.poke(756, 40)
    machine.setcolor(0, 0, 15)
    machine.setcolor(4, 3, 4)
    machine.graphics(18)
    assert machine.peek(756) == 224
    assert [machine.peek(a) for a in range(708, 713)] == [40, 202, 148, 70, 0]


def test_setcolor_stores_hue_times_16_plus_luminance():
    machine = Machine()
    machine.setcolor(2, 11, 10)
    assert machine.peek(710) == 11 * 16 + 10


@pytest.mark.parametrize("register", [5, 255])
def test_setcolor_register_above_4_is_error_3(register):
    with pytest.raises(ValueOutOfRange) as caught:
        Machine().setcolor(register, 0, 0)
    assert caught.value.number == 3


@pytest.mark.parametrize("mode, address, mode_rows, window", [
    (18, 40720, 12, False), (2, 40560, 10, True), (17, 40480, 24, False), (1, 40320, 20, True),
])
def test_graphics_layout_in_memory(mode, address, mode_rows, window):
    machine = Machine()
    machine.graphics(mode)
    assert screen_address(machine) == address
    assert machine.display.rows == mode_rows and machine.display.has_window == window
    assert machine.peek(87) == mode & 15
    memtop = machine.peek(741) + 256 * machine.peek(742)
    assert address - 40 < memtop < address
    if window:
        assert machine.peek(660) + 256 * machine.peek(661) == 40800


def test_print_6_stores_internal_codes_at_the_cursor():
    machine = Machine()
    machine.graphics(18)
    machine.position(7, 3)
    machine.put(6, b"Aa\x80\x00" + bytes([ord("A") + 160]))
    assert screen_row(machine, 3)[7:12] == [0x21, 0x61, 0xC0, 0x40, 0xE1]
    assert (machine.peek(85), machine.peek(84)) == (12, 3)


def test_control_codes_other_than_clear_and_eol_are_shown_in_large_text():
    machine = Machine()
    machine.graphics(18)
    machine.put(6, b"\x1c\x7e")
    assert screen_row(machine, 0)[:2] == [0x5C, 0x7E]


def test_eol_and_clear_in_large_text():
    machine = Machine()
    machine.graphics(18)
    machine.put(6, b"AB" + EOL + b"C")
    assert screen_row(machine, 0)[:2] == [0x21, 0x22] and screen_row(machine, 1)[0] == 0x23
    machine.put(6, b"\x7d")
    assert all(code == 0 for row in range(12) for code in screen_row(machine, row))
    assert (machine.peek(84), machine.peek(85)) == (0, 0)


def test_cursor_wraps_at_the_right_edge():
    machine = Machine()
    machine.graphics(18)
    machine.position(18, 0)
    machine.put(6, b"XYZ")
    assert screen_row(machine, 0)[18:] == [0x38, 0x39] and screen_row(machine, 1)[0] == 0x3A


def test_writing_past_the_last_row_is_error_141():
    machine = Machine()
    machine.graphics(18)
    machine.position(19, 11)
    machine.put(6, b"Z")  # the last cell is fine ...
    with pytest.raises(DeviceError) as caught:
        machine.put(6, b"!")  # ... the next one is off the screen
    assert caught.value.number == 141


def test_position_outside_the_screen_is_error_141_on_print():
    machine = Machine()
    machine.graphics(18)
    machine.position(20, 0)
    with pytest.raises(DeviceError) as caught:
        machine.put(6, b"A")
    assert caught.value.number == 141


def test_poked_screen_memory_is_what_locate_reads():
    machine = Machine()
    machine.graphics(17)
    machine.poke(screen_address(machine) + 2 * 20 + 5, 0x21)  # internal "A"
    assert machine.locate(5, 2) == ord("A")


def test_plot_and_drawto_put_characters():
    machine = Machine()
    machine.graphics(18)
    machine.color(ord("*"))
    machine.plot(0, 0)
    machine.drawto(3, 3)
    star = 0x0A
    assert [screen_row(machine, row)[row] for row in range(4)] == [star] * 4
    assert screen_row(machine, 0)[1] == 0


def test_drawto_off_screen_is_error_141():
    machine = Machine()
    machine.graphics(18)
    machine.plot(0, 0)
    with pytest.raises(DeviceError) as caught:
        machine.drawto(25, 0)
    assert caught.value.number == 141


def test_plot_without_a_graphics_screen_is_error_133():
    with pytest.raises(DeviceError) as caught:
        Machine().plot(0, 0)
    assert caught.value.number == 133


def test_graphics_plus_32_keeps_screen_memory():
    machine = Machine()
    machine.graphics(18)
    machine.put(6, b"HI")
    machine.graphics(18 + 32)
    assert screen_row(machine, 0)[:2] == [0x28, 0x29]
    machine.graphics(18)
    assert screen_row(machine, 0)[:2] == [0, 0]


@pytest.mark.parametrize("mode", [3, 8, 24, 15])
def test_bitmap_modes_are_not_simulated(mode):
    with pytest.raises(NotSimulated, match=f"GRAPHICS {mode & 15}"):
        Machine().graphics(mode)


def test_editor_prints_in_graphics_0_from_the_left_margin():
    machine = Machine()
    machine.put(0, b"HELLO" + EOL + b"X")
    assert screen_row(machine, 0, 40)[:8] == [0, 0, 0x28, 0x25, 0x2C, 0x2C, 0x2F, 0]
    assert screen_row(machine, 1, 40)[2] == 0x38


def test_editor_wraps_at_right_margin_and_scrolls_at_the_bottom():
    machine = Machine()
    for number in range(30):
        machine.put(0, str(number).encode() + EOL)
    assert screen_row(machine, 22, 40)[2:4] == [0x12, 0x19]  # "29"
    assert all(code == 0 for code in screen_row(machine, 23, 40))
    machine.put(0, b"A" * 39)  # 38 fit between the margins; the 39th starts a new line
    assert screen_row(machine, 22, 40)[2:] == [0x21] * 38
    assert screen_row(machine, 23, 40)[2:4] == [0x21, 0]
    assert screen_row(machine, 21, 40)[2:4] == [0x12, 0x19]


def test_editor_escape_shows_a_control_character_instead_of_acting():
    machine = Machine()
    machine.put(0, b"AB\x1b\x7d")
    assert screen_row(machine, 0, 40)[2:5] == [0x21, 0x22, 0x7D]
    machine.put(0, b"\x7d")
    assert screen_row(machine, 0, 40)[2] == 0


def test_text_window_takes_print_in_split_modes():
    machine = Machine()
    machine.graphics(2)
    machine.put(0, b"SCORE")
    window = [machine.peek(40800 + column) for column in range(2, 7)]
    assert window == [0x33, 0x23, 0x2F, 0x32, 0x25]
    assert all(code == 0 for code in screen_row(machine, 0))


def test_print_without_text_window_returns_to_graphics_0():
    machine = Machine()
    machine.graphics(18)
    machine.put(0, b"READY")
    assert machine.display.mode == 0 and screen_address(machine) == 40000
    assert machine.peek(756) == 224


def test_font_rom_is_read_only_and_ram_is_not():
    machine = Machine()
    glyph_a = 57344 + 33 * 8
    machine.poke(glyph_a + 1, 0)
    assert machine.peek(glyph_a + 1) == 0x18
    machine.poke(10240, 0xAA)
    assert machine.peek(10240) == 0xAA


def test_editor_cursor_and_editing_controls():
    machine = Machine()
    machine.put(0, b"ABC\x1e\x1e\xfe")           # left, left, delete character
    assert screen_row(machine, 0, 40)[2:5] == [0x21, 0x23, 0]
    machine.put(0, b"\xff" + b"Z")                 # insert character, type Z
    assert screen_row(machine, 0, 40)[2:6] == [0x21, 0x3A, 0x23, 0]
    machine.put(0, b"\x7e")                        # backspace erases Z
    assert screen_row(machine, 0, 40)[3] == 0 and machine.peek(85) == 3
    machine.put(0, b"\x1d\x1dQ\x1cR")              # down twice, Q, up, R
    assert screen_row(machine, 2, 40)[3] == 0x31 and screen_row(machine, 1, 40)[4] == 0x32
    machine.put(0, b"\x9d")                        # insert a line at row 1: R moves down
    assert screen_row(machine, 2, 40)[4] == 0x32 and screen_row(machine, 3, 40)[3] == 0x31
    machine.put(0, b"\x9c\x9c")                    # delete the blank line and R's: Q moves up
    assert screen_row(machine, 1, 40)[3:5] == [0x31, 0] and screen_row(machine, 2, 40)[3] == 0
    machine.put(0, b"\x7f")                        # tab to the next stop
    assert machine.peek(85) == 7
    bells = machine.sound_chip.bells
    machine.put(0, b"\xfd")
    assert machine.sound_chip.bells == bells + 1


@pytest.mark.parametrize("hue, luminance, value", [(1, 4, 0x14), (1, 28, 0x2C), (258, 4, 0x24)])
def test_setcolor_stores_the_low_byte_of_16_hue_plus_luminance(hue, luminance, value):
    """Atari BASIC Source Book, XSETCOLOR: hue and luminance come from GETINT and are
    combined with ASL x4 / ADC into one byte; only the register number is checked."""
    machine = Machine()
    machine.setcolor(1, hue, luminance)
    assert machine.peek(709) == value
