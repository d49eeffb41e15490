"""`python -m atari run|list|tokenize`: outputs, dumps, pictures and exit statuses."""

import json
import os
import signal
import subprocess
import sys

import pytest
from PIL import Image

from atari.cli import main

LF = "\n"


def listing(tmp_path, text, name="PROG.LST"):
    path = tmp_path / name
    path.write_bytes(text.replace(LF, "\x9b").encode("latin-1"))
    return str(path)


def test_print_output_goes_to_stdout_as_plain_text(tmp_path, capsys):
    program = listing(tmp_path, '10 PRINT "HELLO";\n20 PRINT " WORLD"\n30 PRINT 1+2\n')
    assert main(["run", program]) == 0
    assert capsys.readouterr().out == "HELLO WORLD\n3\n"


def test_script_exhaustion_ends_cleanly_and_writes_the_dump(tmp_path, capsys):
    program = listing(tmp_path, '10 OPEN #1,4,0,"K"\n20 GET #1,K:PRINT K:GOTO 20\n')
    dump_path = tmp_path / "out.json"
    assert main(["run", program, "--keys", "ab", "--dump", str(dump_path)]) == 0
    assert capsys.readouterr().out == "65\n66\n"
    dump = json.loads(dump_path.read_text())
    assert dump["variables"]["K"] == 66
    assert dump["stopped"]["reason"] == "waiting for input"
    assert dump["mode"] == 0 and dump["text"][0].strip() == "65"


def test_graphics_program_dump_and_picture(tmp_path, capsys):
    program = listing(tmp_path, '10 GRAPHICS 18:SETCOLOR 0,12,10\n'
                                '20 POSITION 2,1:PRINT #6;"HI"\n30 GOTO 30\n'.replace(
                                    "30 GOTO 30", '30 OPEN #1,4,0,"K":GET #1,K'))
    dump_path, png_path = tmp_path / "d.json", tmp_path / "p.png"
    assert main(["run", program, "--dump", str(dump_path), "--png", str(png_path)]) == 0
    assert capsys.readouterr().out == ""
    dump = json.loads(dump_path.read_text())
    assert dump["mode"] == 2 and not dump["text_window"]
    assert dump["screen"][1][2:4] == [0x28, 0x29] and dump["text"][1].startswith("  HI")
    assert dump["colors"] == [0xCA, 202, 148, 70, 0] and dump["chbas"] == 224
    with Image.open(png_path) as image:
        assert image.size == (704, 448)


def test_rnd_list_then_seed(tmp_path, capsys):
    program = listing(tmp_path, "10 PRINT RND(0):PRINT RND(0)\n")
    assert main(["run", program, "--rnd", "0.25,0.5"]) == 0
    assert capsys.readouterr().out == "0.25\n0.5\n"
    main(["run", program, "--seed", "5"])
    first = capsys.readouterr().out
    main(["run", program, "--seed", "5"])
    assert capsys.readouterr().out == first


def test_stick_script(tmp_path, capsys):
    program = listing(tmp_path, "10 PRINT STICK(0):GOTO 10\n")
    assert main(["run", program, "--stick", "UDLRC"]) == 0
    assert capsys.readouterr().out.split() == ["14", "13", "11", "7", "15"]


def test_program_error_exits_1_with_the_atari_message(tmp_path, capsys):
    program = listing(tmp_path, "10 PRINT 1\n20 GOTO 100\n")
    assert main(["run", program]) == 1
    captured = capsys.readouterr()
    assert captured.out == "1\n\nERROR-  12 AT LINE 20\n"     # on the screen, and said
    assert "ERROR-  12 AT LINE 20" in captured.err


