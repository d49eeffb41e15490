"""The SAVE/LOAD (.BAS) format: a 7-word header, variable name and value tables, lines.

Header words are offsets from LOMEM: LOMEM (0), VNTP (0x100, after the 256-byte token
buffer), VNTD, VVTP, STMTAB, STMCUR, STARP. The file then holds memory from VNTP to
STARP: the names (last character +0x80, then a 0 byte), 8 bytes per variable, the
program lines, and the immediate line 32768 that held the SAVE command.
"""
from .errors import LoadError, SyntaxProblem
from .lexer import VariableTable, tokenize_statements
from .line import DIRECT_LINE, Line, assemble_line, parse_line_tokens
from .listing import list_line
from .parser import TokenError
from .program import Program
from .statement_table import SYNTAX_ERROR

TOKEN_BUFFER = 0x100
_VARIABLE_TYPE = {"$": 0x80, "(": 0x40}


def _name_table(names):
    table = bytearray()
    for name in names:
        encoded = bytearray(name.encode("ascii"))
        encoded[-1] |= 0x80
        table += encoded
    return bytes(table) + b"\x00"


def _value_table(names):
    return b"".join(bytes([_VARIABLE_TYPE.get(name[-1], 0), number]) + bytes(6)
                    for number, name in enumerate(names))


def _direct_line(save_as):
    variables = VariableTable()
    try:
        statements = tokenize_statements(b'SAVE "' + save_as.encode("latin-1") + b'"', variables)
    except SyntaxProblem as problem:
        raise ValueError("cannot save as %r: %s" % (save_as, problem)) from None
    return assemble_line(DIRECT_LINE, statements)


def tokenize(program, save_as="D:PROGRAM.BAS"):
    """The .BAS bytes an Atari writes for ``SAVE "save_as"`` with this program in memory."""
    names = _name_table(program.variables)
    values = _value_table(program.variables)
    lines = b"".join(line.tokens for line in program.lines)
    direct = _direct_line(save_as)
    vntp = TOKEN_BUFFER
    vntd = vntp + len(names) - 1
    vvtp = vntd + 1
    stmtab = vvtp + len(values)
    stmcur = stmtab + len(lines)
    starp = stmcur + len(direct)
    header = b"".join(word.to_bytes(2, "little")
                      for word in (0, vntp, vntd, vvtp, stmtab, stmcur, starp))
    return header + names + values + lines + direct


def _read_names(table):
    names = []
    current = bytearray()
    for byte in table:
        current.append(byte & 0x7F)
        if byte & 0x80:
            names.append(current.decode("latin-1"))
            current = bytearray()
    return names


def detokenize(data):
    """The Program in .BAS bytes; LoadError when the file is damaged."""
    if len(data) < 14:
        raise LoadError("file too short for a SAVEd BASIC program (ERROR 21)")
    words = [int.from_bytes(data[i:i + 2], "little") for i in range(0, 14, 2)]
    lomem, vntp, vntd, vvtp, stmtab, stmcur, starp = words
    if lomem != 0 or not vntp <= vntd < vvtp <= stmtab <= stmcur < starp:
        raise LoadError("damaged header: its table pointers are out of order (ERROR 21)")

    def block(start, end):
        return data[14 + start - vntp:14 + end - vntp]

    if 14 + starp - vntp > len(data):
        raise LoadError("SAVEd program is truncated (ERROR 21)")
    names = _read_names(block(vntp, vntd))
    if len(names) != (stmtab - vvtp) // 8:
        raise LoadError("variable tables disagree: %d names, %d values"
                        % (len(names), (stmtab - vvtp) // 8))
    program = Program(variables=names)
    statements = block(stmtab, stmcur)
    position = 0
    while position + 3 <= len(statements):
        number = statements[position] | statements[position + 1] << 8
        length = statements[position + 2]
        if number >= DIRECT_LINE or length < 3:
            break
        tokens = bytes(statements[position:position + length])
        try:
            parsed = parse_line_tokens(tokens, names)
        except (TokenError, IndexError) as problem:
            raise LoadError("line %d of the SAVEd program is damaged: %s"
                            % (number, problem)) from None
        line = Line(number, "", tokens, parsed)
        if parsed and parsed[0].token == SYNTAX_ERROR:
            line.error = "syntax error stored in the program"
            program.warnings.append("line %d holds a syntax error" % number)
        line.text = list_line(line, names)[len(str(number)) + 1:]
        program.lines.append(line)
        position += length
    return program
