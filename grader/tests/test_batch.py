"""A class at once: finding each student's submission (folders, zips, Gradescope export,
Canvas download), names and cells safe everywhere, children that crash or hang, resuming."""
import csv
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time
import zipfile

import pytest

from grader import KIT_ROOT, grading, seed_key
from grader.staff import batch, class_folder, class_record
from grader.results import csv_table
from grader.results.rubric import load_rubric
from grader.tests import pinned
from grader.tests.manifest import MANIFEST

SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"
GRADESCOPE_METADATA = """\
submission_1001:
  :submitters:
  - :name: Ann Lee
    :sid: '123'
    :email: ann@example.edu
  :created_at: 2025-02-14 10:00:00.000000000 -06:00
  :score: 40.0
submission_1002: !ruby/hash:ActiveSupport::HashWithIndifferentAccess
  :submitters:
  - :name: Bo Chen
  - :name: Cy Diaz
submission_1003:
  :submitters: []
"""


def grader(*args, cwd=KIT_ROOT):
    env = {"PYTHONPATH": str(KIT_ROOT), "PATH": "/usr/bin:/bin",
           "WORDLE_KIT_CACHE": pinned.cache_folder()}
    return subprocess.run([sys.executable, "-m", "grader", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, timeout=300)


def names(students):
    return [student.name for student in students]


def test_a_folder_and_a_zip_of_the_same_name_are_two_students(tmp_path):
    (tmp_path / "ann").mkdir()
    (tmp_path / "ann.zip").write_bytes(b"PK")
    (tmp_path / "bo.ZIP").write_bytes(b"PK")
    (tmp_path / "notes.txt").write_text("not a submission")
    (tmp_path / ".DS_Store").write_text("")
    assert names(class_folder.find_students([tmp_path])) == ["ann", "ann.zip", "bo"]


def test_a_name_that_is_not_utf8_is_readable_text_and_stays_unique(tmp_path):
    os.mkdir(os.fsencode(tmp_path) + b"/\xffann")
    os.mkdir(os.fsencode(tmp_path) + b"/\xfeann")
    students = class_folder.find_students([tmp_path])
    assert names(students) == ["\ufffdann", "\ufffdann (2)"]
    for student in students:
        student.name.encode("utf-8")  # no surrogates left
        assert student.path.is_dir()


def test_a_gradescope_export_is_named_from_its_metadata(tmp_path):
    (tmp_path / "submission_metadata.yml").write_text(GRADESCOPE_METADATA)
    for folder in ("submission_1001", "submission_1002", "submission_1003", "submission_1004"):
        (tmp_path / folder).mkdir()
    assert names(class_folder.find_students([tmp_path])) == [
        "Ann Lee", "Bo Chen & Cy Diaz", "submission_1003", "submission_1004"]


def test_a_broken_gradescope_metadata_file_is_a_clear_error(tmp_path):
    (tmp_path / "submission_metadata.yml").write_text("submission_1: [unclosed\n")
    (tmp_path / "submission_1").mkdir()
    with pytest.raises(class_folder.ClassFolderError, match="cannot read"):
        class_folder.find_students([tmp_path])


def test_a_canvas_download_is_grouped_by_student_id(tmp_path):
    files = {"leeann_12345_900_wordle.py": "A", "leeann_12345_901_easy_wordle.py": "B",
             "chenbo_LATE_23456_902_wordle-1.py": "C", "diazcy_34567_903_project1.zip": "Z",
             "diazcy_34567_904_project1-1.zip": "Z1"}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    students = class_folder.find_students([tmp_path])
    assert names(students) == ["chenbo_23456", "diazcy_34567", "leeann_12345"]
    assert students[1].path.name == "diazcy_34567_904_project1-1.zip" and not students[1].files
    with class_folder.opened(students[2]) as folder:
        assert sorted(p.name for p in folder.iterdir()) == ["easy_wordle.py", "wordle.py"]
        assert (folder / "easy_wordle.py").read_text() == "B"
    assert not folder.exists()
    with class_folder.opened(students[0]) as folder:
        assert [p.name for p in folder.iterdir()] == ["wordle-1.py"]  # a near miss: graded


def test_cells_that_look_like_formulas_are_neutralised():
    for text in ("=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tx"):
        assert csv_table.safe_cell(text) == "'" + text
    assert csv_table.safe_cell("\rx\x1b[2J") == "\\x0dx\\x1b[2J"   # control characters shown
    assert csv_table.safe_cell("ann") == "ann" and csv_table.safe_cell(1.5) == "1.5"
    text = csv_table.csv_text([], {}, [csv_table.error_row("=cmd|' /C calc'!A0", "-oops")])
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[2][0] == "'=cmd|' /C calc'!A0" and rows[2][-1] == "'-oops"


class Student:
    def __init__(self, name):
        self.name = self.shown_path = name

    def identity(self):
        return {"sid": "", "email": "", "late": ""}


def run_fake_children(behaviours, timeout=30, crashed=None):
    """run_children with children that behave as told; {index: Record}.  A "crash once"
    child crashes when the folder crashed has no file of its name yet."""
    def start(connection, student, stamp, main_pid):
        behaviour = behaviours[student.name]
        if behaviour == "crash once" and not (crashed / student.name).exists():
            (crashed / student.name).touch()
            os._exit(3)
        if behaviour == "crash":
            os._exit(3)
        if behaviour == "hang":
            time.sleep(600)
        connection.send(class_record.Record({"student": student.name}, [], "fine"))

    done = {}
    todo = [(index, Student(name), "") for index, name in enumerate(behaviours)]
    batch.run_children(todo, 2, timeout, start, done.__setitem__)
    return done


def test_a_child_that_crashes_or_hangs_marks_its_own_row_and_the_class_goes_on(tmp_path):
    done = run_fake_children({"ann": "crash", "bo": "hang", "cy": "fine", "di": "crash once"},
                             timeout=3, crashed=tmp_path)
    assert "the grader failed on this submission" in done[0].row["error"]
    assert "exit status 3" in done[0].row["error"] and done[0].grader_failed
    assert "took over 3 s" in done[1].row["error"] and done[1].passed is None
    assert done[2].summary == done[3].summary == "fine"     # di graded at the second try


def zipped(folder, target):
    with zipfile.ZipFile(target, "w") as archive:
        for file in ("wordle.py", "easy_wordle.py"):
            archive.write(folder / file, file)
    return target


def test_odd_names_get_a_row_and_a_folder_each_and_a_rerun_resumes(tmp_path):
    root, out = tmp_path / "class", tmp_path / "out"
    shutil.copytree(SUBMISSIONS / "correct_counts", root / "X")
    root.mkdir(exist_ok=True)
    zipped(SUBMISSIONS / "no_letters_first_copy", root / "X.zip")
    os.mkdir(os.fsencode(root) + b"/\xffbad")                       # not UTF-8: graded, 0
    with open(os.fsencode(root) + b"/\xfebroken.zip", "wb") as broken:   # not UTF-8, not a zip
        broken.write(b"PK\x03\x04 no")
    evil = "=HYPERLINK(1)\x1b]0;pwned\x07"
    (root / evil).mkdir()
    (root / evil / "Wordle.py").write_text("")                       # a near miss
    result = grader("grade-all", root, "--out", out, "--jobs", "2")
    assert result.returncode == 0, result.stderr
    stdout = result.stdout.decode()
    assert "\x1b" not in stdout and "\\x1b]0;pwned\\x07" in stdout
    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    by_name = {row["student"]: row for row in rows[1:]}
    shown_evil = "'=HYPERLINK(1)\\x1b]0;pwned\\x07"
    assert set(by_name) == {"X", "X.zip", "\ufffdbad", shown_evil, "\ufffdbroken"}
    assert "cannot grade" in by_name["\ufffdbroken"]["error"]
    assert by_name["X"]["score"] == "40" and by_name["X.zip"]["score"] == "39"
    assert by_name["\ufffdbad"]["score"] == "0"
    assert "checks failed: files" in by_name["\ufffdbad"]["flags"]
    assert "near-miss name: Wordle.py graded as wordle.py" in by_name[shown_evil]["flags"]
    folders = sorted(p.name for p in out.iterdir() if p.is_dir())
    assert len(folders) == 5 and all(name.isprintable() and "\x1b" not in name for name in folders)
    student_names = {json.loads((out / f / "student.json").read_text())["student"] for f in folders}
    assert student_names == {"X", "X.zip", "\ufffdbad", evil, "\ufffdbroken"}

    (root / "X" / "wordle.py").write_text("")   # changed since: graded again; the others resumed
    again = grader("grade-all", root, "--out", out, "--jobs", "2")
    assert "3 of 5 already graded" in again.stdout.decode()   # X changed, the broken zip again
    rows_again = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))
    assert {row["student"]: row["score"] for row in rows_again}["X"] == "0"
    assert [row for row in rows_again if row["student"] != "X"] == [
        row for row in rows if row["student"] != "X"]   # the resumed rows are the same
    forced = grader("grade-all", root, "--out", out, "--jobs", "2", "--force")
    assert "already graded" not in forced.stdout.decode()


