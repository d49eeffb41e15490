"""The text report never passes a student's control characters to the terminal."""
from grader.results.outcome import Diff
from grader.results.text_report import Painter, detail_lines, visible


def test_control_characters_are_shown_not_sent():
    assert visible("a\x1b[2J\x07b") == "a\\x1b[2J\\x07b"
    assert visible("tab\tand\nnewline stay") == "tab\tand\nnewline stay"
    assert visible("\u202eevil") == "\\u202eevil"


def test_diff_and_detail_lines_from_student_output_are_made_visible():
    diff = Diff("title", (("+", "\x1b]0;pwned\x07Known:  _____"), ("-", "Known:  _____")))
    for painter in (Painter(False), Painter(True)):
        lines = detail_lines([diff, "got '\x1b[2J'"], painter)
        assert not any("\x07" in line or "\x1b]" in line or "\x1b[2J" in line for line in lines)
        assert any("\\x1b]0;pwned\\x07Known:" in line for line in lines)
