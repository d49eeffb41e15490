"""What running a statement costs on an Atari 800, in 6502 cycles, for the virtual clock.

The model follows how the ROM does the work (Atari BASIC Source Book; the OS floating
point package): every statement is dispatched from the statement table; every
expression is evaluated token by token on the argument and operator stacks, each
number an 8-byte copy, each operator a precedence check plus its math-pack routine;
GOTO, GOSUB, NEXT and RETURN find their line by searching the program from the top,
line by line; PRINT puts each character through CIO. The figures are cycle counts of
those routines as estimated from the listings, all scaled by one factor, CALIBRATION,
chosen so the BYTE sieve (benchmarks/SIEVE.LST) takes the 317 s it took on an Atari
800 (BYTE, September 1981, as quoted by Bill Wilkinson in COMPUTE! 57, February 1985).
benchmarks/atari_sieve.py reports how close other published timings come.
"""
from dataclasses import fields, is_dataclass

from . import nodes as N
from . import tokens as T

# Fitted so the sieve runs 317 virtual seconds: the estimates below come to 2,555 cycles
# for the sieve's average statement, the Atari took 6,600 (317 s for its 85,893
# statements). The factor absorbs the cycles ANTIC takes from the 6502 for the display
# (about a quarter in GRAPHICS 0) and what the estimates leave out (FPI and FADD on the
# original math pack cost more than their loops suggest).
CALIBRATION = 2.585

STATEMENT = 300          # EXECNS: break test, next statement, dispatch through STETAB
NEW_LINE = 200           # EXECNL: line number, length and end of the statement table
LINE_SEARCH = 300        # GETSTMT: set up; then per line passed over:
LINE_SEARCH_PER_LINE = 65
PUT_CHARACTER = 1200     # one character through CIO to E: or S:

CONSTANT = 150           # GETTOKEN, six BCD bytes to FR0, ARGPUSH
STRING_CONSTANT = 200
VARIABLE = 200           # GVVTADR and the variable's 8 bytes, ARGPUSH
OPERATOR = 250           # precedence test, operator stack, ARGP2 / ARGPUSH
SUBSCRIPT = 700          # an index: FPI and the range checks (XPALPRN, XPSLPRN)
FUNCTION_CALL = 250

BINARY = {
    T.PLUS: 700, T.MINUS: 700,                       # FADD / FSUB
    T.MULTIPLY: 4000, T.DIVIDE: 7000,                # FMUL / FDIV: repeated BCD adds
    T.POWER: 180000,                                 # EXP(LOG(a)*b) and its rounding
    T.AND: 150, T.OR: 150,
}
COMPARISON = 800                                     # FSUB and the flags (XCMP)
STRING_COMPARISON = 900
UNARY = {T.UNARY_MINUS: 100, T.UNARY_PLUS: 0, T.NOT: 150}
FUNCTION = {
    "SQR": 100000, "EXP": 80000, "LOG": 90000, "CLOG": 95000, "SIN": 120000,
    "COS": 120000, "ATN": 150000, "RND": 3000, "INT": 800, "ABS": 50, "SGN": 150,
    "PEEK": 600, "FRE": 800, "STICK": 600, "STRIG": 600, "PADDLE": 600, "PTRIG": 600,
    "USR": 1000, "ASC": 700, "LEN": 700, "VAL": 3000, "ADR": 500, "STR$": 3000,
    "CHR$": 800,
}
_FUNCTION_CYCLES = {T.FUNCTION[name]: cycles for name, cycles in FUNCTION.items()}


def expression_cycles(node):
    """Cycles to evaluate an expression node, or every expression in a statement's
    fields, lists and DIM entries (numbers, bytes and tokens cost nothing)."""
    kind = type(node)
    if kind is N.Number:
        return CONSTANT
    if kind is N.String:
        return STRING_CONSTANT
    if kind is N.NumericVariable:
        return VARIABLE
    if kind is N.ArrayElement or kind is N.StringVariable:
        indexes = [index for index in (node.first, node.second) if index is not None]
        return VARIABLE + sum(SUBSCRIPT + expression_cycles(index) for index in indexes)
    if kind is N.Unary:
        return OPERATOR + UNARY[node.operator] + expression_cycles(node.operand)
    if kind is N.Binary:
        math = BINARY.get(node.operator, COMPARISON)
        return OPERATOR + math + expression_cycles(node.left) + expression_cycles(node.right)
    if kind is N.StringComparison:
        return (OPERATOR + STRING_COMPARISON + expression_cycles(node.left)
                + expression_cycles(node.right))
    if kind is N.Call:
        return (FUNCTION_CALL + _FUNCTION_CYCLES[node.function]
                + sum(expression_cycles(argument) for argument in node.arguments))
    if kind is list:
        return sum(expression_cycles(item) for item in node)
    if is_dataclass(node):
        return sum(expression_cycles(getattr(node, field.name)) for field in fields(node))
    return 0


def statement_cycles(spec, statement, starts_line):
    """The fixed cost of one statement: dispatch, its own work (the statement table's
    cycles), its expressions, and the start of a line when it is the first."""
    cycles = STATEMENT + spec.cycles + expression_cycles(statement)
    if starts_line:
        cycles += NEW_LINE
    return int(cycles * CALIBRATION)


def line_search_cycles(line_index):
    """Finding the line that is ``line_index``-th in the program (GOTO, NEXT...)."""
    return int((LINE_SEARCH + LINE_SEARCH_PER_LINE * line_index) * CALIBRATION)


def output_cycles(characters):
    return int(PUT_CHARACTER * characters * CALIBRATION)
