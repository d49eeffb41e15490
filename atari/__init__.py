"""Atari 8-bit BASIC interpreter, simulated machine and the original WORDLE and 2048 ten-liners."""
