"""Atari 6-byte BCD floating point, as the OS math package computes it.

A number is an exponent byte (sign bit, power of 100 biased by 64) and five BCD
bytes (ten digits), the first of them the integer part: 1 is 40 01 00 00 00 00.
So a number keeps ten digits when its first byte is 10..99 and nine when it is
1..9, and every result is truncated (not rounded) to that grid.

Values are kept as Python ``int`` while they are whole numbers below 10**10 (exact
in BCD, and fast), otherwise as a ``decimal.Decimal`` already truncated to the grid.
"""
import decimal
import math
from decimal import Decimal

from atari.errors import OVERFLOW, VALUE_ERROR

from .errors import BasicError

INT_LIMIT = 10 ** 10
_CONTEXT = decimal.Context(prec=40, rounding=decimal.ROUND_DOWN, Emin=-999, Emax=999)
_HALF = Decimal("0.5")


def _power_of_100(value):
    """Exponent e such that value = b1.b2b3b4b5 * 100**e with b1 in 1..99."""
    return value.adjusted() // 2


def normalize(value):
    """Truncate an exact ``Decimal`` to the BCD grid; ``int`` when whole and small.

    Raises ERROR 11 when the magnitude is beyond 9.99E+97; tiny values become 0.
    """
    if not value:
        return 0
    adjusted = value.adjusted()
    exponent = adjusted // 2
    if exponent > 48:
        raise BasicError(OVERFLOW)
    if exponent < -49:
        return 0
    last_digit = adjusted - 9 if adjusted % 2 else adjusted - 8
    value = value.quantize(Decimal((0, (1,), last_digit)), rounding=decimal.ROUND_DOWN,
                           context=_CONTEXT)
    if adjusted < 10 and value == value.to_integral_value():
        return int(value)
    return value


def to_decimal(value):
    """Exact ``Decimal`` of a BASIC number."""
    return value if type(value) is Decimal else Decimal(value)


def from_float(value):
    """A BASIC number from a Python float (results of SIN, LOG, RND...)."""
    if math.isinf(value) or math.isnan(value):
        raise BasicError(OVERFLOW)
    return normalize(Decimal(repr(value)))


def _grid_exponent(value):
    """Exponent of 10 of the last digit a BCD number of this size can hold."""
    adjusted = value.adjusted()
    return adjusted - 9 if adjusted % 2 else adjusted - 8


def add(a, b):
    """a + b as FADD does it: the smaller operand loses digits below the larger's grid."""
    if type(a) is int and type(b) is int:
        total = a + b
        if -INT_LIMIT < total < INT_LIMIT:
            return total
    a, b = to_decimal(a), to_decimal(b)
    if not a:
        return normalize(b)
    if not b:
        return normalize(a)
    big, small = (a, b) if abs(a) >= abs(b) else (b, a)
    # FADD shifts the smaller mantissa right by whole bytes, dropping what falls off
    grid = _grid_exponent(big)
    small = small.quantize(Decimal((0, (1,), grid)), rounding=decimal.ROUND_DOWN,
                           context=_CONTEXT) if small.adjusted() >= grid else Decimal(0)
    return normalize(_CONTEXT.add(big, small))


def subtract(a, b):
    """a - b."""
    return add(a, negate(b))


def negate(a):
    """-a (unary minus)."""
    return -a


def multiply(a, b):
    """a * b, truncated to the BCD grid."""
    if type(a) is int and type(b) is int:
        product = a * b
        if -INT_LIMIT < product < INT_LIMIT:
            return product
    return normalize(_CONTEXT.multiply(to_decimal(a), to_decimal(b)))


def divide(a, b):
    """a / b, truncated; dividing by zero is ERROR 11."""
    if not b:
        raise BasicError(OVERFLOW)
    if type(a) is int and type(b) is int and a % b == 0:
        return a // b
    return normalize(_CONTEXT.divide(to_decimal(a), to_decimal(b)))


def power(base, exponent):
    """base ^ exponent as Rev C computes it (whole powers of whole numbers are exact)."""
    if not exponent:
        return 1
    if not base:
        if exponent < 0:
            raise BasicError(VALUE_ERROR)
        return 0
    whole_exponent = exponent == int(exponent)
    if base < 0 and not whole_exponent:
        raise BasicError(VALUE_ERROR)
    if whole_exponent and abs(exponent) < 10000:
        try:
            exact = _CONTEXT.power(to_decimal(base), int(exponent))
        except decimal.Overflow:  # far beyond the Atari's range, e.g. 9.99E97^16
            raise BasicError(OVERFLOW) from None
        if exact.adjusted() // 2 > 48:
            raise BasicError(OVERFLOW)
        return normalize(exact)
    try:
        return from_float(float(base) ** float(exponent))
    except OverflowError:
        raise BasicError(OVERFLOW) from None


def exponent_byte(value):
    """The first byte of the 6-byte form: sign bit and power of 100 biased by 64."""
    if not value:
        return 0
    return (0x80 if value < 0 else 0) | (64 + _power_of_100(to_decimal(value)))


def logical_and(a, b):
    """AND as the ROM does it: the exponent bytes are ANDed (so 1 AND 0.5 is 0)."""
    if type(a) is int and type(b) is int and 0 < a < 100 and 0 < b < 100:
        return 1
    return 1 if exponent_byte(a) & exponent_byte(b) else 0


