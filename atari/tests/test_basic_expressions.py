"""Operator precedence, comparisons and logic, as Rev C evaluates them."""
import pytest

from atari.tests.test_basic_support import printed


@pytest.mark.parametrize("expression, value", [
    ("2^3^4", "4096"),           # ^ is left-associative
    ("-2^2", "4"),               # unary minus binds tighter than ^
    ("2^-2", "0.25"),
    ("2+3*4", "14"),
    ("(2+3)*4", "20"),
    ("10-4-3", "3"),
    ("100/10/5", "2"),
    ("1+2=3", "1"),              # comparisons below arithmetic, giving 1/0
    ("3>2>1", "0"),              # (3>2)=1, 1>1 is 0
    ("NOT 0", "1"),
    ("1 OR 0 AND 0", "1"),       # AND before OR
    ("(1 OR 0) AND 0", "0"),
    ("5 AND 7", "1"),
])
def test_precedence(expression, value):
    assert printed("10 PRINT %s\n" % expression) == value + "\n"


@pytest.mark.parametrize("expression, value", [
    ("NOT 1=2", "0"),            # (NOT 1)=2
    ("NOT 2+3", "3"),            # (NOT 2)+3
    ("NOT 1=0", "1"),            # (NOT 1)=0
    ("1=NOT 0", "1"),            # NOT goes on the stack above the comparison
    ("NOT NOT 5", "1"),
])
def test_not_binds_like_unary_minus_in_rev_c(expression, value):
    """Atari BASIC Source Book, OPRTAB: NOT is $77 (between the comparisons, $88, and
    AND, $66) in Rev A, and $DD, the precedence of unary minus, in Rev B and C. Checked
    on the ROMs: the Source Book listing with its revision branches
    (thinkyhead/6502-Tools, AtariBasic-Source-Book) assembles with ca65 to files whose
    MD5s are the real Rev A and Rev C ROMs' (a4dc5253..., 0bac0c6a...), and the byte
    at $AC4D in Rev C is $DD ($77 at $AC57 in Rev A). The Reference Manual's table and
    Altirra BASIC follow Rev A: PRINT NOT 1=2 gives 1 there."""
    assert printed("10 PRINT %s\n" % expression) == value + "\n"


@pytest.mark.parametrize("expression, value", [
    ("1 AND 0.5", "0"),          # exponent bytes $40 AND $3F = 0
    ("100 AND 1", "1"),          # $41 AND $40 = $40
    ("0.5 AND 0.25", "1"),       # $3F AND $3F
    ("1 OR 0.5", "1"),
    ("0 OR 0", "0"),
])
def test_and_or_test_the_exponent_bytes(expression, value):
    """Atari BASIC Source Book, XPAND and XPOR: LDA FR0 / AND FR1 (ORA FR1), then
    true when the result is not zero. FR0 and FR1 are the exponent bytes, so 1 AND 0.5
    ($40 AND $3F) is false. (Altirra BASIC tests the values and gives 1.)"""
    assert printed("10 PRINT %s\n" % expression) == value + "\n"


def test_string_comparisons_give_one_or_zero():
    source = ('10 DIM A$(5),B$(5):A$="ABC":B$="ABD"\n'
              '20 PRINT A$<B$;A$="ABC";"AB"<A$;A$>B$;NOT A$=B$\n')
    assert printed(source) == "11101\n"


def test_comparison_result_used_as_number():
    assert printed("10 K=70:V=(K>63)*(K<91)\n20 PRINT V*(K+160)+(1-V)*128\n") == "230\n"
