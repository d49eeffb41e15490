"""The terminal front-end driven without a real terminal: input decoding, the session
as keyboard and joystick, drawing, and quitting."""

import os
from collections import deque

import pytest

from atari.frontends.terminal import HOLD_SECONDS, TerminalSession
from atari.frontends.terminal_keys import KeyEvent, QuitEvent, StickEvent, decode
from atari.frontends.terminal_view import cells_to_ansi, look_to_cell, screen_cells
from atari.machine import Machine
from atari.machine.palette import color_rgb
from atari.machine.video import CellLook


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class FakeTerminal:
    """Input chunks handed out one per read; everything written is kept."""

    def __init__(self, chunks=(), columns=100):
        self.chunks = deque(chunks)
        self.written = []
        self.columns = columns

    def read(self, timeout):
        return self.chunks.popleft() if self.chunks else b""

    def write(self, text):
        self.written.append(text)

    def size(self):
        return os.terminal_size((self.columns, 30))

    @property
    def text(self):
        return "".join(self.written)


class Program:
    """Stands in for the interpreter: runs `body(machine)`."""

    def __init__(self, machine, body):
        self.machine, self.body, self.result = machine, body, None

    def run(self):
        self.result = self.body(self.machine)


def session_for(chunks, clock=None, columns=100):
    machine = Machine()
    terminal = FakeTerminal(chunks, columns)
    session = TerminalSession(machine, "TEST.LST", terminal, clock or FakeClock())
    return machine, terminal, session


def test_decode_keys_arrows_and_quit():
    assert decode(b"a\r\x7f\t") == [KeyEvent(97), KeyEvent(155), KeyEvent(126), KeyEvent(127)]
    assert decode(b"\x1b[A\x1b[B\x1bOC\x1b[D") == [StickEvent(14), StickEvent(13),
                                                   StickEvent(7), StickEvent(11)]
    assert decode(b"\x1b") == [KeyEvent(27)]
    assert decode(b"\x11") == [QuitEvent()] and decode(b"\x03") == [QuitEvent()]
    assert decode(b"\x1b[3~~\xc3\xa9\x01") == [KeyEvent(1)]  # Ctrl-A: ATASCII graphics


def test_keys_reach_k_with_caps_lock_and_the_run_ends_after_a_final_key():
    machine, terminal, session = session_for([b"", b"q", b"\r", b" "])

    def body(machine):
        machine.open(1, 4, 0, b"K")
        return [machine.get(1), machine.get(1)]

    program = Program(machine, body)
    outcome = session.run(program)
    assert program.result == [ord("Q"), 155]
    assert outcome.reason == "end" and outcome.exit_status == 0
    assert "press a key to leave" in terminal.text


def test_arrow_holds_the_stick_until_one_read_then_centres():
    machine, terminal, session = session_for([b"\x1b[C"])
    session.feed(b"\x1b[C")
    assert [machine.stick(0), machine.stick(0)] == [7, 15]


def test_unread_arrow_press_is_released_after_the_hold_time():
    clock = FakeClock()
    machine, terminal, session = session_for([], clock)
    session.feed(b"\x1b[A")
    clock.now += HOLD_SECONDS + 0.01
    assert machine.stick(0) == 15


def test_quit_key_stops_a_program_that_polls_the_joystick():
    machine, terminal, session = session_for([b"", b"", b"\x11"])

    def body(machine):
        while machine.stick(0) != 7:
            pass

    outcome = session.run(Program(machine, body))
    assert outcome.reason == "quit" and outcome.exit_status == 0


def test_quit_key_reaches_a_program_that_never_reads_input_through_the_tick_hook():
    machine, terminal, session = session_for([b"\x03"])

    def body(machine):
        while True:
            machine.tick()

    assert session.run(Program(machine, body)).reason == "quit"


def test_error_outcome_is_shown_and_kept():
    machine, terminal, session = session_for([b"x"])

    def body(machine):
        machine.graphics(18)
        machine.position(0, 12)
        machine.put(6, b"A")

    outcome = session.run(Program(machine, body))
    assert outcome.reason == "error" and outcome.message == "ERROR-  141"
    assert "ERROR-  141" in terminal.text


