"""The NTSC colour palette: a colour register value (hue*16 + luminance) -> sRGB.

Generated the way atari800's "standard" NTSC preset does it (YIQ, saturation 0.175,
GTIA's luma steps scaled to 16..235, a gamma-2.35 CRT signal converted to sRGB), with
the hue wheel turned as a TV's tint control turns it and the colour delay a little
shorter (the Atari's colour adjustment pot): hue 1 at 333 degrees instead of the
colour burst's 303, 26 degrees per hue step instead of 26.8.

Why: atari800's standard preset and Altirra's default NTSC palette (hue start -57
degrees, 27.1 per step, matched to sRGB) both put hue 1 at the burst phase, where
2048's SETCOLOR 0,1,4 and 1,1,12 come out olive and lime. The programs' author names
them dark orange and yellow (and $18 orange, $3A "purply red"; WORDLE's $EC yellow
and $BA green), and the Atari BASIC Reference Manual calls hue 1 "light orange
(gold)" and hue 2 "orange". With these two numbers all of those names hold, the
manual's names of the other hues still do (purple, blue, light blue, turquoise...)
and the OS's default screen colour $94 stays blue; with atari800's none of 2048's do.
"""

import math
from functools import lru_cache

_FIRST_HUE_DEGREES = 333.0
_HUE_STEP_DEGREES = 26.0
_SATURATION = 0.175
_BLACK_LEVEL = 16 / 255
_WHITE_LEVEL = 235 / 255
_CRT_GAMMA = 2.35
# Relative luma of GTIA's 16 luminance steps (GTIA data sheet).
_LUMA_STEPS = (0.6941, 0.7091, 0.7241, 0.7401, 0.7560, 0.7741, 0.7931, 0.8121,
               0.8260, 0.8470, 0.8700, 0.8930, 0.9160, 0.9420, 0.9690, 1.0000)


def _crt_to_srgb(value):
    """A gamma-encoded CRT signal level (0..1) as an sRGB byte."""
    linear = max(0.0, min(1.0, value)) ** _CRT_GAMMA
    if linear <= 0.0031308:
        encoded = 12.92 * linear
    else:
        encoded = 1.055 * linear ** (1 / 2.4) - 0.055
    return int(encoded * 255)


@lru_cache(maxsize=256)
def color_rgb(value):
    """(r, g, b) for a colour register value; the display ignores luminance bit 0."""
    hue, luminance = (value >> 4) & 15, value & 14
    span = _LUMA_STEPS[15] - _LUMA_STEPS[0]
    y = (_LUMA_STEPS[luminance] - _LUMA_STEPS[0]) / span
    y = y * (_WHITE_LEVEL - _BLACK_LEVEL) + _BLACK_LEVEL
    saturation = _SATURATION if hue else 0.0
    angle = math.radians(_FIRST_HUE_DEGREES + (hue - 1) * _HUE_STEP_DEGREES)
    i, q = math.cos(angle) * saturation, math.sin(angle) * saturation
    r = y + 0.9563 * i + 0.6210 * q
    g = y - 0.2721 * i - 0.6474 * q
    b = y - 1.1070 * i + 1.7046 * q
    return _crt_to_srgb(r), _crt_to_srgb(g), _crt_to_srgb(b)
