"""Terminal input bytes -> Atari keys, joystick moves and the quit request."""

from dataclasses import dataclass

from atari.atascii import BACKSPACE, EOL, ESC, TAB

QUIT_BYTES = {0x11, 0x03}  # Ctrl-Q, Ctrl-C
QUIT_HELP = "Ctrl-Q quits"
ARROW_STICK = {"A": 14, "B": 13, "C": 7, "D": 11}  # up, down, right, left
# ASCII characters with no Atari key (ATASCII uses their codes for other things).
_NO_ATARI_KEY = set(b"`{}~")


@dataclass(frozen=True)
class KeyEvent:
    code: int  # ATASCII


@dataclass(frozen=True)
class StickEvent:
    position: int  # STICK value


@dataclass(frozen=True)
class QuitEvent:
    pass


def decode(data):
    """Events for a chunk of terminal input (a lone ESC is the Esc key)."""
    events, index = [], 0
    while index < len(data):
        byte = data[index]
        if byte == 0x1B and index + 1 < len(data) and data[index + 1] in b"[O":
            index, event = _escape_sequence(data, index + 2)
            if event:
                events.append(event)
            continue
        index += 1
        event = _single_byte(byte)
        if event:
            events.append(event)
    return events


def _escape_sequence(data, index):
    """Skip a CSI/SS3 sequence starting at `index`; arrows become stick moves."""
    while index < len(data) and not 0x40 <= data[index] <= 0x7E:
        index += 1
    if index >= len(data):
        return index, None
    final = chr(data[index])
    return index + 1, StickEvent(ARROW_STICK[final]) if final in ARROW_STICK else None


def _single_byte(byte):
    if byte in QUIT_BYTES:
        return QuitEvent()
    if byte in (0x0D, 0x0A):
        return KeyEvent(EOL)
    if byte in (0x7F, 0x08):
        return KeyEvent(BACKSPACE)
    if byte == 0x09:
        return KeyEvent(TAB)
    if byte == 0x1B:
        return KeyEvent(ESC)
    if byte < 0x20 or (0x20 <= byte < 0x7F and byte not in _NO_ATARI_KEY):
        return KeyEvent(byte)  # Ctrl+letter gives the ATASCII graphics characters
    return None
