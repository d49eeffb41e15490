"""POKEY's four voices as SOUND leaves them (state only; nothing is played)."""

from dataclasses import dataclass

POKEY_CLOCK = 63921  # Hz: the 64 kHz base clock SOUND uses


@dataclass(frozen=True)
class Voice:
    """One voice: SOUND's pitch, distortion and volume."""
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
    """The voices, the notes SOUND has set (they last until changed), and bell count."""

    VOICES = 4

    def __init__(self):
        self.voices = [Voice() for _ in range(self.VOICES)]
        self.bells = 0

    def set(self, voice, pitch, distortion, volume):
        self.voices[voice] = Voice(pitch, distortion, volume & 15)

    def ring_bell(self):
        """The editor's bell character (ATASCII 253)."""
        self.bells += 1
