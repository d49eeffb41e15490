"""Kits' keys for grading a submission as several kits would (the key-invariance test and
benchmarks/key_invariance.py): the same keys on every machine, so a difference replays."""
import hashlib

from grader import grading
from grader.assignment import REQUIRED_FILES
from grader.checks.transcripts import Seeds
from grader.results.outcome import Outcome
from grader.results.rubric import load_rubric
from grader.results.scoring import score_tests
from grader.submission import load_submission


def keys(count):
    """count kits' keys."""
    return [hashlib.sha256(b"key invariance %d" % number).digest()[:16] for number in range(count)]


def seed_under(key, folder):
    """The seed a kit with key gives the submission's files (as grading.submission_seeds)."""
    with load_submission(folder, REQUIRED_FILES) as submission:
        contents = {name: path.read_bytes() for name, path in submission.files.items()}
    return Seeds.for_submission(key, contents).number


def per_test_results(folder, seed, unsafe_no_jail=False):
    """({test id: score}, {the ids of the tests that failed}) of the submission graded with
    seed."""
    result = grading.grade(folder, default_rubric(), seed=seed, unsafe_no_jail=unsafe_no_jail)
    return ({test.spec.id: test.score for test in result.tests},
            {test.spec.id for test in result.tests if not test.outcome.passed})


def scores_under_keys(folder, key_count, unsafe_no_jail=False):
    """(folder name, the seeds, [{test id: score} under each key], [{failed test ids} under
    each key])."""
    seeds = [seed_under(key, folder) for key in keys(key_count)]
    results = [per_test_results(folder, seed, unsafe_no_jail) for seed in seeds]
    return folder.name, seeds, [scores for scores, _ in results], [failed for _, failed in results]


def scores_of_failing(failed):
    """{test id: score} of a grading in which the tests failed (ids) and no others failed."""
    outcomes = {spec.id: Outcome(passed=spec.id not in failed) for spec in grading.ALL_SPECS}
    return {test.spec.id: test.score
            for test in score_tests(default_rubric(), grading.ALL_SPECS, outcomes)}


def default_rubric():
    return load_rubric(None, [spec.id for spec in grading.ALL_SPECS])


def differing_tests(scores):
    """{test id: its scores} for the tests whose score is not the same in every grading."""
    return {test_id: [each[test_id] for each in scores] for test_id in scores[0]
            if len({each[test_id] for each in scores}) > 1}
