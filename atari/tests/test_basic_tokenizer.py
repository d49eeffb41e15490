"""Abbreviations, tokens, LIST, and the .BAS SAVE/LOAD format round trip."""
from pathlib import Path

import pytest

from atari.basic import LoadError, detokenize, list_program, load_program, tokenize
from atari.basic.lexer import VariableTable, statement_for, tokenize_statements

LISTINGS = Path(__file__).resolve().parents[1] / "listings"


@pytest.mark.parametrize("text, name", [
    (".", "REM"), ("R.", "REM"), ("D.", "DATA"), ("F.", "FOR"), ("N.", "NEXT"), ("G.", "GOTO"),
    ("GR.", "GRAPHICS"), ("SE.", "SETCOLOR"), ("SO.", "SOUND"), ("POS.", "POSITION"),
    ("POK.", "POKE"), ("REA.", "READ"), ("DI.", "DIM"), ("O.", "OPEN"), ("?", "?"),
    ("PRINTX", "PRINT"), ("GOTO", "GOTO"),
])
def test_abbreviations_pick_the_first_statement_in_table_order(text, name):
    from atari.basic.statement_table import STATEMENT_NAMES
    token, _end = statement_for(text.encode(), 0)
    assert STATEMENT_NAMES[token] == name


def test_listing_expands_abbreviations_and_normalizes_numbers():
    program = load_program(b"10 GR.18:F.I=0TO896:N.I:?#6;1.50,.5:X=1E3\n20 IFX>0THENG.10\n")
    assert list_program(program) == (
        "10 GRAPHICS 18:FOR I=0 TO 896:NEXT I:? #6;1.5,0.5:X=1000\n"
        "20 IF X>0 THEN GOTO 10\n")


def test_tokens_of_a_line():
    variables = VariableTable()
    statements = tokenize_statements(b'A$(2)="X":Q(1,2)=-3', variables)
    assert statements[0] == (0x36, bytes([0x80, 0x37, 0x0E, 0x40, 2, 0, 0, 0, 0, 0x2C, 0x2E,
                                          0x0F, 1, 0x58, 0x14]))
    one, two, three = (bytes([0x0E, 0x40, n, 0, 0, 0, 0]) for n in (1, 2, 3))
    assert statements[1] == (0x36, bytes([0x81, 0x38]) + one + bytes([0x3C]) + two
                             + bytes([0x2C, 0x2D, 0x36]) + three + bytes([0x16]))
    assert variables.names == ["A$", "Q("]


def test_reserved_words_end_variable_names_only_before_symbols():
    program = load_program(b"10 TOTAL=1:IF TOTAL THEN PRINT TOTAL\n")
    assert program.variables == ["TOTAL"] and not program.warnings


def test_bas_header_and_immediate_line():
    program = load_program(b'10 A=1\n20 PRINT "HI"\n')
    data = tokenize(program, save_as="D:TEST.BAS")
    words = [int.from_bytes(data[i:i + 2], "little") for i in range(0, 14, 2)]
    assert words[:2] == [0, 0x100]
    assert len(data) == 14 + words[6] - words[1]
    direct = data[14 + words[5] - 0x100:]
    assert direct[:2] == b"\x00\x80" and b"D:TEST.BAS" in direct


@pytest.mark.parametrize("name", ["WORDLE.LST", "B2048.LST"])
def test_listing_a_tokenized_file_gives_back_the_listing(name):
    program = load_program((LISTINGS / name).read_bytes())
    assert program.warnings == []
    data = tokenize(program)
    again = detokenize(data)
    assert list_program(again) == list_program(program)
    assert load_program(data).variables == program.variables
    relisted = load_program(list_program(program).encode("latin-1"))
    assert tokenize(relisted) == data


def test_damaged_bas_file_is_a_load_error():
    data = bytearray(tokenize(load_program(b"10 PRINT 1\n")))
    data[-12] = 0x99
    with pytest.raises(LoadError):
        detokenize(bytes(data[:-20]))
    with pytest.raises(LoadError):
        load_program(b"\x00\x01\x02garbage")


def test_bas_number_constant_beyond_the_atari_range_is_a_load_error_naming_the_line():
    data = bytearray(tokenize(load_program(b"10 X=1\n")))
    constant = data.index(bytes([0x0E, 0x40, 0x01]))
    data[constant + 1] = 0x7F  # exponent 100**63: beyond 9.99E+97
    with pytest.raises(LoadError, match="line 10 .*number constant"):
        load_program(bytes(data))


def test_bas_file_with_a_damaged_header_says_so():
    data = bytearray(tokenize(load_program(b"10 PRINT 1\n")))
    data[2:4] = b"\xff\xff"  # VNTP beyond every other table
    with pytest.raises(LoadError, match="damaged header"):
        load_program(bytes(data))
    with pytest.raises(LoadError, match="truncated"):
        load_program(bytes(tokenize(load_program(b"10 PRINT 1\n"))[:20]))
