"""The virtual clock: statement costs, frames, RTCLOK and the attract-mode counter,
and the terminal's pace."""
import pytest

from atari.basic import load_program
from atari.basic.interpreter import Interpreter
from atari.clock import CYCLES_PER_FRAME, FRAME_HZ, VirtualClock
from atari.frontends.terminal import TerminalSession
from atari.machine import Machine, ScriptedKeys
from atari.tests.test_cli_terminal import FakeClock, FakeTerminal

SIEVE = "benchmarks/SIEVE.LST"


def run(source, machine=None):
    machine = machine or Machine()
    machine.editor_output = lambda data: None
    Interpreter(load_program(source.encode("latin-1")), machine).run()
    return machine


def test_frames_come_every_262_lines_of_114_cycles():
    frames = []
    clock = VirtualClock(lambda: frames.append(clock.cycles))
    clock.advance(CYCLES_PER_FRAME * 3 - 1)
    assert len(frames) == 2
    clock.advance(1)
    assert len(frames) == 3 and FRAME_HZ == pytest.approx(59.92, abs=0.01)


def test_rtclock_counts_frames_and_attract_advances_every_256():
    """OS source listing, IVNM: INC RTCLOK+2; on wrap INC ATRACT and RTCLOK+1; once
    ATRACT passes 127 it is held at $FE."""
    machine = Machine()
    machine.clock.advance(CYCLES_PER_FRAME * (256 * 3 + 5))
    assert [machine.peek(a) for a in (18, 19, 20)] == [0, 3, 5]
    assert machine.peek(77) == 3
    machine.poke(77, 127)
    machine.clock.advance(CYCLES_PER_FRAME * 256)
    assert machine.peek(77) == 0xFE


def test_a_key_press_ends_attract_mode():
    machine = Machine(keys=ScriptedKeys(b"A"))
    machine.poke(77, 0xFE)
    machine.read_key()
    assert machine.peek(77) == 0


def test_a_program_sees_the_clock_move():
    machine = run("10 A=PEEK(20):FOR I=1 TO 300:NEXT I:B=PEEK(20)\n"
                  "20 POKE 1536,B-A+256*(B<A)\n")
    frames = machine.peek(1536)
    assert 10 < frames < 200
    assert frames == pytest.approx(machine.clock.seconds * FRAME_HZ, abs=2)


def test_line_searches_cost_more_for_lines_further_down():
    """GOTO finds its line by walking the program from the top (GETSTMT)."""
    near = run("10 GOTO 20\n20 END\n" + "".join(f"{n} REM\n" for n in range(30, 500, 10)))
    far = run("10 GOTO 500\n" + "".join(f"{n} REM\n" for n in range(20, 500, 10)) + "500 END\n")
    assert far.clock.cycles > near.clock.cycles + 40 * 65


def test_the_sieve_takes_the_317_seconds_of_a_real_atari_800():
    """The calibration (costs.py): BYTE's sieve, 317 s on an Atari 800 (COMPUTE! 57)."""
    with open(SIEVE, "rb") as stream:
        program = load_program(stream.read())
    machine = Machine()
    machine.editor_output = lambda data: None
    Interpreter(program, machine).run()
    assert machine.clock.seconds == pytest.approx(317, rel=0.01)
    frames = machine.peek(19) * 256 + machine.peek(20)
    assert frames == pytest.approx(317 * FRAME_HZ, rel=0.01)


class PassingTerminal(FakeTerminal):
    """A terminal whose reads take the time they are given on the fake clock."""

    def __init__(self, clock):
        super().__init__()
        self.clock = clock

    def read(self, timeout):
        self.clock.now += timeout
        return b""


@pytest.mark.parametrize("speed, wall", [(1.0, 2.0), (4.0, 0.5), (None, 0.0)])
def test_the_terminal_keeps_the_atari_pace_or_a_multiple_or_none(speed, wall):
    clock = FakeClock()
    machine = Machine()
    TerminalSession(machine, "T", PassingTerminal(clock), clock, speed=speed)
    machine.clock.advance_seconds(2.0)
    assert clock.now == pytest.approx(wall, abs=0.05)


class KeyLaterTerminal(PassingTerminal):
    """The player presses a key `at` seconds on the fake clock."""

    def __init__(self, clock, at):
        super().__init__(clock)
        self.at, self.pressed = at, False

    def read(self, timeout):
        super().read(timeout)
        if self.clock.now >= self.at and not self.pressed:
            self.pressed = True
            return b"A"
        return b""


def test_a_key_after_a_long_wait_is_taken_at_once_and_the_pace_goes_on_from_there():
    """While GET waits the virtual clock follows the wall clock; catching it up must not
    make the player wait the same time again, one frame at a time."""
    clock = FakeClock()
    machine = Machine()
    session = TerminalSession(machine, "T", KeyLaterTerminal(clock, at=8.0), clock, speed=1.0)
    machine.clock.advance_seconds(0.5)
    assert session.read_key() == ord("A")
    pressed = clock.now
    assert pressed == pytest.approx(8.0, abs=0.1)
    assert machine.clock.seconds == pytest.approx(pressed, abs=0.1)
    machine.clock.advance_seconds(1.0)
    assert clock.now == pytest.approx(pressed + 1.0, abs=0.05)
