"""ATASCII <-> internal screen codes, readable text and the ROM font."""

import hashlib

from atari.machine.charset import (atascii_char, atascii_to_internal, internal_to_atascii,
                                   load_rom_font)


def test_atascii_ranges_map_to_internal_codes_as_the_os_does():
    assert atascii_to_internal(0x00) == 0x40      # heart
    assert atascii_to_internal(0x1F) == 0x5F
    assert atascii_to_internal(ord(" ")) == 0x00
    assert atascii_to_internal(ord("0")) == 0x10
    assert atascii_to_internal(ord("A")) == 0x21
    assert atascii_to_internal(ord("_")) == 0x3F
    assert atascii_to_internal(ord("a")) == 0x61  # lower case unchanged
    assert atascii_to_internal(0x7F) == 0x7F


def test_inverse_video_bit_is_kept():
    assert atascii_to_internal(0x80) == 0xC0      # WORDLE's grey box
    assert atascii_to_internal(ord("A") | 0x80) == 0xA1
    assert atascii_to_internal(0xE1) == 0xE1      # inverse lower-case a


def test_internal_to_atascii_inverts_the_conversion_for_every_byte():
    assert [internal_to_atascii(atascii_to_internal(b)) for b in range(256)] == list(range(256))
    assert sorted(atascii_to_internal(b) for b in range(256)) == list(range(256))


def test_readable_characters_drop_inverse_video():
    assert [atascii_char(b) for b in (ord("A") | 0x80, 0x00, 0x7B, ord("a"))] == list("A♥♠a")


def test_rom_font_is_the_shipped_altirra_font():
    font = load_rom_font()
    assert hashlib.sha256(font).hexdigest() == (
        "006e821c086a41874f04ec86e7b2298529ef16a74276ca660c4e766d3a371342")
    assert font[33 * 8:34 * 8] == bytes([0x00, 0x18, 0x3C, 0x66, 0x66, 0x7E, 0x66, 0x00])
