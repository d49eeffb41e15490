"""Numeric arrays, READ/DATA/RESTORE, INPUT, GET/PUT and PEEK/POKE through the machine."""
import pytest

from atari.tests.test_basic_support import basic_error, FakeInputExhausted, printed, run_basic


def test_one_and_two_dimensional_arrays():
    source = "10 DIM A(3),B(2,3):A(3)=7:B(2,3)=5:B(1,0)=2\n20 PRINT A(3);A(0);B(2,3);B(1,0)\n"
    machine, interpreter = run_basic(source)
    assert machine.text() == "7052\n"
    variables = interpreter.variables()
    assert variables["A("] == [0, 0, 0, 7.0]
    assert variables["B("][2] == [0, 0, 0, 5.0] and variables["B("][1][0] == 2.0


def test_dim_with_a_trailing_comma_loads_and_runs_as_the_rom_grammar_allows():
    machine, interpreter = run_basic("10 DIM A(3),\n20 A(3)=5:PRINT A(3)\n")
    assert machine.text() == "5\n"


@pytest.mark.parametrize("index", ["4", "-1", "40000"])
def test_array_index_out_of_range(index):
    error = basic_error("10 DIM A(3):X=A(%s)\n" % index)
    assert error.number == (3 if index == "-1" else 9)


def test_read_data_restore():
    source = ('5 DIM B$(9)\n10 READ A,B$,C:PRINT A;B$;C\n20 RESTORE 40:READ D:PRINT D\n'
              '30 DATA 1,HELLO, 2.5\n40 DATA -4E1\n')
    assert printed(source) == "1HELLO2.5\n-40\n"


def test_out_of_data_is_error_6_and_bad_number_is_error_8():
    error = basic_error("10 READ A,B\n20 DATA 1\n")
    assert (error.number, error.line) == (6, 10)
    error = basic_error("10 READ A\n20 DATA X\n")
    assert error.number == 8


def test_data_statements_of_2048_fill_the_table():
    source = ("0 DIM Q(99):FOR I=0 TO 5:READ X:Q(I)=X:NEXT I\n"
              "6 D.4,4,2\n9 D.3,-1,16\n")
    machine, interpreter = run_basic(source)
    assert interpreter.variables()["Q("][:6] == [4, 4, 2, 3, -1, 16]


def test_input_numbers_and_strings():
    source = '10 DIM N$(20):INPUT A,B:INPUT N$:PRINT A+B;N$\n'
    machine, interpreter = run_basic(source, keys=b"3,4\nHI, THERE\n")
    assert machine.text() == "??7HI, THERE\n"


def test_input_of_a_non_number_is_error_8():
    error = basic_error("10 INPUT A\n", keys=b"ABC\n")
    assert error.number == 8


def test_get_put_and_running_out_of_keys():
    source = '10 OPEN #1,4,0,"K":GET #1,K:PUT #6,K+1:GET #1,K\n'
    with pytest.raises(FakeInputExhausted):
        run_basic(source, keys=b"A")


def test_poke_and_peek_use_machine_memory():
    machine, interpreter = run_basic("10 POKE 1536,200:X=PEEK(1536)+PEEK(201)\n")
    assert machine.memory[1536] == 200 and interpreter.variables()["X"] == 210.0


def test_poke_value_over_255_is_error_3():
    error = basic_error("10 POKE 1536,256\n")
    assert error.number == 3


def test_poke_rounds_its_value_before_checking_it():
    """Atari BASIC Source Book, XPOKE: the value comes from GET1INT, which converts with
    the OS's FPI (OS source listing: after the whole digits it adds 1 when the next
    digit is 5 or more) and is ERROR 3 when the high byte is not zero. 255.4 stores 255; 255.5 rounds to 256, ERROR 3. (Altirra BASIC
    stores a byte for 255.5.)"""
    machine, _interpreter = run_basic("10 POKE 1536,255.4:POKE 1537,0.5\n")
    assert (machine.memory[1536], machine.memory[1537]) == (255, 1)
    assert basic_error("10 POKE 1536,255.5\n").number == 3


def test_print_separators_and_channels():
    machine, interpreter = run_basic('10 PRINT "A",1;2\n20 PRINT #6;"X";\n30 PRINT 1,\n')
    assert machine.text() == "A         12\n1         "
    assert machine.text(6) == "X"
