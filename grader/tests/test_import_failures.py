"""A file that does not import is explained once: its file, line and the line's text first,
each test it stops saying only "not run: ... (line N)", no verdict on a file never parsed."""
from grader import assignment, grading
from grader.checks import function_runner, import_failures, information, transcripts
from grader.checks.function_cases import FUNCTION_TESTS
from grader.sandbox import Status
from grader.sandbox.child_reports import RunResult
from grader.submission import load_submission
from grader.tests.fakes import FakeBox, reference_functions

WORDLE = "import random\n\n\ndef check_word(secret, guess)\n    return []\n"
EASY = "from wordle import check_word\n\n\ndef filter_word_list(words, clues):\n    return []\n"
PARSE_ERROR = "SyntaxError: expected ':' (wordle.py, line 4)"


def submission(tmp_path, wordle=WORDLE, easy=EASY):
    (tmp_path / "wordle.py").write_text(wordle)
    (tmp_path / "easy_wordle.py").write_text(easy)
    return load_submission(tmp_path, assignment.REQUIRED_FILES)


def failures_of(loaded, wordle_run, easy_run=RunResult(Status.OK)):
    return import_failures.import_failures(loaded, transcripts.PROGRAMS,
                                           {"wordle": wordle_run, "easy_wordle": easy_run})


def test_a_syntax_error_is_named_once_with_its_line_and_the_line_s_text(tmp_path):
    with submission(tmp_path) as loaded:
        failures = failures_of(loaded, RunResult(Status.RAISED, detail=PARSE_ERROR),
                               RunResult(Status.RAISED, detail=PARSE_ERROR))
    wordle, easy = failures["wordle"], failures["easy_wordle"]
    assert wordle.never_parsed and easy.never_parsed and easy.through == "wordle.py"
    assert import_failures.headlines(failures) == [
        "wordle.py does not import: SyntaxError: expected ':' at line 4: "
        "def check_word(secret, guess)",
        "easy_wordle.py imports wordle.py, so it does not import either"]
    assert wordle.not_run() == "not run: wordle.py does not import (line 4)"
    assert easy.not_run() == "not run: easy_wordle.py imports wordle.py, which does not import " \
                             "(line 4)"
    assert import_failures.flags(failures) == ["wordle.py: SyntaxError line 4"]


def test_a_file_failing_through_one_that_imports_here_names_the_error_itself(tmp_path):
    with submission(tmp_path) as loaded:    # wordle's own run imported (a flaky import)
        failures = failures_of(loaded, RunResult(Status.OK),
                               RunResult(Status.RAISED, detail=PARSE_ERROR))
    assert import_failures.headlines(failures) == [
        "easy_wordle.py does not import: SyntaxError: expected ':' in wordle.py at line 4 "
        "(which it imports): def check_word(secret, guess)"]
    assert import_failures.flags(failures) == ["easy_wordle.py: imports wordle.py, which does "
                                               "not import"]


def test_an_error_raised_at_import_is_placed_by_the_traceback_s_last_frame(tmp_path):
    wordle = "import random\nsecret = random.choice(wrods)\n"
    stderr = ('  File "/box/wordle.py", line 1, in <module>\n'     # the student's own output
              "Traceback (most recent call last):\n"
              '  File "/box/wordle.py", line 2, in <module>\n'
              "NameError: name 'wrods' is not defined\n")
    with submission(tmp_path, wordle) as loaded:
        failure = failures_of(loaded, RunResult(Status.RAISED, stderr=stderr, detail=(
            "NameError: name 'wrods' is not defined")))["wordle"]
    assert not failure.never_parsed
    assert failure.headline() == ("wordle.py does not import: NameError: name 'wrods' is not "
                                  "defined at line 2: secret = random.choice(wrods)")
    assert failure.flag() == "wordle.py: NameError line 2"


