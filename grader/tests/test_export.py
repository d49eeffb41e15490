"""python -m grader export (grader/staff/export.py): the kit's points of a graded folder and the
hand points, as Canvas's gradebook import, a plain CSV and the comments apart; nobody gets
a 0 for what is missing. The graded folders are written through the writer grade-all uses
(layout.write_submission with class_record's batch.json), one class is graded for real."""
import copy
import csv
import io
import json
import os
import subprocess
import sys

import pytest

from grader import KIT_ROOT, grading
from grader.assignment import GROUPS
from grader.results import csv_table
from grader.results.pages import layout
from grader.results.rubric import DEFAULT_RUBRIC, load_rubric
from grader.staff import class_record, export
from grader.staff.hand_points import HandPoints
from grader.tests import pinned

DEFAULT_RUBRIC_DATA = json.loads(DEFAULT_RUBRIC.read_text())
ITEMS = load_rubric(None, [spec.id for spec in grading.ALL_SPECS]).hand
FULL_HAND = {item.id: item.points for item in ITEMS}          # 60 points
GROUP_POINTS = {"check_word": 12, "known_word": 5, "no_letters": 5, "yes_letters": 5,
                "filter_word_list": 6, "wordle_program": 4, "easy_wordle_program": 3, "checks": 0}


def graded(out, name, score=None, max_score=40, error="", **identity):
    """A student's folder as grade-all writes it: score None is one it could not grade."""
    if score is None:
        row = dict(csv_table.error_row(name, error or "no Python file"), **identity)
        record = class_record.Record(row)
    else:
        row = dict({csv_table.STUDENT: name, csv_table.SCORE: "%g" % score,
                    csv_table.MAX_SCORE: "%g" % max_score, csv_table.ERROR: ""}, **identity)
        row.update((group, "%g" % (score * GROUP_POINTS[group] / 40)) for group in GROUPS)
        record = class_record.Record(row, [])
    text = class_record.Saved(layout.folder_name(name), "stamp", record).text()
    layout.write_submission(out, name, None if score is None else {"score": score, "tests": []},
                            "report", error=error or "no Python file", record=text)


def give(out, name, points=None, comments=None, skip=()):
    """The student's hand points (all in full unless points), saved as review saves them."""
    with HandPoints(out) as store:
        for item, value in (points or FULL_HAND).items():
            if item not in skip:
                store.save(layout.folder_name(name), item, value,
                           (comments or {}).get(item, ""), "ta1")


def run_export(out, *options):
    return subprocess.run([sys.executable, "-m", "grader", "export", str(out), *map(str, options)],
                          cwd=KIT_ROOT, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYTHONPATH=str(KIT_ROOT)))


def read_csv(path):
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))


@pytest.fixture
def a_class(tmp_path):
    """alice (Gradescope: SID and email) 40 + 56.5 by hand; Bo and Cy, partners, 30.5 + 60;
    leeann (a Canvas download) 20, two hand items not given; dan not graded, all hand points."""
    out = tmp_path / "graded"
    graded(out, "Alice Ng", 40, sid="111", email="alice@example.edu", late="")
    graded(out, "Bo Chen & Cy Diaz", 30.5, sid="222 & 333", email="bo@example.edu & cy@example.edu")
    graded(out, "leeann_12345", 20, sid="12345", late="late")
    graded(out, "dan", None)
    give(out, "Alice Ng", dict(FULL_HAND, style=7.5, **{"review.check_word": 5}),
         comments={"style": "=HYPERLINK(\"x\") long lines", "review.check_word": "misses ISSUE"})
    give(out, "Bo Chen & Cy Diaz")
    give(out, "leeann_12345", skip=("review.no_letters", "review.filter_word_list"))
    give(out, "dan")
    return out


def test_the_canvas_file_holds_the_100_point_totals_and_leaves_the_incomplete_empty(a_class):
    result = run_export(a_class)
    assert result.returncode == 1, result.stderr
    rows = read_csv(a_class / "export-canvas.csv")
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                       "Project 1: Wordle"]
    assert rows[1] == ["Points Possible", "", "", "", "", "100"]
    assert rows[2:] == [
        ["Alice Ng", "", "111", "alice@example.edu", "", "96.5"],
        ["Bo Chen", "", "222", "bo@example.edu", "", "90.5"],
        ["Cy Diaz", "", "333", "cy@example.edu", "", "90.5"],
        ["dan", "", "", "", "", ""],
        ["leeann_12345", "12345", "", "", "", ""]]
    assert "no total for leeann_12345 (leeann_12345): review.no_letters; " \
           "review.filter_word_list" in result.stderr
    assert "no total for dan (dan): not graded by the kit" in result.stderr
    assert "2 students without a total" in result.stderr
    assert "2 of 4 students have their total" in result.stdout


