"""POKEY's four audio channels: what SOUND (or POKEs to AUDF1-AUDC4) set them to, when,
and the sound that makes, rendered on the virtual clock.

Each channel divides POKEY's 64 kHz clock (the 6502's 1.79 MHz divided by 28) by
AUDF+1; at each pulse of the divider the channel's output either toggles (a pure
tone, 63921 / (2 (AUDF+1)) Hz) or takes a bit from one of POKEY's polynomial counters
(noise), as AUDC's top three bits choose; the 5-bit polynomial can gate the pulses
first. AUDC's low four bits are the volume; bit 4 forces the output on (volume only).
SOUND v,p,d,vol writes AUDF=p and AUDC=d*16+vol. (POKEY data sheet: AUDCTL 0, the
channels' distortion table.)
"""

import math
from dataclasses import dataclass

from atari.clock import CPU_HZ

POKEY_CLOCK = 63921          # Hz: the 64 kHz base clock SOUND uses
CYCLES_PER_POKEY_TICK = 28   # 1.79 MHz / 28
AUDF1 = 0xD200               # AUDF1, AUDC1, AUDF2, AUDC2 ... AUDC4 at 53760..53767
VOICES = 4
AC_COUPLING_HZ = 20          # the audio output is AC-coupled: a held level fades to silence


def _polynomial(bits, taps):
    """The output sequence of a POKEY-style linear feedback shift register."""
    state, out = 1, []
    for _ in range((1 << bits) - 1):
        out.append(state & 1)
        feedback = 0
        for tap in taps:
            feedback ^= state >> tap & 1
        state = state >> 1 | feedback << (bits - 1)
    return bytes(out)


POLY4 = _polynomial(4, (0, 1))
POLY5 = _polynomial(5, (0, 2))
POLY17 = _polynomial(17, (0, 5))


@dataclass(frozen=True)
class Voice:
    """One channel: AUDF (SOUND's pitch), AUDC's distortion nibble and volume."""
    pitch: int = 0
    distortion: int = 0
    volume: int = 0

    @property
    def frequency(self):
        """The note in Hz: 63921 / (2 * (pitch + 1))."""
        return POKEY_CLOCK / (2 * (self.pitch + 1))

    @property
    def audible(self):
        return self.volume > 0

    @property
    def pure_tone(self):
        """Distortion 10 and 14 are pure tones; other values are noise."""
        return self.distortion in (10, 14)


class SoundChip:
    """The voices as set now, every change with the clock cycle it came at, and the
    editor's bell count."""

    def __init__(self, clock=None):
        self.clock = clock
        self.voices = [Voice() for _ in range(VOICES)]
        self.changes = []        # (cycle, voice number, Voice)
        self.bells = 0

    def set(self, voice, audf, audc):
        """AUDF and AUDC of one voice (what SOUND writes)."""
        self._change(voice, Voice(audf, audc >> 4, audc & 15))

    def write_register(self, address, value):
        """A POKE to AUDF1..AUDC4 (53760..53767)."""
        voice, is_control = divmod(address - AUDF1, 2)
        old = self.voices[voice]
        if is_control:
            self._change(voice, Voice(old.pitch, value >> 4, value & 15))
        else:
            self._change(voice, Voice(value, old.distortion, old.volume))

    def _change(self, voice, setting):
        self.voices[voice] = setting
        now = self.clock.cycles if self.clock is not None else 0
        self.changes.append((now, voice, setting))

    def ring_bell(self):
        """The editor's bell character (ATASCII 253)."""
        self.bells += 1

    def render(self, rate, end_cycle=None):
        """The four channels mixed, from power-up to ``end_cycle`` (default: now), as
        ``rate`` samples a second, each -1.0..1.0, through the output's AC coupling."""
        if end_cycle is None:
            end_cycle = self.clock.cycles if self.clock is not None else 0
        samples = [0.0] * int(end_cycle / CPU_HZ * rate)
        for voice in range(VOICES):
            segments = [(cycle, setting) for cycle, number, setting in self.changes
                        if number == voice]
            for index, (start, setting) in enumerate(segments):
                end = segments[index + 1][0] if index + 1 < len(segments) else end_cycle
                if setting.volume and end > start:
                    _add_segment(samples, rate, start, end, setting)
        return _ac_coupled(samples, rate)


def _ac_coupled(samples, rate):
    """A one-pole high-pass filter: a steady level (volume only, or a voice left on
    between notes) is heard as a click, not as a constant offset."""
    keep = 1 - 2 * math.pi * AC_COUPLING_HZ / rate
    out, previous_in, previous_out = [], 0.0, 0.0
    for sample in samples:
        previous_out = sample - previous_in + keep * previous_out
        previous_in = sample
        out.append(previous_out)
    return out


def _output_changes(start, end, setting):
    """[(cycle, 0 or 1)]: the channel's output from ``start`` to ``end``."""
    if setting.distortion & 1:                      # volume only: the output held on
        return [(start, 1)]
    period = (setting.pitch + 1) * CYCLES_PER_POKEY_TICK
    kind = setting.distortion >> 1                  # AUDC bits 7-5
    gated = kind < 4                                # through the 5-bit polynomial first
    toggles = kind in (1, 3, 5, 7)
    source = POLY4 if kind in (2, 6) else POLY17
    level, changes = 0, [(start, 0)]
    for cycle in range(start + period, end, period):
        if gated and not POLY5[cycle % len(POLY5)]:
            continue
        new = level ^ 1 if toggles else source[cycle % len(source)]
        if new != level:
            level = new
            changes.append((cycle, level))
    return changes


def _add_segment(samples, rate, start, end, setting):
    """Mix one channel's output between two changes of its setting into ``samples``."""
    changes = _output_changes(start, end, setting)
    amplitude = setting.volume / 15 / VOICES
    first = int(start / CPU_HZ * rate)
    last = min(len(samples), int(end / CPU_HZ * rate))
    cycles_per_sample = CPU_HZ / rate
    position, level = 0, changes[0][1]
    for index in range(first, last):
        now = index * cycles_per_sample
        while position + 1 < len(changes) and changes[position + 1][0] <= now:
            position += 1
            level = changes[position][1]
        samples[index] += amplitude if level else -amplitude
