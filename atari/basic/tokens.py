"""Atari BASIC's operator and function tokens (Rev C); statement tokens are in
statement_table.py.

Token values, names and precedences follow the Atari BASIC Source Book's OPNTAB and
OPRTAB tables.
"""

# Operand tokens
NUMBER = 0x0E
STRING = 0x0F

# Operator tokens 0x12.. (OPNTAB order; entry n has token n + 0x10)
COMMA, DOLLAR, END_STATEMENT, SEMICOLON, END_LINE = 0x12, 0x13, 0x14, 0x15, 0x16
GOTO, GOSUB, TO, STEP, THEN, HASH = 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C
LE, NE, GE, LT, GT, EQ = 0x1D, 0x1E, 0x1F, 0x20, 0x21, 0x22
POWER, MULTIPLY, PLUS, MINUS, DIVIDE = 0x23, 0x24, 0x25, 0x26, 0x27
NOT, OR, AND, LEFT_PAREN, RIGHT_PAREN = 0x28, 0x29, 0x2A, 0x2B, 0x2C
NUMERIC_ASSIGN, STRING_ASSIGN = 0x2D, 0x2E
STRING_LE, STRING_NE, STRING_GE, STRING_LT, STRING_GT, STRING_EQ = range(0x2F, 0x35)
UNARY_PLUS, UNARY_MINUS = 0x35, 0x36
STRING_PAREN, ARRAY_PAREN, DIM_ARRAY_PAREN, FUNCTION_PAREN, DIM_STRING_PAREN = range(0x37, 0x3C)
ARRAY_COMMA = 0x3C

FUNCTION_NAMES = (
    "STR$", "CHR$", "USR", "ASC", "VAL", "LEN", "ADR", "ATN", "COS", "PEEK", "SIN",
    "RND", "FRE", "EXP", "LOG", "CLOG", "SQR", "SGN", "ABS", "INT", "PADDLE", "STICK",
    "PTRIG", "STRIG",
)
FIRST_FUNCTION = 0x3D
FUNCTION = {name: FIRST_FUNCTION + i for i, name in enumerate(FUNCTION_NAMES)}
STRING_FUNCTIONS = (FUNCTION["STR$"], FUNCTION["CHR$"])          # number -> string
STRING_ARGUMENT_FUNCTIONS = (FUNCTION["ASC"], FUNCTION["VAL"],   # string -> number
                             FUNCTION["ADR"], FUNCTION["LEN"])
FIRST_NUMERIC_FUNCTION = FUNCTION["ATN"]                         # number -> number, ATN..STRIG

# OPNTAB: the name of each operator token as LIST prints it ('' prints nothing).
OPERATOR_NAMES = {
    0x10: '"', 0x11: "", COMMA: ",", DOLLAR: "$", END_STATEMENT: ":", SEMICOLON: ";",
    END_LINE: "", GOTO: "GOTO", GOSUB: "GOSUB", TO: "TO", STEP: "STEP", THEN: "THEN",
    HASH: "#", LE: "<=", NE: "<>", GE: ">=", LT: "<", GT: ">", EQ: "=", POWER: "^",
    MULTIPLY: "*", PLUS: "+", MINUS: "-", DIVIDE: "/", NOT: "NOT", OR: "OR", AND: "AND",
    LEFT_PAREN: "(", RIGHT_PAREN: ")", NUMERIC_ASSIGN: "=", STRING_ASSIGN: "=",
    STRING_LE: "<=", STRING_NE: "<>", STRING_GE: ">=", STRING_LT: "<", STRING_GT: ">",
    STRING_EQ: "=", UNARY_PLUS: "+", UNARY_MINUS: "-", STRING_PAREN: "(", ARRAY_PAREN: "",
    DIM_ARRAY_PAREN: "", FUNCTION_PAREN: "(", DIM_STRING_PAREN: "(", ARRAY_COMMA: ",",
}
OPERATOR_NAMES.update({token: name for name, token in FUNCTION.items()})
LAST_TOKEN = FIRST_FUNCTION + len(FUNCTION_NAMES) - 1

# The names the tokenizer looks for, in OPNTAB order (first match wins).
SEARCHABLE_OPERATORS = tuple((name, token) for token, name in sorted(OPERATOR_NAMES.items())
                             if token >= COMMA and name and token != END_LINE)

# Binary operator precedence (OPRTAB: all binary operators go on and come off the
# stack at the same level, so equal levels associate to the left).
BINARY_PRECEDENCE = {
    OR: 5, AND: 6, LE: 8, NE: 8, GE: 8, LT: 8, GT: 8, EQ: 8,
    PLUS: 9, MINUS: 9, MULTIPLY: 10, DIVIDE: 10, POWER: 12,
}
NUMERIC_COMPARISONS = (LE, NE, GE, LT, GT, EQ)
STRING_COMPARISONS = (STRING_LE, STRING_NE, STRING_GE, STRING_LT, STRING_GT, STRING_EQ)
TO_STRING_COMPARISON = dict(zip(NUMERIC_COMPARISONS, STRING_COMPARISONS))
UNARY_OPERATORS = (UNARY_PLUS, UNARY_MINUS, NOT)