def test_error_message_is_written_on_the_screen_for_dumps_and_pictures(tmp_path):
    """Atari BASIC Source Book, ERROR: with no TRAP it prints a return, "ERROR-  ",
    the number and " AT LINE " and the line through the editor (E:), so the message is
    on the screen. Printing to E: from a full-screen mode (GRAPHICS 18) reopens
    GRAPHICS 0 first, as the OS does."""
    program = listing(tmp_path, '10 GRAPHICS 18:POSITION 0,12:PRINT #6;"X"\n')
    dump_path = tmp_path / "dump.json"
    assert main(["run", program, "--dump", str(dump_path)]) == 1
    dump = json.loads(dump_path.read_text())
    assert dump["mode"] == 0
    assert "ERROR-  141 AT LINE 10" in "\n".join(dump["text"])


def test_screen_error_141_stops_the_program(tmp_path, capsys):
    program = listing(tmp_path, '10 GRAPHICS 18:POSITION 0,12:PRINT #6;"X"\n')
    assert main(["run", program]) == 1
    assert "ERROR-  141 AT LINE 10" in capsys.readouterr().err


def test_unsimulated_mode_exits_1_and_says_so(tmp_path, capsys):
    program = listing(tmp_path, "10 GRAPHICS 8\n")
    assert main(["run", program]) == 1
    assert "GRAPHICS 8 is not simulated" in capsys.readouterr().err