def test_more_jobs_than_cores_change_no_score(tmp_path, monkeypatch):
    for name in ("correct_loops", "cw_extra_yellow", "hostile_spawns_sleepers"):
        shutil.copytree(SUBMISSIONS / name, tmp_path / "class" / name)
    result = grader("grade-all", tmp_path / "class", "--csv", tmp_path / "scores.csv",
                    "--jobs", str(4 * (os.cpu_count() or 1)))
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader((tmp_path / "scores.csv").open()))[1:]
    # A buggy game's score depends on the secrets its files' seed draws: grade it alone, with
    # the command line's (pinned) key.
    monkeypatch.setattr(seed_key, "key", lambda: seed_key.read_key(
        pathlib.Path(pinned.cache_folder()) / "seed.key"))
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    alone = grading.grade(tmp_path / "class" / "cw_extra_yellow", rubric).score
    assert {row["student"]: float(row["score"]) for row in rows} == {
        "correct_loops": float(MANIFEST["correct_loops"]["score"]), "cw_extra_yellow": alone,
        "hostile_spawns_sleepers": float(MANIFEST["hostile_spawns_sleepers"]["score"])}


def test_flags_name_what_staff_should_look_at():
    from grader import grading
    from grader.results.outcome import Outcome
    from grader.results.rubric import load_rubric
    from grader.results.scoring import GradeResult, score_tests
    outcomes = {spec.id: Outcome(True) for spec in grading.ALL_SPECS}
    outcomes["checks.imports"] = Outcome.failed("imported os")
    outcomes["check_word.official"] = Outcome.failed("did not return within the time limit")
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    result = GradeResult("x", score_tests(rubric, grading.ALL_SPECS, outcomes),
                         near_misses={"wordle.py": "Wordle (1).py"},
                         missing_protections=["namespaces (no CAP_SYS_ADMIN)"])
    row = csv_table.result_row("ann", result, style_count=7)
    assert row["flags"].split("; ") == [
        "checks failed: imports", "near-miss name: Wordle (1).py graded as wordle.py",
        "jail unavailable: namespaces (no CAP_SYS_ADMIN)", "timeouts: 1 test"]
    assert row["style"] == "7" and row["check_word.official"] == "0" and row["score"] == "38.5"