def test_screen_is_drawn_in_the_atari_colours_with_the_quit_help():
    machine, terminal, session = session_for([])
    machine.graphics(18)
    machine.setcolor(0, 12, 10)
    machine.put(6, b"2048")
    session.refresh(force=True)
    green = "\x1b[38;2;%d;%d;%dm" % color_rgb(0xCA)
    assert green + "2 0 4 8 " in terminal.text
    assert "Ctrl-Q quits" in terminal.text


def test_narrow_terminal_puts_the_panel_below_the_screen():
    machine, terminal, session = session_for([])
    lines = session.frame_lines(50)
    assert len(lines) == 24 + len(session.panel_lines())
    assert lines[25] == "Ctrl-Q quits"


def test_only_changed_lines_are_redrawn():
    machine, terminal, session = session_for([])
    session.refresh(force=True)
    terminal.written.clear()
    machine.put(0, b"HI")
    session.refresh(force=True)
    assert len([text for text in terminal.written if text.startswith("\x1b[1;1H")]) == 1
    assert not any(text.startswith("\x1b[2;1H") for text in terminal.written)


def test_inverted_rom_glyph_swaps_ink_and_paper():
    a = bytes([0x00, 0x18, 0x3C, 0x66, 0x66, 0x7E, 0x66, 0x00])
    plain = look_to_cell(CellLook(a, 0xCA, 0x00))
    tile = look_to_cell(CellLook(bytes(255 - b for b in a), 0xCA, 0x00))
    assert (plain.text, plain.fg, plain.bg) == ("A", color_rgb(0xCA), color_rgb(0x00))
    assert (tile.text, tile.fg, tile.bg) == ("A", color_rgb(0x00), color_rgb(0xCA))
    custom = look_to_cell(CellLook(bytes([0xF0, 0xF0, 0x0F, 0x0F] * 2), 0xCA, 0x00))
    assert custom.text == "▒"  # not a ROM glyph: shaded by its share of lit pixels


def test_wide_modes_take_two_columns_per_character():
    machine = Machine()
    machine.graphics(17)
    rows = screen_cells(machine)
    assert len(rows) == 24 and len(rows[0]) == 2 + 40 + 2
    assert cells_to_ansi(rows[0]).endswith("\x1b[0m")


@pytest.mark.parametrize("mode, rows", [(0, 24), (2, 14), (18, 12), (1, 24)])
def test_terminal_rows_per_mode(mode, rows):
    machine = Machine()
    machine.graphics(mode)
    assert len(screen_cells(machine)) == rows


def test_editor_cursor_shows_inverted_where_the_next_character_goes():
    machine = Machine()
    machine.put(0, b"AB")
    cell = screen_cells(machine)[0][2 + 4]
    assert (cell.fg, cell.bg) == (color_rgb(148), color_rgb(0x9A))
    machine.poke(752, 1)  # CRSINH hides it
    cell = screen_cells(machine)[0][2 + 4]
    assert (cell.fg, cell.bg) == (color_rgb(0x9A), color_rgb(148))


def test_cursor_is_in_the_text_window_in_split_modes_and_absent_without_one():
    machine = Machine()
    machine.graphics(2)
    machine.put(0, b"X")
    assert machine.editor_cursor() == (10, 3)
    machine.graphics(18)
    assert machine.editor_cursor() is None


def test_bell_character_rings_the_terminal_bell():
    machine, terminal, session = session_for([])
    machine.put(0, b"\xfd")
    session.refresh(force=True)
    assert "\a" in terminal.text


def test_resized_terminal_is_cleared_and_redrawn_whole():
    machine, terminal, session = session_for([])
    session.refresh(force=True)
    terminal.written.clear()
    terminal.columns = 120
    session.refresh(force=True)
    assert terminal.written[0] == "\x1b[0m\x1b[2J"
    assert sum(text.startswith("\x1b[") and ";1H" in text for text in terminal.written) == 24
