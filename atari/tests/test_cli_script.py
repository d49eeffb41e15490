"""Parsing --keys, --stick and --rnd, and the scripted machine they build."""

import pytest

from atari.frontends.script import (ScriptError, Transcript, parse_keys, parse_rnd,
                                    parse_stick, scripted_machine)
from atari.machine import InputExhausted


def test_keys_escapes():
    assert parse_keys(r"HI\n") == [72, 73, 155]
    assert parse_keys("A\nB") == [65, 155, 66]
    assert parse_keys(r"\b\e\t\\\x80\xFD") == [126, 27, 127, 92, 0x80, 0xFD]
    assert parse_keys("") == []


@pytest.mark.parametrize("text, problem", [(r"\q", "unknown escape"), ("é€", "not a key")])
def test_keys_problems_are_reported(text, problem):
    with pytest.raises(ScriptError, match=problem):
        parse_keys(text)


def test_stick_letters():
    assert parse_stick("UDLRC") == [14, 13, 11, 7, 15]
    assert parse_stick("u, d r") == [14, 13, 7]
    with pytest.raises(ScriptError, match="'X' is not one of U D L R C"):
        parse_stick("UX")


def test_rnd_values():
    assert parse_rnd("0.5, 0,0.999") == [0.5, 0.0, 0.999]
    with pytest.raises(ScriptError, match="outside"):
        parse_rnd("0.5,1")
    with pytest.raises(ScriptError, match="not a number"):
        parse_rnd("0.5,,0.2")


def test_scripted_machine_runs_out_of_keys_and_stick_but_rnd_continues_seeded():
    machine = scripted_machine(keys=[65], stick=[14], rnd=[0.25], seed=3)
    machine.open(1, 4, 0, b"K:")
    assert (machine.get(1), machine.stick(0), machine.rnd()) == (65, 14, 0.25)
    with pytest.raises(InputExhausted):
        machine.get(1)
    with pytest.raises(InputExhausted):
        machine.stick(0)
    assert machine.rnd() == scripted_machine(seed=3).rnd()


def test_transcript_shows_characters_and_turns_controls_into_plain_text():
    transcript = Transcript()
    assert transcript.text(b"HI\x9b\xc1\x00") == "HI\nA♥"
    assert transcript.text(b"\x7dX\x1c\x1d\xfdY\x7eZ\x7f") == "\fXY\bZ\t"
    assert transcript.text(b"\x1b") == ""
    assert transcript.text(b"\x7d\x1b\x1b") == "↰␛"  # ESC shows the next byte, across calls
