"""Grade every submission of the corpus and check the score and the reasons it must get.

grader/tests/submissions/expected.json says, for each submission folder, its
score and each test that must fail with a phrase its explanation must contain;
every other test must pass. The corpus is graded once (in parallel) per session.
"""
import json
import os
import tempfile

import pytest

from grader import grading
from grader.assignment import GROUPS
from grader.results import csv_table, text_report
from grader.results.gradescope_json import results_json
from grader.results.rubric import VISIBILITIES, load_rubric
from grader.tests import pooled
from grader.tests.manifest import CORPUS_SEED, MANIFEST, SUBMISSIONS

FOLDERS = sorted(p.name for p in SUBMISSIONS.iterdir() if p.is_dir())
IS_ROOT = os.geteuid() == 0
CORRECT = [name for name in FOLDERS if name.startswith("correct_")]
# The slowest gradings start first, so that the pool does not end on one of them alone:
# correct_slow and correct_quadratic_filter took about 100 s and 50 s graded 4 at a time on 2
# cores; the others 15-40 s each on a busy one (benchmarks/corpus_under_load.py prints them).
SLOWEST = ("correct_slow", "correct_quadratic_filter",
           "hostile_slow_import_crashes", "cw_loops_on_repeats", "cw_loops_on_repeated_guess_letter",
           "hostile_stops_reading",
           "hostile_orphan_clears_the_subreaper", "hostile_orphan_does_the_work",
           "hostile_huge_values", "hostile_ignores_sigterm", "hostile_colour_line",
           "hostile_sleeping_filter")
# The first test grades the whole corpus (127 submissions, some slow or hanging by design) 4 at
# a time: on a 2-core machine under load that takes longer than the suite's per-test timeout.
pytestmark = pytest.mark.timeout(1800)


def use_temp_folder(folder):
    tempfile.tempdir = folder


def grade_folder(name):
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    # without root (a developer's laptop) the corpus is graded in the unsafe mode staff may choose
    return grading.grade(SUBMISSIONS / name, rubric, seed=CORPUS_SEED, unsafe_no_jail=not IS_ROOT)


@pytest.fixture(scope="session")
def temp_folder(tmp_path_factory):
    """The temp folder the corpus is graded in (nothing of it may be left there)."""
    return tmp_path_factory.mktemp("corpus-temp")


def folders_needed(items):
    """The corpus folders the selected tests read: those they are parametrized with, or all
    where one of them reads every result (a part of the suite, e.g. -k hostile_fork_bomb,
    grades only what it checks)."""
    names = set()
    for item in items:
        if not {"graded", "gradings", "result"} & set(getattr(item, "fixturenames", ())):
            continue
        callspec = getattr(item, "callspec", None)
        name = callspec.params.get("name") if callspec is not None else None
        if name not in FOLDERS:
            return FOLDERS
        names.add(name)
    return sorted(names)


@pytest.fixture(scope="session")
def gradings(temp_folder, request):
    """{folder name: GradeResult, or the exception its grading raised} for the corpus (the
    folders the selected tests need); one that ended as MachineTooBusy is graded again once
    the others are done (pooled.py)."""
    needed = sorted(folders_needed(request.session.items), key=lambda name: (
        name not in SLOWEST, SLOWEST.index(name) if name in SLOWEST else 0))
    return pooled.run({name: (grade_folder, name) for name in needed}, 4,
                      initializer=use_temp_folder, initargs=(str(temp_folder),))


@pytest.fixture(scope="session")
def graded(gradings):
    """{folder name: GradeResult} of the gradings that ended with one (each other one fails
    its own tests: see result)."""
    return {name: found for name, found in gradings.items() if not isinstance(found, Exception)}


@pytest.fixture
def result(gradings, name):
    """The GradeResult of the folder a test is parametrized with (its grading's error raised
    here, failing that folder's tests alone)."""
    return pooled.value(gradings, name)


def test_nothing_is_left_behind(graded, temp_folder):
    """No temp copy, no System V shared memory or queue (hostile_leaves_shm's keys 0x1913 and
    0x1914) and no /dev/shm file is left once the corpus is graded."""
    assert list(temp_folder.iterdir()) == []
    if not IS_ROOT:
        return  # the unsafe mode promises nothing more
    for table in ("shm", "msg"):
        with open("/proc/sysvipc/" + table) as handle:
            keys = {int(line.split()[0]) for line in list(handle)[1:]}
        assert not keys & {0x1913, 0x1914}
    assert not os.path.exists("/dev/shm/wordle-kit-hostile")