def test_the_plain_csv_has_one_header_row_with_the_maxima_and_the_comments_are_apart(a_class):
    assert run_export(a_class, "--allow-missing").returncode == 0
    rows = read_csv(a_class / "export-grades.csv")
    header = rows[0]
    assert header[:6] == ["student", "sid", "email", "canvas_id", "late", "folder"]
    assert "style (max 10)" in header and "review.wordle_program (max 14)" in header
    assert header[-3:] == ["hand total (max 60)", "total (max 100)", "missing"]
    assert all(not row[0].startswith("(") for row in rows[1:])   # no "(maximum)" row
    by_name = {row[0]: dict(zip(header, row)) for row in rows[1:]}
    alice = by_name["Alice Ng"]
    assert (alice["kit total (max 40)"], alice["style (max 10)"], alice["hand total (max 60)"],
            alice["total (max 100)"], alice["missing"]) == ("40", "7.5", "56.5", "96.5", "")
    assert alice["kit check_word (max 12)"] == "12"
    leeann = by_name["leeann_12345"]
    assert (leeann["canvas_id"], leeann["late"], leeann["review.no_letters (max 6)"],
            leeann["hand total (max 60)"], leeann["total (max 100)"]) == (
        "12345", "late", "", "", "")
    assert leeann["style (max 10)"] == "10" and leeann["kit total (max 40)"] == "20"
    dan = by_name["dan"]
    assert (dan["kit total (max 40)"], dan["total (max 100)"]) == ("", "")   # never a 0
    comments = read_csv(a_class / "export-comments.csv")
    assert comments[0][:2] == ["student", "sid"]
    assert [(row[0], row[4], row[6], row[8]) for row in comments[1:]] == [
        ("Alice Ng", "style", "7.5", "'=HYPERLINK(\"x\") long lines"),   # no formula
        ("Alice Ng", "review.check_word", "5", "misses ISSUE")]


def test_a_conflict_or_another_rubrics_grading_keeps_the_total_empty(a_class, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    with HandPoints(other) as store:
        store.save(layout.folder_name("Alice Ng"), "style", 9, "")
    with HandPoints(a_class) as store:
        store.merge(other / "hand_points.sqlite3")
    graded(a_class, "eve", 38, max_score=39)
    give(a_class, "eve")
    data = copy.deepcopy(DEFAULT_RUBRIC_DATA)     # a saved item the rubric dropped: not counted
    data["hand"] = [item for item in data["hand"] if item["id"] != "review.check_word"]
    (tmp_path / "rubric.json").write_text(json.dumps(data))
    fewer = run_export(a_class, "--allow-missing", "--rubric", tmp_path / "rubric.json",
                       "-o", tmp_path / "fewer.csv")
    assert fewer.returncode == 0, fewer.stderr
    assert read_csv(tmp_path / "fewer.csv")[1][-1] == "94"             # Points Possible: 40 + 54
    assert read_csv(tmp_path / "fewer.csv")[3][-1] == "84.5"      # Bo: 30.5 + 54
    result = run_export(a_class, "--allow-missing")
    assert result.returncode == 0, result.stderr
    assert ("no total for Alice Ng (Alice_Ng-b7cff60b): style (a conflict: merge-hand-points)"
            in result.stderr)
    assert "no total for eve (eve): graded out of 39, not the rubric's 40" in result.stderr
    totals = {row[0]: row[5] for row in read_csv(a_class / "export-canvas.csv")[2:]}
    assert totals["Alice Ng"] == "" and totals["eve"] == ""


def test_outputs_are_checked_before_anything_is_written(a_class, tmp_path):
    for options, message in [
            (["-o", tmp_path / "canvas.txt"], "a name ending in .csv"),
            (["-o", tmp_path / "a.csv", "--csv", tmp_path / "a.csv"], "three different files"),
            (["--csv", a_class / "grades.csv"], "is grade-all's CSV"),
            (["--comments", tmp_path / "missing" / "c.csv"], "there is no folder"),
            (["--assignment", " "], "give the assignment's name")]:
        result = run_export(a_class, *options)
        assert result.returncode == 2 and message in result.stderr, (options, result.stderr)
        assert "Traceback" not in result.stderr
    assert not list(a_class.glob("export-*.csv")) and not (tmp_path / "a.csv").exists()
    named = run_export(a_class, "-o", tmp_path / "canvas.csv", "--assignment",
                       "Project 1: Wordle (4242)", "--allow-missing")
    assert named.returncode == 0, named.stderr
    assert read_csv(tmp_path / "canvas.csv")[0][-1] == "Project 1: Wordle (4242)"
    empty = tmp_path / "empty"
    empty.mkdir()
    nothing = run_export(empty)
    assert nothing.returncode == 2 and "holds no graded students" in nothing.stderr


def test_partners_are_split_only_when_their_ids_pair_up():
    assert [(p.student, p.sid, p.email) for p in export.people(
        {"student": "A & B", "sid": "1 & 2", "email": ""})] == [("A", "1", ""), ("B", "2", "")]
    assert [(p.student, p.sid) for p in export.people(
        {"student": "A & B", "sid": "2", "email": ""})] == [("A & B", "2")]   # whose is 2?
    assert export.people({"student": "ann_77", "sid": "77", "email": ""})[0].canvas_id == "77"
    assert export.people({"student": "ann_77", "sid": "77", "email": "a@x"})[0].canvas_id == ""


def test_a_class_graded_for_real_exports_its_kit_points_plus_the_hand_points(tmp_path):
    """An empty submission: 0 kit points, graded by grade-all, then all 60 by hand."""
    (tmp_path / "class" / "zoe").mkdir(parents=True)
    out = tmp_path / "graded"
    done = subprocess.run([sys.executable, "-m", "grader", "grade-all", str(tmp_path / "class"),
                           "-o", str(out)], cwd=KIT_ROOT, capture_output=True, text=True,
                          timeout=240, env=dict(os.environ, PYTHONPATH=str(KIT_ROOT),
                                                WORDLE_KIT_CACHE=pinned.cache_folder()))
    assert done.returncode == 0, done.stderr
    give(out, "zoe")
    result = run_export(out)
    assert result.returncode == 0, result.stderr
    assert read_csv(out / "export-canvas.csv")[2] == ["zoe", "", "", "", "", "60"]
