"""TRAP, PEEK(195) and PEEK(186/187), error messages, syntax-error lines, not-simulated statements."""
import pytest

from atari.basic import BasicError, NotSimulated, load_program
from atari.tests.test_basic_support import basic_error, printed, run_basic


def test_trap_jumps_with_error_number_and_line_in_memory():
    source = ("10 TRAP 100\n20 DIM A(5)\n30 X=A(9)\n40 PRINT \"NOT HERE\"\n"
              "100 PRINT PEEK(195);\" \";PEEK(186)+256*PEEK(187)\n")
    assert printed(source) == "9 30\n"


def test_trap_is_used_once():
    source = "10 TRAP 100\n20 GOTO 5000\n100 PRINT \"T\":GOTO 7000\n"
    error = basic_error(source)
    assert (error.number, error.line) == (12, 100)


def test_trap_to_a_missing_line_reports_12():
    error = basic_error("10 TRAP 999:X=1/0\n")
    assert (error.number, error.line) == (12, 10)


def test_trap_above_32767_turns_trapping_off():
    error = basic_error("10 TRAP 100:TRAP 40000:X=1/0\n100 END\n")
    assert error.number == 11


def test_error_message_text():
    assert str(BasicError(9, 120)) == "ERROR-  9 AT LINE 120"


def test_syntax_error_line_is_kept_reported_and_stops_with_17():
    program = load_program(b'10 PRINT "OK"\n20 PRIMT X+\n30 PRINT "NO"\n')
    assert len(program.warnings) == 1 and program.warnings[0].startswith("line 20:")
    assert program.line(20).error
    error = basic_error('10 PRINT "OK"\n20 X=(1\n30 PRINT "NO"\n')
    assert (error.number, error.line) == (17, 20)


def test_error_line_does_not_keep_its_variables():
    program = load_program(b"10 A=1\n20 B=(\n30 C=2\n")
    assert program.variables == ["A", "C"]


@pytest.mark.parametrize("statement", ['LOAD "D:X"', 'SAVE "D:X"', "CSAVE", "CLOAD", "DOS",
                                       'ENTER "D:X"', "BYE", "X=USR(1536)", 'LIST "P:"'])
def test_statements_needing_missing_hardware_say_so(statement):
    with pytest.raises(NotSimulated) as raised:
        run_basic("10 %s\n" % statement)
    assert raised.value.line == 10 and "not simulated" in str(raised.value)


def test_every_statement_of_the_token_table_parses():
    source = b"\n".join(b"%d %s" % (10 + i, text.encode()) for i, text in enumerate([
        "REM X", "DATA 1,2", "INPUT #1,A", "COLOR 1", "LIST 10,20", 'ENTER "D:X"', "LET A=1",
        "IF A THEN 10", "FOR I=1 TO 2 STEP 1", "NEXT I", "GOTO 10", "GO TO 10", "GOSUB 10",
        "TRAP 10", "BYE", "CONT", "COM A(2)", "CLOSE #1", "CLR", "DEG", "DIM B$(2)", "END", "NEW",
        'OPEN #1,4,0,"K:"', 'LOAD "D:X"', 'SAVE "D:X"', "STATUS #1,A", "NOTE #1,A,B",
        "POINT #1,A,B", 'XIO 18,#6,0,0,"S:"', "ON A GOTO 10,20", "POKE 1,2", "PRINT A", "RAD",
        "READ A", "RESTORE", "RETURN", "RUN", "STOP", "POP", "? A", "GET #1,A", "PUT #1,A",
        "GRAPHICS 2", "PLOT 1,2", "POSITION 1,2", "DOS", "DRAWTO 1,2", "SETCOLOR 1,2,3",
        "LOCATE 1,2,A", "SOUND 0,1,2,3", "LPRINT A", "CSAVE", "CLOAD", "A=1",
        "X=STR$(1)=CHR$(2)+USR(1,2)+ASC(B$)+VAL(B$)+LEN(B$)+ADR(B$)+ATN(1)+COS(1)+PEEK(1)"
        "+SIN(1)+RND(0)+FRE(0)+EXP(1)+LOG(1)+CLOG(1)+SQR(1)+SGN(1)+ABS(1)+INT(1)+PADDLE(0)"
        "+STICK(0)+PTRIG(0)+STRIG(0)"]))
    program = load_program(source + b"\n")
    assert program.warnings == []
    assert len(program.lines) == 56


def test_setcolor_and_sound_register_limits():
    error = basic_error("10 SETCOLOR 5,1,1\n")
    assert error.number == 3
    error = basic_error("10 SOUND 4,1,1,1\n")
    assert error.number == 3
