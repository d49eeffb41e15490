"""The same submission gets the same per-test results on a quiet machine and a busy one.

Time limits are CPU seconds of the child, read by the grader, so calls that take a real
share of their limit pass or fail alike whatever else runs. Three gradings without and
three with four CPU-bound processes beside them (benchmarks/grading_stability.py prints
the same comparison for whole gradings).
"""
import os

import pytest

from grader.checks import function_cases as F
from grader.checks import function_runner
from grader.grading import open_sandbox
from grader.submission import load_submission
from grader.assignment import REQUIRED_FILES
from grader.tests.load import cpu_bound_processes

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
