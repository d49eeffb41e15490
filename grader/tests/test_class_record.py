"""The output folder is the class's record (issue 42): whatever a run grades, the CSV holds
every student's folder under -o, a regrade keeps the earlier gradings, outputs never meet
inputs, and the closing line counts what the run did.  The submissions are quick ones: an
empty folder (0 points, nothing to run) and a wordle.py whose known_word gets 1 point."""
import csv
import json
import os
import subprocess
import sys

import pytest

from grader import KIT_ROOT
from grader.results.pages import layout
from grader.staff import batch, class_folder, class_record
from grader.tests import pinned

ONE_POINT = 'def known_word(clues):\n    return "_____"\n'


def grader(*args):
    env = {"PYTHONPATH": str(KIT_ROOT), "PATH": "/usr/bin:/bin",
           "WORDLE_KIT_CACHE": pinned.cache_folder()}
    return subprocess.run([sys.executable, "-m", "grader", *map(str, args)], cwd=KIT_ROOT,
                          env=env, capture_output=True, text=True, timeout=240)


def make_class(root, one_point=(), empty=()):
    for name in one_point:
        (root / name).mkdir(parents=True)
        (root / name / "wordle.py").write_text(ONE_POINT)
    for name in empty:
        (root / name).mkdir(parents=True)
    return root


def scores(csv_path):
    with open(csv_path, encoding="utf-8") as handle:
        return {row["student"]: row["score"] for row in list(csv.DictReader(handle))[1:]}


def history(out, name):
    return json.loads((out / name / layout.RECORD).read_text())["history"]


def test_regrading_a_few_keeps_every_row_and_each_regraded_student_s_past(tmp_path):
    root = make_class(tmp_path / "class", one_point=["alice", "bob"], empty=["carol"])
    out = tmp_path / "out"
    (out / "_similar").mkdir(parents=True)              # the pages' and the staff's, not students'
    (out / "hand_points.sqlite3").write_bytes(b"SQLite format 3\0 the staff's hand points")
    (out / "notes").mkdir()
    first = grader("grade-all", root, "-o", out, "--jobs", "2")
    assert first.returncode == 0, first.stderr
    assert scores(out / "grades.csv") == {"alice": "1", "bob": "1", "carol": "0"}

    (root / "carol" / "wordle.py").write_text(ONE_POINT)     # carol hands in; bob's unchanged
    again = grader("grade-all", root / "carol", root / "bob", "-o", out, "--force")
    assert again.returncode == 0, again.stderr
    assert scores(out / "grades.csv") == {"alice": "1", "bob": "1", "carol": "1"}
    assert "1 of 2 graded again changed score:\n  carol: 0 -> 1 (+1)\n" in again.stdout
    assert ("graded now: 2. In all, %s holds 3 students: 3 graded, 0 not graded" % out
            in again.stdout)
    assert [entry["score"] for entry in history(out, "carol")] == ["0", "1"]
    assert [entry["score"] for entry in history(out, "bob")] == ["1", "1"]
    assert len(history(out, "alice")) == 1
    for entry in history(out, "carol"):
        assert entry["kit"] == class_record.kit_version() and isinstance(entry["seed"], int)
        assert entry["when"].endswith("+00:00")
    assert (out / "hand_points.sqlite3").read_bytes() == (b"SQLite format 3\0 the staff's "
                                                          b"hand points")
    assert [row["student"] for row in class_record.graded_records(out)] == ["alice", "bob", "carol"]
    page_students = [submission.student for submission in layout.read_batch(out)[0]]
    assert page_students == ["alice", "bob", "carol"]      # the class page's, the same


def test_the_closing_line_counts_a_resume_and_an_error_truly(tmp_path):
    root = make_class(tmp_path / "class", one_point=["alice"], empty=["bob"])
    (root / "dan.zip").write_bytes(b"PK\x03\x04 not a zip")
    out = tmp_path / "out"
    assert grader("grade-all", root / "alice", "-o", out).returncode == 0
    result = grader("grade-all", root, "-o", out, "--jobs", "2")
    assert result.returncode == 0, result.stderr
    closing = result.stdout.strip().split("\n")[-1]
    assert closing.startswith("graded now: 1, skipped as already graded: 1, "
                              "failed: 1: dan (cannot grade")
    assert closing.endswith("In all, %s holds 3 students: 2 graded, 1 not graded; scores in %s"
                            % (out, out / "grades.csv"))
    assert scores(out / "grades.csv") == {"alice": "1", "bob": "0", "dan": ""}


def test_only_grades_the_named_students_and_names_an_unknown_one(tmp_path):
    root = make_class(tmp_path / "class", empty=["alice", "bob", "carol"])
    out = tmp_path / "out"
    result = grader("grade-all", root, "-o", out, "--only", "carol", "alice")
    assert result.returncode == 0, result.stderr
    assert scores(out / "grades.csv") == {"alice": "0", "carol": "0"}
    unknown = grader("grade-all", root, "-o", out, "--only", "dave")
    assert unknown.returncode == 2 and "--only: no student named dave" in unknown.stderr
    assert "Traceback" not in unknown.stderr


