"""E:, S:, K: through OPEN/GET/INPUT, channels and their errors."""

import pytest

from atari.machine import DeviceError, InputExhausted, Machine, NotSimulated, ScriptedKeys

RETURN, BACKSPACE, ESC = 155, 126, 27


def keyboard_machine(text):
    return Machine(keys=ScriptedKeys(text.encode("latin-1")))


def test_k_without_colon_opens_the_keyboard_and_caps_lock_makes_letters_upper_case():
    machine = keyboard_machine("aZ1")
    machine.open(1, 4, 0, b"K")
    assert [machine.get(1) for _ in range(3)] == [ord("A"), ord("Z"), ord("1")]


def test_caps_lock_off_gives_letters_as_typed():
    machine = keyboard_machine("aB")
    machine.poke(702, 0)
    machine.open(1, 4, 0, b"K:")
    assert [machine.get(1), machine.get(1)] == [ord("a"), ord("B")]


def test_special_keys_come_through_as_atascii():
    machine = Machine(keys=ScriptedKeys([RETURN, BACKSPACE, ESC]))
    machine.open(1, 4, 0, b"K:")
    assert [machine.get(1) for _ in range(3)] == [155, 126, 27]


def test_get_with_no_keys_left_raises_input_exhausted():
    machine = keyboard_machine("A")
    machine.open(1, 4, 0, b"K:")
    machine.get(1)
    with pytest.raises(InputExhausted):
        machine.get(1)


def test_input_line_from_editor_edits_and_echoes():
    machine = Machine(keys=ScriptedKeys(b"cax" + bytes([BACKSPACE]) + b"t" + bytes([RETURN])))
    echoed = []
    machine.editor_output = echoed.append
    assert machine.input_line(0) == b"CAT"
    assert b"".join(echoed) == b"CAX\x7eT\x9b"
    assert [machine.peek(40000 + c) for c in range(2, 6)] == [0x23, 0x21, 0x34, 0]


def test_get_from_editor_returns_the_typed_line_byte_by_byte():
    machine = Machine(keys=ScriptedKeys(b"OK" + bytes([RETURN])))
    assert [machine.get(0) for _ in range(3)] == [ord("O"), ord("K"), RETURN]


def test_input_from_keyboard_device_reads_to_return_without_echo():
    machine = Machine(keys=ScriptedKeys(b"12" + bytes([RETURN])))
    machine.open(2, 4, 0, b"K:")
    assert machine.input_line(2) == b"12"
    assert machine.peek(40002) == 0


def test_channel_errors():
    machine = Machine()
    with pytest.raises(DeviceError) as not_open:
        machine.put(3, b"X")
    machine.open(3, 4, 0, b"K:")
    with pytest.raises(DeviceError) as already_open:
        machine.open(3, 4, 0, b"K:")
    with pytest.raises(DeviceError) as read_only:
        machine.put(3, b"X")
    with pytest.raises(DeviceError) as no_device:
        machine.open(4, 4, 0, b"Q:")
    assert [e.value.number for e in (not_open, already_open, read_only, no_device)] == [
        133, 129, 135, 130]
    machine.close(3)
    machine.open(3, 4, 0, b"K:")


def test_disk_and_printer_are_not_simulated():
    machine = Machine()
    with pytest.raises(NotSimulated, match="disk"):
        machine.open(1, 4, 0, b"D1:WORDLE.LST")
    with pytest.raises(NotSimulated, match="printer"):
        machine.open(1, 8, 0, b"P:")


def test_xio_fill_is_not_simulated_but_xio_17_draws():
    machine = Machine()
    machine.graphics(17)
    machine.color(ord("A"))
    machine.plot(0, 0)
    machine.position(2, 0)
    machine.poke(763, ord("B"))
    machine.xio(17, 6, 12, 0, b"S:")
    assert [machine.peek(40480 + c) for c in range(3)] == [0x22, 0x22, 0x22]
    with pytest.raises(NotSimulated, match="XIO 18"):
        machine.xio(18, 6, 0, 0, b"S:")
