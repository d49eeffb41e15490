"""Text screens in memory: GRAPHICS 0, 1 and 2 and the text window.

A Surface is a grid of internal character codes in RAM whose base address and cursor
live in OS locations, so programs that PEEK and POKE SAVMSC, ROWCRS and COLCRS see and
steer the same state as PRINT. Two writers give the screen its behaviour: the editor
(GRAPHICS 0 and the text window: margins, control codes, scrolling) and the large-text
writer of GRAPHICS 1 and 2 (only clear and end-of-line are controls; no scrolling).
"""

from dataclasses import dataclass

from atari import atascii as A
from atari.errors import CURSOR_OUT_OF_RANGE, DeviceError
from atari.locations import LMARGN, OLDCOL, OLDROW, RMARGN

from .charset import atascii_to_internal, internal_to_atascii

TOP_OF_SCREEN_RAM = 40960      # RAMTOP (160 pages) with the BASIC cartridge in
WINDOW_ADDRESS = 40800         # the text window's 4 x 40 bytes sit just below RAMTOP
WINDOW_ROWS = 4
WINDOW_COLUMNS = 40
TAB_WIDTH = 8
# The bytes the editor acts on instead of showing (unless ESC comes first).
_EDITOR_ACTIONS = {
    A.CURSOR_UP: "_cursor_up", A.CURSOR_DOWN: "_cursor_down",
    A.CURSOR_LEFT: "_cursor_left", A.CURSOR_RIGHT: "_cursor_right",
    A.CLEAR: "clear", A.BACKSPACE: "_backspace", A.TAB: "_tab", A.EOL: "new_line",
    A.DELETE_LINE: "_delete_line", A.INSERT_LINE: "_insert_line",
    A.CLEAR_TAB: "_set_or_clear_tab", A.SET_TAB: "_set_or_clear_tab", A.BELL: "_ring_bell",
    A.DELETE_CHARACTER: "_delete_character", A.INSERT_CHARACTER: "_insert_character",
}
EDITOR_CONTROLS = frozenset(_EDITOR_ACTIONS)


@dataclass(frozen=True)
class ModeShape:
    """Size of a text mode in characters: full screen and with a text window."""
    columns: int
    rows: int
    rows_with_window: int


TEXT_MODES = {0: ModeShape(40, 24, 24), 1: ModeShape(20, 24, 20), 2: ModeShape(20, 12, 10)}


@dataclass(frozen=True)
class Display:
    """What the video hardware shows, fixed when the screen is opened (as the display
    list would fix it): the mode, whether there is a text window, and the addresses."""
    mode: int
    has_window: bool
    screen_address: int

    @property
    def shape(self):
        return TEXT_MODES[self.mode]

    @property
    def columns(self):
        return self.shape.columns

    @property
    def rows(self):
        """Rows of the main screen (above the text window when there is one)."""
        return self.shape.rows_with_window if self.has_window else self.shape.rows

    @property
    def window_address(self):
        return WINDOW_ADDRESS if self.has_window else None

    @property
    def display_list_address(self):
        """Where the OS puts the display list: just below screen memory. (The list
        itself is not built; MEMTOP, one byte below it, is what programs look at.)"""
        return self.screen_address - self._display_list_size()

    def _display_list_size(self):
        blank_lines, jump_back = 3, 3
        main = 3 + (self.rows - 1)              # load-memory-scan line, then mode lines
        window = 3 + (WINDOW_ROWS - 1) if self.has_window else 0
        return blank_lines + main + window + jump_back


def layout(mode, has_window):
    """The Display the OS sets up for GRAPHICS `mode` (0..2) with or without a window."""
    shape = TEXT_MODES[mode]
    has_window = has_window and mode != 0
    top = WINDOW_ADDRESS if has_window else TOP_OF_SCREEN_RAM
    return Display(mode, has_window, top - shape.columns * shape.rows)


