"""The same submission gets the same per-test results on a quiet machine and a busy one.

Time limits are CPU seconds of the child, read by the grader, so calls that take a real
share of their limit pass or fail alike whatever else runs. Three gradings without and
three with four CPU-bound processes beside them (benchmarks/grading_stability.py prints
the same comparison for whole gradings).
"""
import os
import time

import pytest

from grader import assignment, grading
from grader.checks import function_cases as F
from grader.checks import function_runner
from grader.grading import open_sandbox
from grader.submission import load_submission
from grader.assignment import REQUIRED_FILES
from grader.results.rubric import load_rubric
from grader.sandbox import cpu_quota
from grader.tests.load import cpu_bound_processes, sharing_one_cpu
from grader.tests.manifest import SUBMISSIONS

# Slow (0.1 s of CPU) when the guess repeats a letter, stuck when a word has a letter three times.
SLOW_AND_STUCK = '''
import time
from words import words


def burn(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def check_word(secret, guess):
    if max(secret.count(c) for c in secret) >= 3 or max(guess.count(c) for c in guess) >= 3:
        while True:
            pass
    if len(set(guess)) < 5:
        burn(0.1)
    result = ["grey"] * 5
    left = list(secret)
    for i in range(5):
        if guess[i] == secret[i]:
            result[i] = "green"
            left.remove(guess[i])
    for i in range(5):
        if result[i] == "grey" and guess[i] in left:
            result[i] = "yellow"
            left.remove(guess[i])
    return result
'''
TESTS = [test for test in F.FUNCTION_TESTS if test.spec.id in (
    "check_word.official", "check_word.distinct_letters", "check_word.triple_letters")]


def grade_functions(folder):
    with load_submission(folder, REQUIRED_FILES) as submission:
        with open_sandbox(submission, unsafe_no_jail=os.geteuid() != 0) as box:
            outcomes = function_runner.run_function_tests(box, TESTS)
    return {test_id: outcome.passed for test_id, outcome in outcomes.items()}


@pytest.mark.timeout(900)
def test_the_same_results_on_a_quiet_and_a_busy_machine(tmp_path):
    (tmp_path / "wordle.py").write_text(SLOW_AND_STUCK)
    (tmp_path / "easy_wordle.py").write_text("")
    quiet = [grade_functions(tmp_path) for _ in range(3)]
    with cpu_bound_processes(4):
        busy = [grade_functions(tmp_path) for _ in range(3)]
    expected = {"check_word.official": True, "check_word.distinct_letters": True,
                "check_word.triple_letters": False}
    assert quiet == busy == [expected] * 3


def grade_on_a_shared_cpu(monkeypatch, budget, slack, growth, watch=None):
    """correct_counts graded with its children on a quarter of one CPU, under that budget,
    wall-clock slack and growth: its lines of work take about 0.5 s of their own time, 4 s of
    wall-clock time."""
    monkeypatch.setattr(assignment, "GRADING_BUDGET", budget)
    monkeypatch.setattr(assignment, "GRADING_WALL_SLACK", slack)
    monkeypatch.setattr(assignment, "GRADING_WALL_GROWTH", growth)
    # the wall-clock bound as for a grader that may use the CPUs the bound is set for: pinned
    # to one CPU here to make it busy, the grader would otherwise get twice the bound
    # (cpu_quota.py, tested in test_cpu_quota), and whether this grading outlasts that
    # would hang on the machine's load
    monkeypatch.setattr(cpu_quota, "available_cpus", lambda quota=None: assignment.GRADING_CPUS)
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    with sharing_one_cpu():
        return grading.grade(SUBMISSIONS / "correct_counts", rubric, seed=1913,
                             unsafe_no_jail=os.geteuid() != 0, watch=watch)


def test_a_busy_machine_does_not_spend_the_budget_of_correct_code(monkeypatch):
    """A budget below the grading's wall-clock time on the busy CPU but above the code's own
    time: every test passes (a wall-clock budget failed the tests it stopped)."""
    result = grade_on_a_shared_cpu(monkeypatch, budget=2.0, slack=600.0, growth=1)
    assert [test.spec.id for test in result.tests if not test.outcome.passed] == []
    assert result.execution_time > 2.0    # a wall-clock budget would have been spent


def test_a_machine_too_busy_for_the_budget_fails_the_grading_not_the_student(monkeypatch):
    with pytest.raises(grading.MachineTooBusy, match="the machine was too busy"):
        grade_on_a_shared_cpu(monkeypatch, budget=2.0, slack=0.5, growth=1)


def test_the_wall_clock_bound_grows_by_the_time_a_busy_machine_kept_the_code_waiting(
        monkeypatch):
    """The same grading with a bound that may grow far: it takes longer than the 2.5 s bound
    it starts with, and keeps every test (the bound grew by the code's run delay)."""
    boxes = []
    result = grade_on_a_shared_cpu(monkeypatch, budget=2.0, slack=0.5, growth=100,
                                   watch=boxes.append)
    assert [test.spec.id for test in result.tests if not test.outcome.passed] == []
    assert time.monotonic() - boxes[0].started > 2.5 < boxes[0].wall_bound()