@pytest.mark.parametrize("arguments, message", [
    (["run", "{missing}"], "cannot read"),
    (["run", "{program}", "--stick", "UX"], "not one of U D L R C"),
    (["run", "{program}", "--rnd", "2"], "outside"),
    (["run", "{program}", "--keys", r"\q"], "unknown escape"),
    (["run", "{program}", "--dump", "{missing}/d.json"], "there is no folder"),
])
def test_unusable_files_and_options_exit_2(tmp_path, capsys, arguments, message):
    program = listing(tmp_path, "10 PRINT 1\n")
    names = {"missing": str(tmp_path / "missing"), "program": program}
    assert main([argument.format(**names) for argument in arguments]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err


def test_a_binary_file_is_not_a_program(tmp_path, capsys):
    junk = tmp_path / "JUNK.BAS"
    junk.write_bytes(bytes(range(256)) * 4)
    assert main(["run", str(junk)]) == 2
    assert "not a usable Atari BASIC program" in capsys.readouterr().err


def test_a_binary_file_message_shows_control_bytes_as_escapes(tmp_path, capsys):
    junk = tmp_path / "JUNK.LST"
    junk.write_bytes(b"\x1b[2J\x07junk")
    assert main(["run", str(junk)]) == 2
    err = capsys.readouterr().err
    assert "\\x1b[2J\\x07junk" in err and "\x1b" not in err and "\x07" not in err


def test_a_syntax_error_line_is_reported_when_loaded(tmp_path, capsys):
    program = listing(tmp_path, '10 PRINT "HI"\n20 PRIMT X\n')
    assert main(["run", program]) == 1
    captured = capsys.readouterr()
    assert captured.out == "HI\n\nERROR-  17 AT LINE 20\n"
    assert "line 20: syntax error" in captured.err and "ERROR-  17 AT LINE 20" in captured.err


@pytest.mark.parametrize("line", ["10 X=" + "+".join(["1"] * 300),   # deeper than Python's stack
                                  "10 X=" + "-" * 200 + "1",
                                  "10 A=1" + ":A=1" * 200,             # too long to store
                                  '10 PRINT "' + "A" * 300 + '"'])     # a string longer than a line
def test_a_line_too_long_or_too_complex_is_error_14_not_a_traceback(tmp_path, capsys, line):
    program = listing(tmp_path, line + "\n20 PRINT 2\n")
    status = main(["run", program])
    err = capsys.readouterr().err
    assert status in (1, 2) and "line 10" in err and "ERROR 14" in err


def test_tokenize_then_list_gives_the_listing_back(tmp_path, capsys):
    text = '10 DIM A$(10):A$="HI"\n20 PRINT A$;1.5\n'
    program = listing(tmp_path, text)
    tokenized = tmp_path / "PROG.BAS"
    assert main(["tokenize", program, "-o", str(tokenized)]) == 0
    assert tokenized.read_bytes()[:2] == b"\x00\x00"  # LOMEM offset 0: a SAVE image
    assert main(["list", str(tokenized)]) == 0
    assert capsys.readouterr().out == text
    assert main(["run", str(tokenized)]) == 0
    assert capsys.readouterr().out == "HI1.5\n"


def test_module_entry_point_and_bad_option_without_traceback(tmp_path):
    program = listing(tmp_path, "10 PRINT 7\n")
    finished = subprocess.run([sys.executable, "-m", "atari", "run", program],
                              capture_output=True, text=True, timeout=60)
    assert (finished.returncode, finished.stdout) == (0, "7\n")
    finished = subprocess.run([sys.executable, "-m", "atari", "run", program, "--seed", "x"],
                              capture_output=True, text=True, timeout=60)
    assert finished.returncode == 2 and "Traceback" not in finished.stderr


@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM])
def test_interrupted_run_still_writes_the_dump(tmp_path, signal_number):
    program = listing(tmp_path, '10 PRINT "GO"\n20 GOTO 20\n')
    dump_path = tmp_path / "d.json"
    child = subprocess.Popen([sys.executable, "-m", "atari", "run", program,
                              "--dump", str(dump_path)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONUNBUFFERED": ""})
    try:
        assert child.stdout.readline() == "GO\n"  # lines are flushed as they are printed
        child.send_signal(signal_number)
        assert child.wait(timeout=30) == 130
        assert "interrupted" in child.stderr.read()
        assert json.loads(dump_path.read_text())["stopped"]["reason"] == "interrupted"
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()


def test_list_to_a_file_writes_atascii_bytes(tmp_path, capsys):
    program = listing(tmp_path, '10 PRINT "\xe1\x80"\n20 PRINT 1\n')
    atari_file, text_file = tmp_path / "OUT.LST", tmp_path / "OUT.LST.TXT"
    assert main(["list", program, "-o", str(atari_file)]) == 0
    assert main(["list", program, "-o", str(text_file)]) == 0
    assert atari_file.read_bytes() == b'10 PRINT "\xe1\x80"\x9b20 PRINT 1\x9b'
    assert text_file.read_bytes() == b'10 PRINT "\xe1\x80"\n20 PRINT 1\n'
    assert capsys.readouterr().out == ""


def test_time_limit_stops_an_endless_loop_and_keeps_the_dump(tmp_path, capsys):
    program = listing(tmp_path, "10 N=N+1:GOTO 10\n")
    dump_path = tmp_path / "d.json"
    assert main(["run", program, "--time-limit", "0.3", "--dump", str(dump_path)]) == 0
    assert "time limit of 0.3 s reached at line 10" in capsys.readouterr().err
    dump = json.loads(dump_path.read_text())
    assert dump["stopped"]["reason"] == "time limit" and dump["variables"]["N"] > 100


def test_time_limit_must_be_positive(tmp_path, capsys):
    program = listing(tmp_path, "10 PRINT 1\n")
    with pytest.raises(SystemExit) as exit_info:
        main(["run", program, "--time-limit", "0"])
    assert exit_info.value.code == 2
    assert "more than 0 seconds" in capsys.readouterr().err


def test_list_shows_control_bytes_as_atari_glyphs(tmp_path, capsys):
    program = listing(tmp_path, '10 PRINT "\x1b\x7d\x14\xb0\x9c"\n')
    assert main(["list", program]) == 0
    out = capsys.readouterr().out
    assert out == '10 PRINT "␛↰●0↑"\n'            # Esc, clear, ball, inverse 0 and ↑
    assert not any(ord(char) < 0x20 and char != "\n" for char in out)


def test_list_marks_inverse_characters_in_reverse_video_on_a_terminal():
    from atari.frontends.terminal_view import readable_listing
    assert readable_listing('"A\xc1\xc2B"\n', inverse_video=True) == '"A\x1b[7mAB\x1b[27mB"\n'


def test_a_piped_run_of_a_graphics_program_prints_its_final_screen_and_why_it_stopped(
        tmp_path, capsys):
    program = listing(tmp_path, '10 GRAPHICS 18:? #6;"HELLO"\n20 OPEN #1,4,0,"K:"\n'
                                '30 GET #1,K\n')
    assert main(["run", program]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("HELLO\n")
    assert "waits for input" in captured.err and "line 30" in captured.err


def test_an_error_inside_print_to_a_channel_is_reported_on_that_channel(tmp_path):
    """Atari BASIC Source Book: PRINT #6 makes channel 6 the list device (XPRINT's
    STA LISTDTD) and prints each item as it goes; ERROR prints through the list device,
    so a BASIC error while PRINT #6 evaluates its items shows on the graphics screen,
    after what was already printed. An I/O error resets the list device to E: first
    (IOTEST's SETDZ), so ERROR 141 goes to the text window."""
    program = listing(tmp_path, '10 GRAPHICS 2:PRINT #6;"AB";1/0\n')
    dump_path = tmp_path / "dump.json"
    assert main(["run", program, "--dump", str(dump_path)]) == 1
    dump = json.loads(dump_path.read_text())
    assert [row.rstrip() for row in dump["text"][:3]] == ["AB", "ERROR-  11 AT LINE 1", "0"]
    assert "ERROR" not in "".join(dump["window_text"])
    program = listing(tmp_path, '10 GRAPHICS 2:POSITION 0,12:PRINT #6;"X"\n', name="B.LST")
    assert main(["run", program, "--dump", str(dump_path)]) == 1
    dump = json.loads(dump_path.read_text())
    assert "ERROR-  141 AT LINE 10" in "".join(dump["window_text"])


@pytest.mark.parametrize("command", [["run"], ["list"], ["tokenize", "-o", "OUT.BAS"]])
def test_a_program_too_big_for_the_atari_is_error_2_not_a_traceback(tmp_path, capsys, command):
    """200 lines of 206 bytes do not fit between LOMEM and MEMTOP (40 KB free); 320 of
    them would overflow the .BAS header's 16-bit words."""
    program = listing(tmp_path, "".join("%d REM %s\n" % (number, "X" * 200)
                                        for number in range(200)))
    arguments = command[:1] + [program] + [str(tmp_path / part) if part.endswith(".BAS")
                                           else part for part in command[1:]]
    assert main(arguments) == 2
    assert "ERROR 2" in capsys.readouterr().err


def _run_into_a_closed_pipe(arguments):
    """`python -m atari ARGUMENTS` with standard output a pipe whose reader is already
    gone (`| head` that has read its fill): (exit status, stderr)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        finished = subprocess.run([sys.executable, "-m", "atari", *arguments], stdout=writer,
                                  stderr=subprocess.PIPE, text=True, timeout=120)
    finally:
        os.close(writer)
    return finished.returncode, finished.stderr


@pytest.mark.parametrize("command, text", [
    (["run"], '10 PRINT "X":GOTO 10\n'),
    (["run"], '10 GRAPHICS 18:PRINT #6;"HI"\n'),    # the final screen, printed at the end
    (["list"], '10 PRINT "X":GOTO 10\n'),
])
def test_a_closed_pipe_ends_any_command_with_status_1_and_no_traceback(tmp_path, command, text):
    program = listing(tmp_path, text)
    status, err = _run_into_a_closed_pipe(command + [program])
    assert (status, err) == (1, "")


def test_a_run_whose_output_is_closed_still_writes_its_files(tmp_path):
    program = listing(tmp_path, '10 PRINT "X":GOTO 10\n')
    dump_path = tmp_path / "d.json"
    status, err = _run_into_a_closed_pipe(["run", program, "--dump", str(dump_path)])
    assert (status, err) == (1, "")
    assert json.loads(dump_path.read_text())["stopped"]["reason"] == "output closed"


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux's /proc")
@pytest.mark.parametrize("option", [["--dump"], ["--png"], ["--wav"], ["-o"]])
def test_an_output_file_that_cannot_be_created_is_refused_before_the_run(
        tmp_path, capsys, option):
    """/proc takes no new files, even from root: the folder exists, the file cannot be
    made."""
    program = listing(tmp_path, '10 PRINT "X"\n')
    command = ["list", program] if option == ["-o"] else ["run", program, "--keys", "A"]
    assert main(command + option + ["/proc/no-such-output"]) == 2
    captured = capsys.readouterr()
    assert "cannot write /proc/no-such-output" in captured.err and captured.out == ""


def test_a_file_far_too_big_to_be_a_program_is_refused_unread(tmp_path, capsys):
    big = tmp_path / "FILM.LST"
    big.write_bytes(b"10 REM " + b"X" * (1024 * 1024) + b"\n")
    assert main(["run", str(big)]) == 2
    assert "too big to be an Atari BASIC program" in capsys.readouterr().err


@pytest.mark.parametrize("recursion_limit", [1000, 20000])
def test_whether_a_deep_line_loads_does_not_depend_on_pythons_recursion_limit(recursion_limit):
    """Another test (or a student module the tester imported) may have raised the limit:
    a whole-suite run once loaded the 200-deep line that alone is ERROR 14."""
    from atari.basic import load_program
    original = sys.getrecursionlimit()
    sys.setrecursionlimit(recursion_limit)
    try:
        deep = load_program(b"10 X=" + b"-" * 200 + b"1\n")
        shallow = load_program(b"10 X=" + b"-" * 60 + b"1\n")
    finally:
        sys.setrecursionlimit(original)
    assert "ERROR 14" in deep.warnings[0] and shallow.warnings == []


def test_the_kits_programs_are_taken_by_name(capsys):
    assert main(["run", "wordle", "--keys", "NINJA", "--rnd", "0.01"]) == 0
    assert "NINJA" in capsys.readouterr().out
    assert main(["list", "2048", "--color", "never"]) == 0
    assert capsys.readouterr().out.startswith("0 ")


def test_a_file_that_is_not_basic_at_all_is_one_message(tmp_path, capsys):
    text = tmp_path / "notes.md"
    text.write_text("# Notes\n" + "A line of prose.\n" * 300 + "2 words of prose\n")
    assert main(["run", str(text)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no BASIC program lines found" in err
    assert "and 301 more lines that are not BASIC" in err


def test_many_lines_enter_would_not_take_are_capped(tmp_path, capsys):
    program = listing(tmp_path, "10 PRINT 1\n" + "prose\n" * 40 + "20 PRINT 2\n")
    assert main(["run", program]) == 0
    captured = capsys.readouterr()
    assert captured.out == "1\n2\n"
    assert captured.err.count("has no line number and was ignored") == 5
    assert captured.err.splitlines()[-1].endswith("... and 35 more lines ignored or kept as ERROR lines")


def test_png_without_pillow_is_refused_before_the_run(tmp_path):
    program = listing(tmp_path, '10 PRINT "RAN"\n')
    code = ("import sys; sys.modules['PIL'] = None; from atari.cli import main; "
            "sys.exit(main(['run', %r, '--png', %r]))" % (program, str(tmp_path / "x.png")))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""          # the program never ran
    assert "--png needs Pillow" in done.stderr and "pip install Pillow" in done.stderr
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("no_color, inverse", [("", True), ("1", False)])
def test_list_follows_no_color(tmp_path, capsys, monkeypatch, no_color, inverse):
    program = listing(tmp_path, '10 PRINT "\x9c"\n')   # an ATASCII control glyph: reverse video
    monkeypatch.setenv("NO_COLOR", no_color)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["list", program]) == 0
    assert ("\x1b[7m" in capsys.readouterr().out) is inverse
