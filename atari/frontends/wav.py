"""--wav: what the program played, as a 16-bit mono WAV file (the standard library's wave).

The file starts LEAD_SECONDS before the first sound: the silence before it (WORDLE's game
is 14.6 s of typing before its jingle) is cut, so the file is what was heard; the times of
the notes after it are the virtual clock's."""

import sys
import wave
from array import array

SAMPLE_RATE = 44100
TAIL_SECONDS = 0.25     # a little silence after the end, so the last note is not cut
LEAD_SECONDS = 0.1      # and before the first sound


def write_wav(path, machine, rate=SAMPLE_RATE):
    """Render the machine's sound chip from power-up to now (plus a short tail), from just
    before its first sound."""
    end = machine.clock.cycles + machine.clock.seconds_to_cycles(TAIL_SECONDS)
    samples = machine.sound_chip.render(rate, end)
    pcm = array("h", (int(max(-1.0, min(1.0, sample)) * 32767) for sample in samples))
    if sys.byteorder == "big":
        pcm.byteswap()       # WAV data is little-endian
    data = pcm.tobytes()
    silent_samples = (len(data) - len(data.lstrip(b"\0"))) // 2
    start = max(0, min(silent_samples, len(pcm) - int(TAIL_SECONDS * rate)) - int(LEAD_SECONDS * rate))
    # the file opened here: wave.open(path) that fails leaves an object whose __del__ raises
    with open(path, "wb") as file, wave.open(file, "wb") as stream:
        stream.setnchannels(1)
        stream.setsampwidth(2)
        stream.setframerate(rate)
        stream.writeframes(data[2 * start:])
