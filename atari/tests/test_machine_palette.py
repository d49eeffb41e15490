"""The NTSC palette against atari800's standard preset (samples from atari-facts.md)."""

import pytest

from atari.machine.palette import color_rgb


@pytest.mark.parametrize("value, rgb", [
    (0x28, (128, 108, 18)), (0xCA, (89, 169, 97)), (0x94, (20, 51, 130)),
    (0x46, (132, 55, 63)), (0x0E, (211, 211, 211)),
])
def test_palette_samples(value, rgb):
    assert color_rgb(value) == rgb


def test_hue_zero_is_grey_and_luminance_rises():
    greys = [color_rgb(lum) for lum in range(0, 16, 2)]
    assert all(r == g == b for r, g, b in greys)
    assert [g[0] for g in greys] == sorted(g[0] for g in greys)
    assert greys[0][0] < 10 and greys[-1][0] > 200


def test_display_ignores_luminance_bit_0():
    assert color_rgb(0x29) == color_rgb(0x28)
    assert color_rgb(0x0F) == color_rgb(0x0E)
