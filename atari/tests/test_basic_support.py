"""Support for the language tests (no tests here): a small stand-in Machine and helpers."""
from atari.clock import VirtualClock
from atari.errors import NOT_OPEN, DeviceError


class FakeInputExhausted(Exception):
    """Raised when the scripted keys run out."""


class FakeMachine:
    """Records output per channel; K: and E: input come from ``keys``."""

    def __init__(self, keys=b"", rnd=(), stick=()):
        self.memory = bytearray(65536)
        self.memory[201] = 10
        self.output = {}
        self.opened = {}
        self.keys = bytearray(keys)
        self.rnd_values = list(rnd)
        self.stick_values = list(stick)
        self.calls = []
        self.clock = VirtualClock()

    def peek(self, address):
        return self.memory[address]

    def poke(self, address, value):
        self.memory[address] = value

    def put(self, channel, data):
        if channel not in (0, 6) and channel not in self.opened:
            raise DeviceError(NOT_OPEN)
        self.output.setdefault(channel, bytearray()).extend(data)

    def text(self, channel=0):
        return bytes(self.output.get(channel, b"")).replace(b"\x9b", b"\n").decode("latin-1")

    def open(self, channel, aux1, aux2, spec):
        self.opened[channel] = spec

    def close(self, channel):
        self.opened.pop(channel, None)

    def get(self, channel):
        if not self.keys:
            raise FakeInputExhausted()
        return self.keys.pop(0)

    def input_line(self, channel):
        if not self.keys:
            raise FakeInputExhausted()
        end = self.keys.find(b"\n")
        end = len(self.keys) if end < 0 else end
        line = bytes(self.keys[:end])
        del self.keys[:end + 1]
        return line

    def rnd(self):
        return self.rnd_values.pop(0) if self.rnd_values else 0.5

    def stick(self, number):
        return self.stick_values.pop(0) if self.stick_values else 15

    def strig(self, number):
        return 1

    def paddle(self, number):
        return 228

    def ptrig(self, number):
        return 1

    def __getattr__(self, name):
        """graphics, setcolor, sound, position, plot... are recorded."""
        def record(*args):
            self.calls.append((name,) + args)
            return 0
        return record


def run_basic(source, **machine_options):
    """Load and run a listing (str, LF line ends); returns (machine, interpreter)."""
    from atari.basic import load_program
    from atari.basic.interpreter import Interpreter
    machine = FakeMachine(**machine_options)
    interpreter = Interpreter(load_program(source.encode("latin-1")), machine)
    interpreter.run()
    return machine, interpreter


def printed(source, **machine_options):
    """What a program PRINTs on the screen (E:), with 0x9B shown as newlines."""
    machine, _interpreter = run_basic(source, **machine_options)
    return machine.text()


def basic_error(source, **machine_options):
    """The BasicError a program stops with (fails the test if it does not stop with one)."""
    from atari.basic import BasicError
    try:
        run_basic(source, **machine_options)
    except BasicError as error:
        return error
    raise AssertionError("the program did not stop with a BASIC error")
