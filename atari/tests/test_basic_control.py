"""FOR/NEXT, IF/THEN, GOTO/GOSUB, ON, POP, END and STOP."""

from atari.tests.test_basic_support import basic_error, printed, run_basic


def test_for_runs_body_at_least_once_and_leaves_variable_past_limit():
    assert printed("10 FOR I=5 TO 1:PRINT I;:NEXT I\n20 PRINT \" \";I\n") == "5 6\n"


def test_for_limit_and_step_are_evaluated_once():
    source = "10 N=3:S=1\n20 FOR I=1 TO N STEP S:N=10:S=5:PRINT I;:NEXT I\n30 PRINT\n"
    assert printed(source) == "123\n"


def test_negative_step_and_fractional_step():
    assert printed("10 FOR I=3 TO 1 STEP -1:PRINT I;:NEXT I\n20 PRINT\n") == "321\n"
    assert printed("10 FOR I=0 TO 1 STEP 0.25:PRINT I;\" \";:NEXT I\n") == "0 0.25 0.5 0.75 1 "


def test_next_without_for_is_error_13():
    error = basic_error("10 PRINT 1\n20 NEXT I\n")
    assert (error.number, error.line) == (13, 20)


def test_if_false_skips_rest_of_line_and_then_number_jumps():
    source = "10 IF 0 THEN PRINT \"A\":PRINT \"B\"\n20 IF 1 THEN 40\n30 PRINT \"C\"\n40 PRINT \"D\"\n"
    assert printed(source) == "D\n"


def test_goto_and_gosub_take_expressions():
    source = ("10 X=2:GOSUB 100*X:GOTO 5+75*(X=2)\n35 PRINT \"NO\"\n"
              "80 PRINT \"END\":END\n200 PRINT \"SUB\";:RETURN\n")
    assert printed(source) == "SUBEND\n"


def test_missing_line_is_error_12():
    error = basic_error("10 GOTO 99\n")
    assert str(error) == "ERROR-  12 AT LINE 10"


def test_on_goto_gosub_and_out_of_range_falls_through():
    source = ("10 FOR K=0 TO 3:ON K GOSUB 100,200:NEXT K\n20 ON 2 GOTO 30,40\n30 PRINT \"X\"\n"
              "40 PRINT \"Y\":END\n100 PRINT \"A\";:RETURN\n200 PRINT \"B\";:RETURN\n")
    assert printed(source) == "ABY\n"


def test_return_without_gosub_is_16_and_pop_drops_the_return():
    error = basic_error("10 GOSUB 20\n20 POP:RETURN\n")
    assert (error.number, error.line) == (16, 20)


def test_stop_reports_its_line_and_end_ends():
    machine, interpreter = run_basic("10 PRINT \"A\"\n20 STOP\n30 PRINT \"B\"\n")
    assert machine.text() == "A\n\nSTOPPED AT LINE 20\n"
    assert machine.memory[186] + 256 * machine.memory[187] == 20
    assert printed("10 END\n20 PRINT \"B\"\n") == ""


def test_gosub_loop_without_return_runs_out_of_memory():
    error = basic_error("10 GOSUB 10\n")
    assert error.number == 2
