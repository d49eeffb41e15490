"""ATASCII control codes: the bytes the OS's editor, screen and keyboard act on.

Atari Home Computer Technical Reference Notes (OS user's manual), the screen editor's
control characters.
"""

ESC = 0x1B
CURSOR_UP, CURSOR_DOWN, CURSOR_LEFT, CURSOR_RIGHT = 0x1C, 0x1D, 0x1E, 0x1F
CLEAR = 0x7D                # clear the screen
BACKSPACE = 0x7E
TAB = 0x7F
EOL = 0x9B                  # end of line: Return, and the end of every record
DELETE_LINE, INSERT_LINE = 0x9C, 0x9D
CLEAR_TAB, SET_TAB = 0x9E, 0x9F
BELL = 0xFD
DELETE_CHARACTER, INSERT_CHARACTER = 0xFE, 0xFF