def floor(value):
    """INT: the largest whole number not above value (INT(-0.4) = -1)."""
    if type(value) is int:
        return value
    return normalize(value.to_integral_value(rounding=decimal.ROUND_FLOOR))


def sign(value):
    """SGN."""
    return (value > 0) - (value < 0)


def to_integer(value):
    """Conversion to a 2-byte integer (FPI): rounds to nearest; outside 0..65535 is ERROR 3."""
    if type(value) is int:
        if 0 <= value <= 65535:
            return value
        raise BasicError(VALUE_ERROR)
    if value < 0:
        raise BasicError(VALUE_ERROR)
    result = int((value + _HALF).to_integral_value(rounding=decimal.ROUND_FLOOR))
    if result > 65535:
        raise BasicError(VALUE_ERROR)
    return result


def digits(value):
    """(negative, power of 100, ten mantissa digits as a string) of a nonzero number."""
    value = to_decimal(value)
    exponent = _power_of_100(value)
    scaled = abs(value).scaleb(-2 * exponent + 8, context=_CONTEXT)
    mantissa = int(scaled.to_integral_value(rounding=decimal.ROUND_DOWN))
    return value < 0, exponent, "%010d" % mantissa


def format_number(value, trim_tenth_digit=False):
    """The text CVFASC makes of a number (STR$); PRINT trims a tenth digit first."""
    if not value:
        return "0"
    if type(value) is int and -INT_LIMIT // 10 < value < INT_LIMIT // 10:
        return str(value)
    negative, exponent, mantissa = digits(value)
    if trim_tenth_digit and mantissa[0] != "0":
        mantissa = mantissa[:9] + "0"
    text = _fixed(exponent, mantissa) if -1 <= exponent <= 4 else _scientific(exponent, mantissa)
    return "-" + text if negative else text


def _fixed(exponent, mantissa):
    point = 2 * (exponent + 1)
    whole = mantissa[:point].lstrip("0") or "0"
    fraction = mantissa[point:].rstrip("0")
    return whole + "." + fraction if fraction else whole


def _scientific(exponent, mantissa):
    """m.mmmmE+nn. FASC puts the point after the first BCD byte and moves it one digit
    left when that byte has two digits, after trimming zeros: so an odd exponent always
    keeps one decimal (1.0E+11, 1.0E-03) and an even one does not (1E+10)."""
    decimal_exponent = 2 * exponent + 1
    keep = "0"
    if mantissa[0] == "0":
        mantissa = mantissa[1:]
        decimal_exponent -= 1
        keep = ""
    fraction = mantissa[1:].rstrip("0") or keep
    text = mantissa[0] + ("." + fraction if fraction else "")
    return "%sE%s%02d" % (text, "-" if decimal_exponent < 0 else "+", abs(decimal_exponent))


def print_text(value):
    """The text PRINT shows for a number (Rev C drops the tenth significant digit)."""
    return format_number(value, trim_tenth_digit=True)


def parse_number(text, position=0, allow_sign=False, skip_blanks=True):
    """Read a number as AFP does, from bytes ``text`` at ``position``.

    Returns (value, position after it), or None when there is no number there
    (or it is out of range).
    """
    end = len(text)
    i = position
    if skip_blanks:
        while i < end and text[i] == 0x20:
            i += 1
    start = i
    if allow_sign and i < end and text[i] in b"+-":
        i += 1
    digits_start = i
    while i < end and 0x30 <= text[i] <= 0x39:
        i += 1
    if i < end and text[i] == 0x2E:
        i += 1
        while i < end and 0x30 <= text[i] <= 0x39:
            i += 1
    mantissa_text = text[digits_start:i]
    if not any(0x30 <= c <= 0x39 for c in mantissa_text):
        return None
    exponent = 0
    if i < end and text[i] == 0x45:
        j = i + 1
        if j < end and text[j] in b"+-":
            j += 1
        k = j
        while k < end and 0x30 <= text[k] <= 0x39:
            k += 1
        if k > j:
            exponent = int(text[i + 1:k])
            i = k
    try:
        value = Decimal(mantissa_text.decode("ascii")).scaleb(exponent, context=_CONTEXT)
        if text[start:start + 1] == b"-":
            value = -value
        return normalize(value), i
    except (BasicError, decimal.Overflow, decimal.InvalidOperation):
        return None


def to_bcd(value):
    """The six bytes of a number as stored in tokenized programs and variables."""
    if not value:
        return bytes(6)
    negative, exponent, mantissa = digits(value)
    first = (0x80 if negative else 0) | (exponent + 64)
    return bytes([first] + [int(mantissa[i:i + 2], 16) for i in range(0, 10, 2)])


def from_bcd(data):
    """A number from six stored bytes; None when the bytes are not valid BCD or the
    exponent is outside the Atari's range."""
    if data[0] == 0 and not any(data[1:6]):
        return 0
    text = "".join("%02X" % byte for byte in data[1:6])
    if not text.isdigit() or text[:2] == "00":
        return None
    value = Decimal(int(text)).scaleb(2 * ((data[0] & 0x7F) - 64) - 8, context=_CONTEXT)
    try:
        return normalize(-value if data[0] & 0x80 else value)
    except BasicError:
        return None