def test_a_game_started_at_import_is_placed_at_the_line_that_starts_it(tmp_path):
    wordle = "def play():\n    input('> ')\n\n\nplay()\n"
    stderr = ("Traceback (most recent call last):\n"
              '  File "/box/wordle.py", line 5, in <module>\n'
              '  File "/box/wordle.py", line 2, in play\n'
              "EOFError: EOF when reading a line\n")
    with submission(tmp_path, wordle) as loaded:
        failure = failures_of(loaded, RunResult(Status.WAITED_FOR_INPUT, stderr=stderr,
                                                detail="EOFError: EOF when reading a line"))
    assert failure["wordle"].line == 5 and failure["wordle"].text == "play()"
    assert "waited for input" in failure["wordle"].headline()


def test_a_file_that_imports_has_no_failure_even_when_it_prints(tmp_path):
    with submission(tmp_path) as loaded:
        assert failures_of(loaded, RunResult(Status.OK, stdout="hello\n")) == {}


def test_no_guard_verdict_on_a_file_never_parsed_and_one_importing_it_is_read_as_text(tmp_path):
    easy_in_a_function = EASY + "\n\ndef main():\n    if __name__ == '__main__':\n        pass\n"
    raised = RunResult(Status.RAISED, detail=PARSE_ERROR)
    with submission(tmp_path, easy=easy_in_a_function) as loaded:
        failures = failures_of(loaded, raised, raised)
        wordle = information.guard_outcome("wordle", loaded, raised, None, failures["wordle"])
        easy = information.guard_outcome("easy_wordle", loaded, raised, None,
                                         failures["easy_wordle"])
    assert wordle.not_run and wordle.details == ["not checked: wordle.py does not import (line 4)"]
    assert not easy.passed and not easy.not_run and "inside the function main()" in easy.details[0]


def test_the_functions_of_a_file_that_does_not_import_are_never_called():
    box = FakeBox(reference_functions())
    reason = "not run: wordle.py does not import (line 4)"
    outcomes = function_runner.function_tests(box, not_run={"wordle": reason}).outcomes
    wordle_tests = [test for test in FUNCTION_TESTS if test.function.module == "wordle"]
    assert all(outcomes[test.spec.id].not_run and outcomes[test.spec.id].details == [reason]
               for test in wordle_tests)
    assert {name for name, _ in box.calls} == {"filter_word_list"}
    assert all(outcomes[test.spec.id].passed for test in FUNCTION_TESTS
               if test.function.module == "easy_wordle")


class NeverParsedBox(FakeBox):
    """A box whose wordle.py does not parse: importing it, or easy_wordle.py, raises."""

    def import_module(self, module):
        return RunResult(Status.RAISED, detail=PARSE_ERROR)

    def run_program(self, *args, **kwargs):
        raise AssertionError("a program that does not parse is not run")


def test_a_grading_runs_nothing_of_a_file_never_parsed(tmp_path):
    box = NeverParsedBox(reference_functions())
    with submission(tmp_path) as loaded:
        outcomes, failures = grading.run_everything(box, loaded, transcripts.Seeds(1913))
    assert box.calls == [] and set(failures) == {"wordle", "easy_wordle"}
    not_run = [spec.id for spec in grading.ALL_SPECS if outcomes[spec.id].not_run]
    assert not_run == [spec.id for spec in grading.ALL_SPECS if spec.group != "checks"] + [
        "checks.imports", "checks.wordle_guard"]
    assert outcomes["checks.imports"].details == [failures["wordle"].not_checked(),
                                                  failures["easy_wordle"].not_checked()]
    easy_guard = outcomes["checks.easy_wordle_guard"]    # easy_wordle.py parses: read as text
    assert not easy_guard.passed and "there is no if __name__" in easy_guard.details[0]
    assert outcomes["checks.files"].passed


def test_an_error_raised_importing_wordle_is_not_blamed_on_its_guard(tmp_path):
    raised = RunResult(Status.RAISED, detail="NameError: name 'wrods' is not defined")
    waited = RunResult(Status.WAITED_FOR_INPUT, detail="EOFError: EOF when reading a line")
    with submission(tmp_path) as loaded:
        easy = transcripts.PROGRAMS[1]
        assert information.blamed_file(loaded, easy, {"wordle": raised,
                                                      "easy_wordle": raised}) is None
        assert information.blamed_file(loaded, easy, {"wordle": waited,
                                                      "easy_wordle": waited}) == "wordle.py"
