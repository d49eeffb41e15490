"""Joystick, paddles, RND and SOUND."""

import pytest

from atari.machine import (InputExhausted, Machine, RandomSource, ScriptedJoystick,
                           ValueOutOfRange)
from atari.machine.inputs import STICK_POSITIONS


def test_stick_script_gives_one_position_per_read_then_runs_out():
    machine = Machine(joystick=ScriptedJoystick([STICK_POSITIONS[c] for c in "UDLRC"]))
    assert [machine.stick(0) for _ in range(5)] == [14, 13, 11, 7, 15]
    assert machine.peek(632) == 15
    with pytest.raises(InputExhausted):
        machine.stick(0)


def test_other_sticks_stay_centred_and_triggers_released():
    machine = Machine(joystick=ScriptedJoystick([14]))
    assert machine.stick(1) == 15 and machine.strig(0) == 1
    assert machine.stick(0) == 14


def test_without_a_joystick_it_is_centred():
    machine = Machine()
    assert machine.stick(0) == 15 and machine.strig(0) == 1
    assert machine.paddle(0) == 228 and machine.ptrig(0) == 1
    with pytest.raises(ValueOutOfRange):
        machine.stick(4)


def test_rnd_gives_forced_values_then_the_seeded_generator():
    first = Machine(rng=RandomSource(seed=7, forced=[0.5, 0.25]))
    second = Machine(rng=RandomSource(seed=7))
    assert [first.rnd(), first.rnd()] == [0.5, 0.25]
    following = [first.rnd() for _ in range(5)]
    assert following == [second.rnd() for _ in range(5)]
    assert all(0 <= value < 1 for value in following)
    assert Machine(rng=RandomSource(seed=8)).rnd() != following[0]


def test_random_register_reads_bytes():
    machine = Machine(rng=RandomSource(seed=1))
    values = {machine.peek(53770) for _ in range(200)}
    assert len(values) > 50 and all(0 <= v <= 255 for v in values)


def test_sound_records_each_voice_until_changed():
    machine = Machine()
    machine.sound(0, 9, 10, 15)
    machine.sound(3, 121, 8, 4)
    voices = machine.sound_chip.voices
    assert (voices[0].pitch, voices[0].distortion, voices[0].volume) == (9, 10, 15)
    assert voices[0].pure_tone and not voices[3].pure_tone
    assert voices[0].frequency == pytest.approx(63921 / 20)
    assert not voices[1].audible


def test_sound_voice_over_3_is_error_3():
    with pytest.raises(ValueOutOfRange) as caught:
        Machine().sound(4, 0, 0, 0)
    assert caught.value.number == 3


@pytest.mark.parametrize("args, expected", [
    ((0, 256 + 9, 10, 8), (9, 10, 8)),        # AUDF takes the pitch's low byte
    ((0, 24, 10, 30), (24, 11, 14)),          # 160+30 = $BE: volume-only bit, volume 14
    ((0, 24, 0, 15), (24, 0, 15)),
])
def test_sound_writes_audf_and_audc_as_xsound_does(args, expected):
    """Atari BASIC Source Book, XSOUND: pitch, distortion and volume come from GETINT
    (0..65535, no byte check); AUDF = low byte of the pitch, AUDC = low byte of
    16*distortion + volume (ADC, carries lost)."""
    machine = Machine()
    machine.sound(*args)
    voice = machine.sound_chip.voices[0]
    assert (voice.pitch, voice.distortion, voice.volume) == expected