def test_a_file_that_does_not_import_is_one_flag_and_its_checks_not_run_are_none():
    from grader import grading
    from grader.results.outcome import Outcome
    from grader.results.rubric import load_rubric
    from grader.results.scoring import GradeResult, score_tests
    reason = "not checked: wordle.py does not import (line 19)"
    outcomes = {spec.id: Outcome.skipped(reason) for spec in grading.ALL_SPECS}
    outcomes["checks.files"] = Outcome(True)
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    result = GradeResult("x", score_tests(rubric, grading.ALL_SPECS, outcomes),
                         flags=["wordle.py: SyntaxError line 19"])
    assert csv_table.result_row("ann", result)["flags"] == "wordle.py: SyntaxError line 19"


def test_a_terminal_shows_a_progress_bar_with_the_count(tmp_path):
    pytest.importorskip("tqdm")
    for name in ("ann", "bo"):
        (tmp_path / "class" / name).mkdir(parents=True)
    main, terminal = os.openpty()
    env = {"PYTHONPATH": str(KIT_ROOT), "PATH": "/usr/bin:/bin",
           "WORDLE_KIT_CACHE": pinned.cache_folder(), "TERM": "xterm"}
    process = subprocess.Popen([sys.executable, "-m", "grader", "grade-all", tmp_path / "class",
                                "--csv", tmp_path / "scores.csv", "--jobs", "1"],
                               cwd=KIT_ROOT, env=env, stdout=subprocess.PIPE, stderr=terminal)
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    stdout, _ = process.communicate(timeout=120)
    os.close(main)
    assert process.returncode == 0
    assert b"2/2" in shown and b"student" in shown          # N/M (and the time left)
    assert b"ann" in stdout and b"bo" in stdout and b"\x1b" not in stdout