class Surface:
    """A grid of screen codes in memory addressed through OS pointer locations."""

    def __init__(self, memory, base_pointer, row_location, column_location, columns, rows):
        self.memory = memory
        self.base_pointer = base_pointer
        self.row_location = row_location
        self.column_location = column_location
        self.columns = columns
        self.rows = rows

    @property
    def row(self):
        return self.memory.peek(self.row_location)

    @row.setter
    def row(self, value):
        self.memory.poke(self.row_location, value & 0xFF)

    @property
    def column(self):
        return self.memory.peek_word(self.column_location)

    @column.setter
    def column(self, value):
        self.memory.poke_word(self.column_location, value & 0xFFFF)

    def move_to(self, row, column):
        self.row, self.column = row, column

    def check_cursor(self):
        """ERROR 141 unless the cursor is on the surface."""
        if self.row >= self.rows or self.column >= self.columns:
            raise DeviceError(CURSOR_OUT_OF_RANGE, "cursor out of range")

    def _address(self, row, column):
        return (self.memory.peek_word(self.base_pointer) + row * self.columns + column) & 0xFFFF

    def read(self, row, column):
        return self.memory.peek(self._address(row, column))

    def write(self, row, column, code):
        self.memory.poke(self._address(row, column), code)

    def clear_rows(self, first, last):
        """Blank rows first..last (inclusive)."""
        for row in range(first, last + 1):
            for column in range(self.columns):
                self.write(row, column, 0)

    def copy_row(self, source, destination):
        for column in range(self.columns):
            self.write(destination, column, self.read(source, column))

    def clear(self):
        self.clear_rows(0, self.rows - 1)


