"""BCD numbers: truncation, PRINT/STR$ formatting, conversion to integers."""
import pytest

from atari.basic import BasicError
from atari.basic import numbers as N
from atari.tests.test_basic_support import basic_error, printed


@pytest.mark.parametrize("expression, text", [
    ("1/3", "0.333333333"),          # PRINT drops the tenth digit (Rev C): see below
    ("1/3*3", "0.999999999"),        # truncation, not rounding
    ("2/3", "0.666666666"),
    ("0.01", "0.01"),
    ("0.001", "1.0E-03"),            # E notation below 0.01 (odd exponent: see below)
    ("1E10", "1E+10"),               # and from 1E10
    ("9999999999", "9999999990"),
    ("123456*1000000", "1.23456E+11"),
    ("-1.5E-05", "-1.5E-05"),
    ("0.5", "0.5"),
    ("100", "100"),
    ("10/4", "2.5"),
])
def test_print_formats_numbers_as_the_atari(expression, text):
    assert printed("10 PRINT %s\n" % expression) == text + "\n"


def test_print_drops_the_tenth_digit_but_str_keeps_it():
    """Atari BASIC Source Book, XPRINT: Rev B and C clear the low digit of FR0+5 before
    CVFASC when the first mantissa byte is $10 or more (in the Rev C ROM, rebuilt from
    the Source Book to its MD5: LDA FR0+1 / CMP #$10 / ... / AND #$F0 / STA FR0+5 at
    $B406-$B410); XPSTR calls CVFASC on the value as it is. So the two do differ in
    Rev C."""
    assert printed("10 PRINT 1/3;\" \";STR$(1/3)\n") == "0.333333333 0.3333333333\n"
    assert printed("10 PRINT 1234567891;\" \";STR$(1234567891)\n") == (
        "1234567890 1234567891\n")
    assert printed("10 PRINT 2/3*10\n") == "6.66666666\n"     # first byte 06: nine digits


@pytest.mark.parametrize("expression, text", [
    ("1E11", "1.0E+11"), ("0.001", "1.0E-03"), ("1E-05", "1.0E-05"), ("-1E11", "-1.0E+11"),
    ("3E13", "3.0E+13"), ("1.23E11", "1.23E+11"),
    ("1E10", "1E+10"), ("1E12", "1E+12"), ("1E-04", "1E-04"), ("2.5E-04", "2.5E-04"),
])
def test_odd_exponents_keep_one_decimal(expression, text):
    """The Atari OS floating point package's FASC (OS source listing, "object
    unchanged" edition of 11/01/83): in E format the digits are written as dd.dddddddd,
    FNZ finds the last non-zero digit (the one before the point if only zeros follow
    it), and when the first character is not "0" the point is swapped one place left
    and the end moved past the digit it now precedes: "10." becomes "1.0", so an odd
    exponent keeps one decimal and an even one ("01." -> "1") does not. AltirraOS
    documents the same as a quirk it reproduces. LIST and STR$ use the same routine."""
    assert printed("10 PRINT %s;\" \";STR$(%s)\n" % (expression, expression)) == (
        "%s %s\n" % (text, text))


def test_results_are_truncated_to_the_bcd_grid():
    assert N.format_number(N.divide(2, 3)) == "0.6666666666"
    assert N.format_number(N.divide(20, 3)) == "6.66666666"      # nine digits: first byte 06
    assert N.add(N.divide(1, 3), N.divide(2, 3)) == N.parse_number(b"0.9999999999")[0]


def test_six_byte_form_round_trips():
    for text in (b"1", b"100", b"0.5", b"-123.456", b"1E-50", b"9.99E97"):
        value = N.parse_number(text, allow_sign=True)[0]
        assert N.from_bcd(N.to_bcd(value)) == value
    assert N.to_bcd(1) == bytes.fromhex("400100000000")
    assert N.to_bcd(N.parse_number(b"-0.5", allow_sign=True)[0]) == bytes.fromhex("bf5000000000")


@pytest.mark.parametrize("value, expected", [("0.5", 1), ("1.49", 1), ("2.5", 3), ("65535.4", 65535)])
def test_conversion_to_integer_rounds_to_nearest(value, expected):
    assert N.to_integer(N.parse_number(value.encode())[0]) == expected


@pytest.mark.parametrize("value", ["-1", "65535.5", "70000"])
def test_conversion_outside_0_to_65535_is_error_3(value):
    with pytest.raises(BasicError) as raised:
        N.to_integer(N.parse_number(value.encode(), allow_sign=True)[0])
    assert raised.value.number == 3


def test_int_is_floor_and_chr_rounds():
    assert printed("10 PRINT INT(-0.4);\" \";INT(3.7);\" \";ASC(CHR$(65.5))\n") == "-1 3 66\n"


def test_overflow_and_division_by_zero_are_error_11():
    error = basic_error("10 X=1E90*1E10\n")
    assert (error.number, error.line) == (11, 10)
    error = basic_error("10 X=0\n20 PRINT 1/X\n")
    assert (error.number, error.line) == (11, 20)


@pytest.mark.parametrize("expression", ["9.99E97^16", "(-2)^9999", "10^98"])
def test_a_power_far_beyond_the_range_is_error_11(expression):
    error = basic_error("10 X=%s\n" % expression)
    assert (error.number, error.line) == (11, 10)


@pytest.mark.parametrize("text", [b"21E999", b"1E9911", b"1E-99999", b"5E99999999999"])
def test_a_number_whose_exponent_is_far_out_of_range_is_not_a_number(text):
    """AFP fails on it (no number there), so a listing holding it is a syntax error
    line and VAL of it is ERROR 18, not a Python decimal exception."""
    assert N.parse_number(text) is None or N.parse_number(text)[0] == 0