def test_one_student_s_folder_is_the_submission_itself(tmp_path):
    root = make_class(tmp_path / "class", one_point=["carol"])
    (root / "carol" / "__pycache__").mkdir()
    assert class_folder.is_submission(root / "carol")
    assert not class_folder.is_submission(root)
    result = grader("grade-all", root / "carol", "-o", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    assert scores(tmp_path / "out" / "grades.csv") == {"carol": "1"}


@pytest.mark.parametrize("out", ["class", "class/out", "."])
def test_an_output_folder_that_is_inside_or_around_an_input_is_refused(tmp_path, out):
    root = make_class(tmp_path / "class", empty=["alice"])
    result = grader("grade-all", root, "-o", tmp_path / out)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "-o %s " % (tmp_path / out) in result.stderr
    assert ("holds the input" if out == "." else "the input") in result.stderr
    assert sorted(path.name for path in root.iterdir()) == ["alice"]   # nothing written
    assert not (tmp_path / "class" / "out").exists() and not (tmp_path / "grades.csv").exists()


def test_a_csv_file_is_named_csv_and_kept_out_of_the_submissions(tmp_path):
    root = make_class(tmp_path / "class", empty=["alice"])
    named = grader("grade-all", root, "--csv", tmp_path / "grades.txt")
    assert named.returncode == 2 and "ending in .csv" in named.stderr
    inside = grader("grade-all", root, "--csv", root / "alice" / "grades.csv")
    assert inside.returncode == 2 and "inside the input" in inside.stderr
    assert not (root / "alice" / "grades.csv").exists()


def test_a_folder_without_a_record_gets_an_error_row_not_a_silent_gap(tmp_path):
    out = tmp_path / "out"
    layout.write_submission(out, "old", {"score": 3, "tests": []})   # graded, no batch.json
    layout.write_submission(out, "eve", error="cannot grade: no Python file",
                            record=class_record.Saved("eve", "", class_record.Record(
                                {"student": "eve", "error": "cannot grade", "sid": "7"})).text())
    (out / "hand_points.sqlite3").write_bytes(b"")
    (out / "empty").mkdir()     # no results.json nor error.txt: not a student
    rows = class_record.graded_records(out)
    assert [row["student"] for row in rows] == ["eve", "old"]
    assert rows[0]["sid"] == "7"
    assert "grade it again with grade-all --force --only old" in rows[1]["error"]
    assert (rows[1]["sid"], rows[1]["email"], rows[1]["late"]) == ("", "", "")


def test_a_grader_failure_on_regrade_keeps_the_earlier_grading(tmp_path, monkeypatch):
    root = make_class(tmp_path / "class", empty=["alice"])
    out = tmp_path / "out"
    students = class_folder.find_students([root])
    batch.grade_class(students, out / "grades.csv", out=out)
    monkeypatch.setattr(batch, "grade_one", lambda student, *args: batch.grader_failed_record(
        student, "RuntimeError: boom"))
    lines = batch.grade_class(students, out / "grades.csv", out=out, force=True)
    assert "failed: 1: alice (the grader failed on this submission" in lines[-1]
    assert scores(out / "grades.csv") == {"alice": "0"}
    assert (out / "alice" / layout.RESULTS).is_file() and len(history(out, "alice")) == 1


def test_the_slowest_known_start_first_and_the_untimed_as_typical():
    def saved(seconds):
        return class_record.Saved("x", "", class_record.Record({}, seconds=seconds))
    todo = [(index, None, "") for index in range(5)]
    earlier = {0: saved(1.0), 2: saved(30.0), 3: saved(10.0), 4: saved(2.0)}
    assert [index for index, _, _ in batch.slowest_first(todo, earlier)] == [2, 3, 1, 4, 0]
    assert batch.slowest_first(todo, {}) == todo


def test_a_resumed_row_takes_the_identity_the_class_folder_gives_now(tmp_path):
    out = tmp_path / "out"
    saved = class_record.Saved("ann", "f", class_record.Record({"student": "ann", "score": "3"},
                                                               passed=[]))
    layout.write_submission(out, "ann", {"score": 3, "tests": []}, record=saved.text())
    identity = {"sid": "123", "email": "ann@example.edu", "late": ""}
    record = class_record.with_identity(out, class_record.saved_record(out, "ann"), identity)
    assert record.row == {"student": "ann", "score": "3", **identity}
    assert class_record.graded_records(out) == [record.row]
    assert os.listdir(out / "ann").count(layout.RECORD) == 1


def test_a_record_written_before_gradings_were_kept_joins_the_history(tmp_path):
    out = tmp_path / "out"
    old = {"fingerprint": "f", "record": {"row": {"student": "ann", "score": "3"}, "passed": []}}
    layout.write_submission(out, "ann", {"score": 3, "tests": []}, record=json.dumps(old))
    new = class_record.Record({"student": "ann", "score": "5"}, passed=[])
    text = class_record.record_text(out, "ann", "g", new,
                                    class_record.history_entry(new, "now", seed=7))
    assert [(entry["score"], entry["kit"]) for entry in json.loads(text)["history"]] == [
        ("3", "unknown"), ("5", class_record.kit_version())]


@pytest.mark.parametrize("text", ['[1]', '{',
                                  '{"fingerprint": "f", "record": {"row": [], "passed": []}}',
                                  '{"fingerprint": "f", "record": {"row": {}, "seconds": "slow"}}',
                                  '{"fingerprint": "f", "record": {"row": {}, "passed": "all"}}',
                                  '{"fingerprint": "f", "record": {"row": {}, "passed": []}}',
                                  '{"fingerprint": "f", "record": {"row": {}, "evil": 1}}'])
def test_a_record_of_another_shape_is_no_record(tmp_path, text):
    """A graded folder is shared between staff: what its batch.json holds is not trusted."""
    layout.write_submission(tmp_path, "ann", {"score": 3, "tests": []}, record=text)
    assert class_record.saved_record(tmp_path, "ann") is None
    assert "no grade-all record" in class_record.graded_records(tmp_path)[0]["error"]
