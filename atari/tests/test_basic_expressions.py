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
    ("NOT 2+3", "3"),            # (NOT 2)+3
    ("NOT 1=0", "1"),            # NOT binds like unary minus: (NOT 1)=0, that is 0=0
    ("1 OR 0 AND 0", "1"),       # AND before OR
    ("(1 OR 0) AND 0", "0"),
    ("5 AND 7", "1"),
    ("1 AND 0.5", "0"),          # the ROM ANDs exponent bytes
])
def test_precedence(expression, value):
    assert printed("10 PRINT %s\n" % expression) == value + "\n"


def test_string_comparisons_give_one_or_zero():
    source = ('10 DIM A$(5),B$(5):A$="ABC":B$="ABD"\n'
              '20 PRINT A$<B$;A$="ABC";"AB"<A$;A$>B$;NOT A$=B$\n')
    assert printed(source) == "11101\n"


def test_comparison_result_used_as_number():
    assert printed("10 K=70:V=(K>63)*(K<91)\n20 PRINT V*(K+160)+(1-V)*128\n") == "230\n"
