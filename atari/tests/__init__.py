"""Tests for the atari package (language, machine, programs)."""