def test_reports_stay_small_whatever_the_student_prints_or_raises(graded):
    for result in graded.values():
        assert len(text_report.text_report(result)) < 2_000_000      # output caps: 256 KB a run
        assert len(json.dumps(results_json(result))) < 4_000_000


def test_every_folder_is_in_the_manifest_and_back():
    assert sorted(MANIFEST) == FOLDERS and set(SLOWEST) <= set(FOLDERS)


def test_the_corpus_has_three_correct_submissions_and_the_mistakes():
    assert len(CORRECT) >= 3
    assert all(MANIFEST[name] == {"score": 40, "failed": {}} for name in CORRECT)
    mistakes = [name for name in FOLDERS if not name.startswith(("correct_", "hostile_"))]
    assert len(mistakes) >= 25


@pytest.mark.parametrize("name", FOLDERS)
def test_score_and_reasons(result, name):
    expected = MANIFEST[name]
    outputs = {test.spec.id: text_report.test_output(test) for test in result.tests}
    failed = {test.spec.id for test in result.tests if not test.outcome.passed}
    assert failed == set(expected["failed"]), "tests that failed differ from the manifest"
    for test_id, phrase in expected["failed"].items():
        assert phrase in outputs[test_id], "%s does not explain: %r" % (test_id, phrase)
    assert result.score == expected["score"]
    if "headline" in expected:     # a file that does not import: said first, once
        assert expected["headline"] in text_report.text_report(result).split("\n")[0]
        assert expected["headline"] in results_json(result)["output"].split("\n")[0]
        assert expected["flag"] in csv_table.flags(result)
    else:
        assert "does not import" not in result.headline


@pytest.mark.parametrize("name", FOLDERS)
def test_results_json_follows_gradescope(result, name):
    data = json.loads(json.dumps(results_json(result)))
    assert [test["status"] == "passed" for test in data["tests"]] == [
        test.passed for test in result.tests]
    assert isinstance(data["execution_time"], (int, float))
    assert isinstance(data["output"], str)
    assert data["score"] == pytest.approx(sum(test["score"] for test in data["tests"]))
    assert sum(test["max_score"] for test in data["tests"]) == pytest.approx(40)
    for test in data["tests"]:
        assert set(test) >= {"name", "score", "max_score", "status", "output", "visibility", "tags"}
        assert test["status"] in ("passed", "failed")
        forfeit = test["output"].startswith("passed; no points, as ")   # all-or-nothing
        assert forfeit == (test["status"] == "passed" and test["score"] == 0 < test["max_score"])
        assert test["score"] == (test["max_score"] if test["status"] == "passed" and not forfeit
                                 else 0)
        assert test["visibility"] in VISIBILITIES
        assert len(test["tags"]) == 1 and test["tags"][0] in GROUPS


def test_the_tests_list_is_the_same_for_every_submission(graded):
    lists = {name: [(t.spec.id, t.max_score) for t in result.tests]
             for name, result in graded.items()}
    assert len({tuple(tests) for tests in lists.values()}) == 1


def test_a_lost_point_always_has_an_explanation(graded):
    for result in graded.values():
        for test in result.tests:
            if not test.passed:
                assert text_report.test_output(test).strip()


@pytest.mark.parametrize("name", ["correct_counts", "samples_choices"])
def test_grading_twice_gives_the_same_result(result, name):
    again = grade_folder(name)

    def comparable(result):
        data = results_json(result)
        del data["execution_time"]
        return data
    assert comparable(again) == comparable(result)


def test_every_grading_ends_with_a_result(gradings):
    """None raised, nor ended as MachineTooBusy even graded again alone (pooled.py)."""
    assert {name: str(found) for name, found in gradings.items()
            if isinstance(found, Exception)} == {}


def test_near_miss_file_names_are_graded_with_a_note(gradings):
    result = pooled.value(gradings, "near_miss_names")
    assert result.near_misses == {"wordle.py": "Wordle (1).py", "easy_wordle.py": "easy_wordle.py.txt"}
    files = next(test for test in result.tests if test.spec.id == "checks.files")
    assert "took Wordle (1).py as wordle.py" in text_report.test_output(files)
