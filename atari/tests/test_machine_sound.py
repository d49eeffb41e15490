"""POKEY's channels rendered on the virtual clock: pitch, distortion, volume, WAV."""
import statistics
import wave
from array import array

import pytest

from atari.cli import main
from atari.listings import listing_path
from atari.listings.scripted_run import format_rnd, rnd_choosing
from atari.machine import Machine

RATE = 44100


def crossings(samples):
    """Sample positions where the signal changes sign."""
    return [i for i in range(1, len(samples)) if (samples[i - 1] < 0) != (samples[i] < 0)]


def frequency(samples, rate=RATE):
    found = crossings(samples)
    return (len(found) - 1) / 2 / ((found[-1] - found[0]) / rate)


def irregularity(samples):
    """How unevenly the signal crosses zero: about 0 for a tone, large for noise."""
    found = crossings(samples)
    gaps = [b - a for a, b in zip(found, found[1:])]
    return statistics.pstdev(gaps) / statistics.mean(gaps)


def rms(samples):
    return (sum(x * x for x in samples) / len(samples)) ** 0.5


def played(*notes, seconds=0.5):
    """Samples of a machine that sets `notes` (SOUND arguments) and runs `seconds`."""
    machine = Machine()
    for note in notes:
        machine.sound(*note)
    machine.clock.advance_seconds(seconds)
    return machine.sound_chip.render(RATE)[RATE // 10:]     # past the AC coupling's settling


@pytest.mark.parametrize("pitch", [100, 50, 9])
def test_a_pure_tone_has_the_frequency_of_its_divider(pitch):
    """POKEY's 64 kHz clock (63,921 Hz) divided by AUDF+1, toggling the output:
    63921 / (2 (pitch+1)) Hz."""
    measured = frequency(played((0, pitch, 10, 8)))
    assert measured == pytest.approx(63921 / (2 * (pitch + 1)), rel=0.01)
    assert irregularity(played((0, pitch, 10, 8))) < 0.1


@pytest.mark.parametrize("distortion", [0, 8, 4, 12])
def test_noise_distortions_are_irregular(distortion):
    assert irregularity(played((0, 100, distortion, 8))) > 0.3


def test_volume_scales_the_output_and_volume_only_is_silent_after_its_click():
    loud, soft = rms(played((0, 100, 10, 15))), rms(played((0, 100, 10, 3)))
    assert loud == pytest.approx(soft * 5, rel=0.05)
    assert rms(played((0, 24, 10, 30))) < 0.01          # AUDC $BE: volume only
    assert rms(played((0, 100, 10, 0))) == 0


def test_four_voices_mix_and_a_poke_to_audc_is_heard_like_sound():
    machine = Machine()
    machine.poke(53760, 100)               # AUDF1
    machine.poke(53761, 0xA8)              # AUDC1: pure tone, volume 8
    machine.clock.advance_seconds(0.5)
    poked = machine.sound_chip.render(RATE)[RATE // 10:]
    assert poked == pytest.approx(played((0, 100, 10, 8)), abs=1e-9)


def test_notes_start_and_stop_on_the_virtual_clock():
    machine = Machine()
    machine.clock.advance_seconds(0.5)
    machine.sound(0, 50, 10, 8)
    machine.clock.advance_seconds(0.5)
    machine.sound(0, 0, 0, 0)
    machine.clock.advance_seconds(0.5)
    samples = machine.sound_chip.render(RATE)
    assert rms(samples[:RATE // 2 - 10]) == 0
    assert rms(samples[RATE // 2 + 2000:RATE - 10]) > 0.05
    assert rms(samples[RATE + 2000:]) < 0.01


def wordle_wav(tmp_path, keys):
    """The WAV of a scripted WORDLE game (secret NINJA, word 0) and its samples."""
    path = tmp_path / "game.wav"
    assert main(["run", str(listing_path("WORDLE")), "--rnd", format_rnd(rnd_choosing(0, 34)),
                 "--seed", "1", "--keys", keys, "--wav", str(path)]) == 0
    with wave.open(str(path)) as stream:
        assert (stream.getnchannels(), stream.getsampwidth()) == (1, 2)
        rate = stream.getframerate()
        samples = array("h", stream.readframes(stream.getnframes()))
    return [s / 32768 for s in samples], rate


def sounding(samples, rate, window=0.04):
    """The windows (start, samples) where the sound is a tone or noise, not clicks."""
    size = int(rate * window)
    windows = [samples[i:i + size] for i in range(0, len(samples) - size, size)]
    return [w for w in windows if rms(w) > 0.02 and len(crossings(w)) > 10]


def test_a_won_wordle_is_a_pure_tone_rising_and_fading(tmp_path):
    """The seed: at the end of a game SOUND 0,9+I,10*(Z=5),I for I from 30 down to 0
    (above 15 the volume spills into AUDC's volume-only bit: clicks, not a note), distortion
    10 (pure) when the word was found: the pitch rises as the volume falls."""
    samples, rate = wordle_wav(tmp_path, "NINJA")
    heard = sounding(samples, rate)
    assert len(heard) >= 8
    assert all(irregularity(w) < 0.15 for w in heard)
    first, last = heard[0], heard[-1]
    assert frequency(first, rate) == pytest.approx(63921 / 50, rel=0.08)   # pitch 24
    assert frequency(last, rate) > 2 * frequency(first, rate)
    assert rms(last) < rms(first) / 2


def test_a_lost_wordle_is_noise(tmp_path):
    """Distortion 10*(Z=5) is 0 when the word was not found: POKEY's 5- and 17-bit
    polynomial noise."""
    samples, rate = wordle_wav(tmp_path, "ABACK" * 6)
    heard = sounding(samples, rate)
    assert len(heard) >= 5
    assert statistics.median(irregularity(w) for w in heard) > 0.4


def test_a_won_games_wav_starts_at_its_jingle_not_after_the_typing(tmp_path):
    """The 14.6 s of typing before the jingle are silence, cut but for LEAD_SECONDS."""
    from atari.frontends.wav import LEAD_SECONDS
    samples, rate = wordle_wav(tmp_path, "NINJA")
    first_sound = next(i for i, sample in enumerate(samples) if sample)
    assert first_sound == int(LEAD_SECONDS * rate)
    assert len(samples) < 5 * rate
    assert len(sounding(samples[:int(1.0 * rate)], rate)) > 0   # the jingle within its first second
