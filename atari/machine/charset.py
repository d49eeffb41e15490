"""Character codes: ATASCII <-> internal (screen) codes, the ROM font, readable text.

The Atari keeps text in ATASCII, but screen memory and the font use "internal" codes:
ATASCII 0x00-0x1F -> 0x40-0x5F, 0x20-0x3F -> 0x00-0x1F, 0x40-0x5F -> 0x20-0x3F,
0x60-0x7F unchanged; bit 7 (inverse video) is kept.
"""

from importlib import resources

FONT_SIZE = 1024

# Unicode stand-ins for ATASCII 0x00-0x1F (the graphics characters) ...
_GRAPHICS_CHARS = "♥├▕┘┤┐╱╲◢▗◣▝▘▔▁▖♣┌─┼●▄▎┬┴▌└␛↑↓←→"
# ... and for ATASCII 0x60, 0x7B and 0x7D-0x7F.
_SPECIAL_CHARS = {0x60: "♦", 0x7B: "♠", 0x7D: "↰", 0x7E: "◀", 0x7F: "▶"}


def _internal_code(code):
    low = code & 0x7F
    if low < 0x20:
        low += 0x40
    elif low < 0x60:
        low -= 0x20
    return low | (code & 0x80)


_TO_INTERNAL = bytes(_internal_code(code) for code in range(256))
_TO_ATASCII = bytes(_TO_INTERNAL.index(code) for code in range(256))


def atascii_to_internal(code):
    """The screen code that shows ATASCII `code` (bit 7, inverse video, kept)."""
    return _TO_INTERNAL[code]


def internal_to_atascii(code):
    """The ATASCII code of screen code `code` (the inverse of atascii_to_internal)."""
    return _TO_ATASCII[code]


def atascii_char(code):
    """A Unicode character that looks like ATASCII `code` (inverse video ignored)."""
    low = code & 0x7F
    if low < 0x20:
        return _GRAPHICS_CHARS[low]
    return _SPECIAL_CHARS.get(low, chr(low))


def load_rom_font():
    """The 1,024-byte ROM character set (internal-code order) shipped in atari/data."""
    font = resources.files("atari").joinpath("data/atarifont.bin").read_bytes()
    if len(font) != FONT_SIZE:
        raise ValueError(f"atari/data/atarifont.bin has {len(font)} bytes, expected {FONT_SIZE}")
    return font
