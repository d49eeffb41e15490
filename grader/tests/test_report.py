"""The text report never passes a student's control characters to the terminal, and it and
results.json stay under their caps whatever a student printed, saying what was cut."""
import re

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


def report_on_a_terminal(tmp_path, **environ):
    """The report of a submission without its functions, written to a pseudo-terminal, with
    environ."""
    import os
    import subprocess
    import sys

    from grader import KIT_ROOT
    (tmp_path / "empty").mkdir(exist_ok=True)
    (tmp_path / "empty" / "wordle.py").write_text("SCORE = 0\n")
    main, terminal = os.openpty()
    env = dict({"PYTHONPATH": str(KIT_ROOT), "PATH": "/usr/bin:/bin", "TERM": "xterm"}, **environ)
    process = subprocess.Popen([sys.executable, "-m", "grader", "grade", str(tmp_path / "empty")],
                               cwd=KIT_ROOT, env=env, stdout=terminal, stderr=subprocess.DEVNULL)
    os.close(terminal)
    output = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal closed: the grader is done
            break
        if not chunk:
            break
        output += chunk
    process.wait(timeout=120)
    os.close(main)
    return output.decode("utf-8", "replace")


def test_a_terminal_gets_colours_unless_no_color_or_a_dumb_terminal(tmp_path):
    assert "\x1b[31mFAIL" in report_on_a_terminal(tmp_path)
    for environ in ({"NO_COLOR": "1"}, {"TERM": "dumb"}):
        report = report_on_a_terminal(tmp_path, **environ)
        assert "Score: 0 / 40" in report and "\x1b[" not in report, environ


def huge_result():
    """Every test of the kit failed with what a hostile game makes: a diff of 43,000 rows, a
    line of a quarter of a million characters, non-ASCII and control characters."""
    from grader import grading
    from grader.results.rubric import load_rubric
    from grader.results.scoring import GradeResult, score_tests
    from grader.results.outcome import Outcome
    wide = "\x1b[42mX\u00e9\U0001F600" * 31_250                      # 250,000 characters
    rows = tuple(("+", "[0:grey][0:grey][0:grey][0:grey][0:grey]") for _ in range(43_000))
    outcomes = {spec.id: Outcome(False, [Diff("title", (("-", wide),) + rows), wide],
                                 ["note " * 1000] * 100) for spec in grading.ALL_SPECS}
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    return GradeResult("path", score_tests(rubric, grading.ALL_SPECS, outcomes), seed=1)


def test_the_report_and_results_json_stay_under_their_cap_and_say_what_was_cut():
    import json
    from grader.results.cut import REPORT_BYTES
    from grader.results.gradescope_json import results_json
    from grader.results.text_report import text_report
    result = huge_result()
    report = text_report(result)
    written = json.dumps(results_json(result), indent=2)
    assert len(report.encode("utf-8")) <= REPORT_BYTES and len(written) <= REPORT_BYTES
    assert "... 247,500 more characters not shown" in report
    assert re.search(r"\.\.\. 42,[0-9]{3} more lines not shown", report)
    assert "ESC" not in report and "\x1b" not in report


def test_a_short_explanation_is_kept_whole():
    from grader.results.cut import cut_lines
    lines = ["expected ['green']", "got      ['grey']", "\u00e9" * 1999]
    assert cut_lines(lines) == lines


def result_with(outcomes):
    """A GradeResult where every test passed but those in outcomes {test id: Outcome}."""
    from grader import grading
    from grader.results.outcome import Outcome
    from grader.results.rubric import load_rubric
    from grader.results.scoring import GradeResult, score_tests
    every = {spec.id: outcomes.get(spec.id, Outcome(True)) for spec in grading.ALL_SPECS}
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    return GradeResult("path", score_tests(rubric, grading.ALL_SPECS, every), seed=1)


def test_a_passed_test_of_a_failed_all_or_nothing_group_is_shown_passed_the_verdict_once():
    from grader.results.outcome import Outcome
    from grader.results.text_report import text_report
    result = result_with({"wordle_program.win": Outcome.failed("line 3 differs")})
    for everything in (False, True):
        report = text_report(result, everything=everything)
        assert report.count("wordle_program is all-or-nothing") == 1
        assert "FAIL" in report and report.count("FAIL") == 1
        assert bool(re.search(r"PASS +0/1.34 +wordle.py: a lost game", report)) == everything


def test_the_report_lists_what_lost_points_and_counts_the_passed_tests_unless_asked():
    from grader.results.outcome import Outcome
    from grader.results.text_report import text_report
    result = result_with({"known_word.official": Outcome.failed("expected '_____'")})
    report = text_report(result)
    assert "known_word  4 / 5" in report and "expected '_____'" in report
    assert "check_word" not in report and "PASS" not in report
    assert "Passed: 38 of 39 tests (--all lists them)" in report
    everything = text_report(result, everything=True)
    assert everything.count("PASS") == 38 and "check_word: the official tester's cases" in everything


def test_tests_not_run_for_one_reason_are_said_in_one_line():
    from grader import grading
    from grader.results.outcome import Outcome
    from grader.results.text_report import text_report
    reason = "not run: wordle.py does not import (line 19)"
    result = result_with({spec.id: Outcome.skipped(reason) for spec in grading.ALL_SPECS
                          if spec.group == "check_word"})
    report = text_report(result)
    assert "  8 tests " + reason in report and report.count(reason) == 1
    assert text_report(result, everything=True).count("NOT RUN") == 8
    missing = "wordle.py was not found in the submission, so check_word could not be called"
    report = text_report(result_with({spec.id: Outcome.skipped(missing)
                                      for spec in grading.ALL_SPECS if spec.group == "check_word"}))
    assert "  8 tests: " + missing in report
