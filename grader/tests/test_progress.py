"""grade's progress lines: on a terminal only, past a few seconds, saying what runs."""
import io
import threading
import time

from grader import grading
from grader.staff import cli
from grader.staff.progress import GradingProgress


class Terminal(io.StringIO):
    def isatty(self):
        return True


class Box:
    def __init__(self, doing):
        self.doing = doing


def wait_for_lines(stream, count, seconds=30):
    deadline = time.monotonic() + seconds
    while stream.getvalue().count("\n") < count and time.monotonic() < deadline:
        time.sleep(0.01)
    return stream.getvalue().splitlines()


def test_a_long_grading_says_what_the_students_code_is_doing():
    terminal = Terminal()
    with GradingProgress("alice", terminal, first_after=0.01, every=0.01) as progress:
        first = wait_for_lines(terminal, 1)[0]
        progress.watch(Box({1: "calling filter_word_list", 2: "playing wordle.py",
                            3: "playing wordle.py"}))
        lines = wait_for_lines(terminal, 3)
    assert first.startswith("grading alice: ") and first.endswith(
        " s: loading it and starting the sandbox")
    assert lines[-1].endswith(" s: calling filter_word_list; playing wordle.py")
    after = terminal.getvalue()
    time.sleep(0.05)
    assert terminal.getvalue() == after     # nothing once the grading has ended


def test_no_line_when_standard_error_is_not_a_terminal_or_before_the_first_few_seconds():
    piped = io.StringIO()
    with GradingProgress("alice", piped, first_after=0, every=0.01):
        time.sleep(0.1)
    assert piped.getvalue() == ""
    terminal = Terminal()
    with GradingProgress("alice", terminal, first_after=60):
        time.sleep(0.1)
    assert terminal.getvalue() == ""


def test_grade_shows_progress_on_a_terminal(monkeypatch, capsys):
    """The command hands its progress the grading's box and writes to standard error."""
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    monkeypatch.setattr("grader.staff.progress.FIRST_AFTER", 0.01)
    monkeypatch.setattr("grader.staff.progress.EVERY", 0.01)
    seen = threading.Event()

    def grading_that_loops(path, rubric, watch, **options):
        watch(Box({1: "calling check_word"}))
        wait_for_lines(terminal, 1)
        seen.set()
        raise grading.CannotGrade("stopped by the test")

    monkeypatch.setattr(grading, "grade_retrying", grading_that_loops)
    assert cli.main(["grade", "somewhere"]) == 2
    assert seen.is_set()
    assert "grading somewhere: 0 s: calling check_word\n" in terminal.getvalue()
