"""Strings: DIM, substrings, assignment that extends LEN, the forward-copy fill, ADR."""
import pytest

from atari.tests.test_basic_support import basic_error, printed, run_basic


def test_undimmed_string_is_error_9():
    error = basic_error('10 A$="X"\n')
    assert (error.number, error.line) == (9, 10)


def test_substring_reads():
    source = '10 DIM A$(10):A$="HELLO"\n20 PRINT A$(2);" ";A$(2,3);" ";A$(5,5);LEN(A$)\n'
    assert printed(source) == "ELLO EL O5\n"


@pytest.mark.parametrize("subscript", ["0", "6", "3,2", "2,6"])
def test_bad_substring_reads_are_error_5(subscript):
    error = basic_error('10 DIM A$(10):A$="HELLO":PRINT A$(%s)\n' % subscript)
    assert error.number == 5


def test_assignment_from_a_position_sets_length():
    source = ('10 DIM A$(100):A$="ABCDEFGH"\n20 A$(3)="X":PRINT A$;LEN(A$)\n'
              '30 A$="ABCDEFGH":A$(3,4)="XY":PRINT A$;LEN(A$)\n'
              '40 A$(12)="Z":PRINT LEN(A$)\n')
    assert printed(source) == "ABX3\nABXYEFGH8\n12\n"


def test_assignment_is_cut_to_the_dimension():
    assert printed('10 DIM A$(3):A$="ABCDEF":PRINT A$;LEN(A$)\n') == "ABC3\n"


def test_wordle_style_extension_of_a_70_byte_string():
    source = ('10 DIM Q$(200):Q$="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"\n'
              '20 Q$(71)="BCDEFGH":PRINT LEN(Q$);Q$(70)\n')
    assert printed(source) == "77ABCDEFGH\n"


def test_forward_copy_fill_idiom():
    machine, interpreter = run_basic('10 DIM A$(1000):A$="*":A$(1000)="*":A$(2)=A$\n')
    assert interpreter.variables()["A$"] == [42] * 1000


def test_string_functions():
    source = ('10 DIM A$(20):A$="12.5XY"\n'
              '20 PRINT VAL(A$);" ";ASC(A$);" ";LEN(STR$(-7.25));CHR$(65);STR$(1E10)\n')
    assert printed(source) == "12.5 49 5A1E+10\n"


def test_val_of_non_number_is_error_18():
    error = basic_error('10 PRINT VAL("X")\n')
    assert error.number == 18


def test_strings_hold_any_byte():
    machine, interpreter = run_basic('10 DIM A$(5):A$=CHR$(0):A$(2)=CHR$(255):A$(3)=CHR$(155)\n')
    assert interpreter.variables()["A$"] == [0, 255, 155]


def test_adr_is_a_stable_address_inside_memory():
    machine, interpreter = run_basic(
        '10 DIM A$(10),B$(10):A$="ABCD":X=ADR(A$):Y=ADR(B$):Z=ADR(A$(3))\n20 W=FRE(0)\n')
    values = interpreter.variables()
    assert 0x700 < values["X"] < values["Y"] < 0x9C1F
    assert values["Y"] - values["X"] == 10 and values["Z"] == values["X"] + 2
    assert 0 < values["W"] < 0x9C1F - 0x700


def test_dim_twice_is_error_9():
    error = basic_error("10 DIM A$(5):DIM A$(5)\n")
    assert error.number == 9


def test_adr_of_a_string_constant_points_into_the_program():
    machine, interpreter = run_basic('10 X=ADR("AB")\n20 Y=ADR("AB"):Z=PEEK(0)\n')
    values = interpreter.variables()
    assert 0x700 < values["X"] < values["Y"] < 0x1000
