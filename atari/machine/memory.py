"""64 KB of memory: RAM, the ROM regions (writes ignored) and the hardware registers."""

from .charset import load_rom_font
from atari.locations import BASIC_ROM, FONT_ROM, OS_ROM_HIGH, OS_ROM_LOW, RANDOM

SIZE = 0x10000


def _is_rom(address):
    return address in BASIC_ROM or address in OS_ROM_LOW or address in OS_ROM_HIGH


class Memory:
    """The address space as BASIC's PEEK and POKE see it.

    The OS ROM holds the character set at 57344; the rest of the ROM images (the OS
    code, the BASIC cartridge) are not simulated and read as zero. POKEs into ROM are
    ignored as on the real machine. Reading RANDOM (53770) gives a random byte.
    """

    def __init__(self, random_byte):
        self._bytes = bytearray(SIZE)
        self._random_byte = random_byte
        font = load_rom_font()
        self._bytes[FONT_ROM:FONT_ROM + len(font)] = font

    def peek(self, address):
        """The byte at `address` (0..65535)."""
        _check_address(address)
        if address == RANDOM:
            return self._random_byte()
        return self._bytes[address]

    def poke(self, address, value):
        """Store `value` (0..255) at `address`; ignored when the address is ROM."""
        _check_address(address)
        if not 0 <= value <= 255:
            raise ValueError(f"POKE value {value} is not a byte")
        if not _is_rom(address):
            self._bytes[address] = value

    def peek_word(self, address):
        """A little-endian 16-bit value at `address`."""
        return self._bytes[address] | self._bytes[address + 1] << 8

    def poke_word(self, address, value):
        """Store a little-endian 16-bit value at `address` (RAM only)."""
        self._bytes[address] = value & 0xFF
        self._bytes[address + 1] = value >> 8 & 0xFF

    def read(self, address, length):
        """`length` bytes from `address` as a bytes snapshot (for the display)."""
        return bytes(self._bytes[address:address + length])


def _check_address(address):
    if not 0 <= address < SIZE:
        raise ValueError(f"address {address} is outside 0..65535")