def test_colliding_names_keep_their_results_apart_and_the_kit_files_in_place(tmp_path):
    """`Mary Jane` and `Mary_Jane`, `Ann` and `ann` (one folder where case is ignored), and
    students named like the kit's own files in --out: every one gets a folder of their own,
    and the CSV and the class page are written."""
    from grader.results.pages import layout
    root = tmp_path / "class"
    root.mkdir()
    names = ["Mary Jane", "Mary_Jane", "Ann", "ann", "grades.csv", "index.html",
             layout.folder_name("Mary Jane")]
    for name in names:
        (root / name).mkdir()
    students = class_folder.find_students([root])
    folders = [layout.folder_name(student.name).casefold() for student in students]
    assert len(set(folders)) == len(students) == len(names)
    assert not {"grades.csv", "index.html"} & set(folders)
    out = tmp_path / "out"
    for student in students:
        layout.write_submission(out, student.name, error="nothing to grade: %s" % student.name)
    read = {submission.student: submission for submission in layout.read_batch(out)[0]}
    assert sorted(read) == sorted(student.name for student in students)
    for student in students:
        assert read[student.name].error == "nothing to grade: %s" % student.name
    with pytest.raises(batch.BatchError, match="take the place of a student's folder"):
        batch.check_csv_place(out / layout.folder_name("Mary_Jane"), out, students)
    batch.check_csv_place(out / "grades.csv", out, students)


def test_grade_all_over_colliding_names_writes_every_student_and_the_kit_files(tmp_path):
    root, out = tmp_path / "class", tmp_path / "out"
    shutil.copytree(SUBMISSIONS / "correct_counts", root / "Mary Jane")
    for name in ("Mary_Jane", "grades.csv", "index.html"):
        (root / name).mkdir()
    result = grader("grade-all", root, "--out", out, "--jobs", "2", "--html")
    assert result.returncode == 0, result.stderr
    assert (out / "grades.csv").is_file() and (out / "index.html").is_file()
    rows = list(csv.DictReader((out / "grades.csv").open(encoding="utf-8")))[1:]
    assert {row["student"]: row["score"] for row in rows} == {
        "Mary Jane": "40", "Mary_Jane": "0", "grades.csv": "0", "index.html": "0"}
    for folder in (p for p in out.iterdir() if p.is_dir() and p.name[0] not in "._"):
        name = json.loads((folder / "student.json").read_text())["student"]
        score = json.loads((folder / "results.json").read_text())["score"]
        assert score == (40 if name == "Mary Jane" else 0)


def identities(students):
    return [(student.name, student.identity()) for student in students]


def test_an_exports_sids_and_emails_are_kept(tmp_path):
    (tmp_path / "submission_metadata.yml").write_text(GRADESCOPE_METADATA)
    for folder in ("submission_1001", "submission_1002"):
        (tmp_path / folder).mkdir()
    assert identities(class_folder.find_students([tmp_path])) == [
        ("Ann Lee", {"sid": "123", "email": "ann@example.edu", "late": ""}),
        ("Bo Chen & Cy Diaz", {"sid": "", "email": "", "late": ""})]


def test_an_export_inside_the_class_folder_is_read_as_an_export(tmp_path):
    export = tmp_path / "assignment_123_export"
    export.mkdir()
    (export / "submission_metadata.yml").write_text(GRADESCOPE_METADATA)
    (export / "submission_1001").mkdir()
    (tmp_path / "zed").mkdir()
    students = class_folder.find_students([tmp_path])
    assert names(students) == ["zed", "Ann Lee"]
    assert students[1].path == export / "submission_1001" and students[1].sid == "123"


def test_canvas_ids_and_late_marks_are_kept(tmp_path):
    for name in ("leeann_12345_900_wordle.py", "chenbo_LATE_23456_902_wordle.py",
                 "chenbo_23456_903_easy_wordle.py"):
        (tmp_path / name).write_text("x")
    assert identities(class_folder.find_students([tmp_path])) == [
        ("chenbo_23456", {"sid": "23456", "email": "", "late": "late"}),
        ("leeann_12345", {"sid": "12345", "email": "", "late": ""})]


def test_the_csv_has_the_identity_columns_after_the_name(tmp_path):
    (tmp_path / "submission_metadata.yml").write_text(GRADESCOPE_METADATA)
    (tmp_path / "submission_1001").mkdir()
    students = class_folder.find_students([tmp_path])
    batch.grade_class(students, tmp_path / "grades.csv")
    rows = list(csv.DictReader((tmp_path / "grades.csv").open()))
    assert list(rows[0])[:5] == ["student", "sid", "email", "late", "score"]
    assert (rows[1]["student"], rows[1]["sid"], rows[1]["email"]) == ("Ann Lee", "123", "ann@example.edu")