class EditorWriter:
    """The screen editor's output rules (GRAPHICS 0 screen and the text window)."""

    def __init__(self, surface, bell):
        self.surface = surface
        self.memory = surface.memory
        self.bell = bell
        self.escaped = False
        self._controls = {byte: getattr(self, name) for byte, name in _EDITOR_ACTIONS.items()}

    @property
    def left_margin(self):
        return self.memory.peek(LMARGN)

    @property
    def right_margin(self):
        return min(self.memory.peek(RMARGN), self.surface.columns - 1)

    def home(self):
        self.surface.move_to(0, self.left_margin)

    def clear(self):
        self.surface.clear()
        self.home()

    def put(self, byte):
        """Show one ATASCII byte: controls act, ESC makes the next byte literal."""
        self.surface.check_cursor()
        if self.escaped:
            self.escaped = False
        elif byte == A.ESC:
            self.escaped = True
            return
        elif byte in self._controls:
            self._controls[byte]()
            return
        surface = self.surface
        surface.write(surface.row, surface.column, atascii_to_internal(byte))
        if surface.column >= self.right_margin:
            self.new_line()
        else:
            surface.column += 1

    def get(self):
        """The character under the cursor as ATASCII; the cursor moves on."""
        surface = self.surface
        surface.check_cursor()
        code = surface.read(surface.row, surface.column)
        if surface.column >= self.right_margin:
            surface.move_to(surface.row + 1, self.left_margin)
        else:
            surface.column += 1
        return internal_to_atascii(code)

    def new_line(self):
        surface = self.surface
        if surface.row + 1 >= surface.rows:
            self._scroll_up()
            surface.move_to(surface.rows - 1, self.left_margin)
        else:
            surface.move_to(surface.row + 1, self.left_margin)

    def _scroll_up(self):
        self._remove_row(0)

    def _remove_row(self, row):
        surface = self.surface
        for source in range(row + 1, surface.rows):
            surface.copy_row(source, source - 1)
        surface.clear_rows(surface.rows - 1, surface.rows - 1)

    def _cursor_up(self):
        self.surface.row = (self.surface.row - 1) % self.surface.rows

    def _cursor_down(self):
        self.surface.row = (self.surface.row + 1) % self.surface.rows

    def _cursor_left(self):
        surface = self.surface
        surface.column = surface.column - 1 if surface.column > self.left_margin else self.right_margin

    def _cursor_right(self):
        surface = self.surface
        surface.column = surface.column + 1 if surface.column < self.right_margin else self.left_margin

    def _backspace(self):
        surface = self.surface
        if surface.column > self.left_margin:
            surface.column -= 1
            surface.write(surface.row, surface.column, 0)

    def _tab(self):
        """Move to the next tab stop (every 8 columns; TABMAP is not simulated)."""
        surface = self.surface
        next_stop = (surface.column // TAB_WIDTH + 1) * TAB_WIDTH - 1
        if next_stop > self.right_margin:
            self.new_line()
        else:
            surface.column = next_stop

    def _ring_bell(self):
        self.bell()

    def _set_or_clear_tab(self):
        """TABMAP is not simulated (tab stops are every 8 columns), so these do nothing."""

    def _delete_line(self):
        self._remove_row(self.surface.row)
        self.surface.column = self.left_margin

    def _insert_line(self):
        surface = self.surface
        for source in range(surface.rows - 2, surface.row - 1, -1):
            surface.copy_row(source, source + 1)
        surface.clear_rows(surface.row, surface.row)
        surface.column = self.left_margin

    def _delete_character(self):
        surface, row = self.surface, self.surface.row
        for column in range(surface.column, self.right_margin):
            surface.write(row, column, surface.read(row, column + 1))
        surface.write(row, self.right_margin, 0)

    def _insert_character(self):
        surface, row = self.surface, self.surface.row
        for column in range(self.right_margin, surface.column, -1):
            surface.write(row, column, surface.read(row, column - 1))
        surface.write(row, surface.column, 0)


class LargeTextWriter:
    """PRINT #6 in GRAPHICS 1 and 2: every byte but clear (0x7D) and EOL is stored."""

    def __init__(self, surface):
        self.surface = surface

    def home(self):
        self.surface.move_to(0, 0)

    def clear(self):
        self.surface.clear()
        self.home()

    def put(self, byte):
        surface = self.surface
        surface.check_cursor()
        if byte == A.CLEAR:
            self.clear()
        elif byte == A.EOL:
            self.new_line()
        else:
            surface.write(surface.row, surface.column, atascii_to_internal(byte))
            self._advance()

    def get(self):
        """LOCATE: the character under the cursor as ATASCII; the cursor moves on."""
        surface = self.surface
        surface.check_cursor()
        code = surface.read(surface.row, surface.column)
        self._advance()
        return internal_to_atascii(code)

    def new_line(self):
        self.surface.move_to(self.surface.row + 1, 0)

    def _advance(self):
        surface = self.surface
        if surface.column + 1 >= surface.columns:
            surface.move_to(surface.row + 1, 0)
        else:
            surface.column += 1


def draw_line(surface, byte):
    """DRAWTO: characters `byte` from (OLDROW, OLDCOL) to the cursor, which stays there."""
    surface.check_cursor()
    memory = surface.memory
    row0, column0 = memory.peek(OLDROW), memory.peek_word(OLDCOL)
    row1, column1 = surface.row, surface.column
    if row0 >= surface.rows or column0 >= surface.columns:
        raise DeviceError(CURSOR_OUT_OF_RANGE, "DRAWTO start out of range")
    code = atascii_to_internal(byte)
    for row, column in _line_points(row0, column0, row1, column1):
        surface.write(row, column, code)
    remember_plot_position(surface)


def remember_plot_position(surface):
    """Store the cursor as the start point of the next DRAWTO (OLDROW/OLDCOL)."""
    surface.memory.poke(OLDROW, surface.row)
    surface.memory.poke_word(OLDCOL, surface.column)


def _line_points(row0, column0, row1, column1):
    """The cells of a straight line, both ends included (Bresenham)."""
    d_column, d_row = abs(column1 - column0), -abs(row1 - row0)
    step_column = 1 if column1 > column0 else -1
    step_row = 1 if row1 > row0 else -1
    error = d_column + d_row
    row, column = row0, column0
    while True:
        yield row, column
        if row == row1 and column == column1:
            return
        doubled = 2 * error
        if doubled >= d_row:
            error += d_row
            column += step_column
        if doubled <= d_column:
            error += d_column
            row += step_row
