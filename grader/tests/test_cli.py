"""The command line: reports, results.json, CSV for a class, and exit codes with clear messages."""
import contextlib
import csv
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile

import pytest

from grader import KIT_ROOT
from grader.tests import pinned

SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"


def grader(*args, cwd=KIT_ROOT):
    env = {"PYTHONPATH": str(KIT_ROOT), "PATH": "/usr/bin:/bin",
           "WORDLE_KIT_CACHE": pinned.cache_folder()}
    return subprocess.run([sys.executable, "-m", "grader", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=240)


def assert_clear_failure(result, status, message):
    assert result.returncode == status
    assert message in result.stderr
    assert "Traceback" not in result.stderr + result.stdout


def zip_of(folder, target, inner="project1/"):
    with zipfile.ZipFile(target, "w") as archive:
        for file in ("wordle.py", "easy_wordle.py"):
            archive.write(folder / file, inner + file)
    return target


def test_grading_a_zip_one_folder_down_writes_a_report_and_results_json(tmp_path):
    submission = zip_of(SUBMISSIONS / "correct_star", tmp_path / "student.zip")
    result = grader("grade", submission, "--json", tmp_path / "results.json", "--color", "--all")
    assert result.returncode == 0, result.stderr
    assert "Score: 40 / 40" in result.stdout and result.stdout.count("\033[32mPASS") == 39
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["score"] == 40 and len(data["tests"]) == 39
    assert {test["tags"][0] for test in data["tests"]} == {
        "check_word", "known_word", "no_letters", "yes_letters", "filter_word_list",
        "wordle_program", "easy_wordle_program", "checks"}


def test_grade_counts_the_passed_tests_and_lists_them_with_all(tmp_path):
    result = grader("grade", SUBMISSIONS / "correct_star", "--seed", "1913")
    assert result.returncode == 0, result.stderr
    assert "Passed: 39 of 39 tests (--all lists them)" in result.stdout
    assert "PASS" not in result.stdout


def test_a_grading_records_its_seed_and_seed_replays_it_exactly(tmp_path):
    first = grader("grade", SUBMISSIONS / "samples_choices", "--json", tmp_path / "first.json")
    seed = json.loads((tmp_path / "first.json").read_text())["extra_data"]["seed"]
    assert ("Seed: %d" % seed) in first.stdout and ("--seed %d" % seed) in first.stdout
    again = grader("grade", SUBMISSIONS / "samples_choices", "--seed", seed,
                   "--json", tmp_path / "again.json")
    outputs = [[test["output"] for test in json.loads((tmp_path / name).read_text())["tests"]]
               for name in ("first.json", "again.json")]
    assert outputs[0] == outputs[1]   # the same secrets, typed words and samples


def test_a_bad_seed_is_a_clear_error():
    assert_clear_failure(grader("grade", SUBMISSIONS / "correct_star", "--seed", "x1"), 2,
                         "expected a seed from a report")


def test_a_piped_report_has_no_colours_and_explains_lost_points():
    result = grader("grade", SUBMISSIONS / "label_grey_letters")
    assert result.returncode == 0
    assert "\033[" not in result.stdout
    assert "Score: 36 / 40" in result.stdout
    assert "line 3 differs: expected 'Grey Letters: ', got 'Grey letters: '" in result.stdout
    assert "- Grey Letters: " in result.stdout and "+ Grey letters: " in result.stdout


def test_a_missing_path_is_worded_alike_by_grade_and_grade_all(tmp_path):
    message = "error: cannot grade /no/such/submission: no such file or folder\n"
    assert grader("grade", "/no/such/submission").stderr == message
    result = grader("grade-all", "/no/such/submission", "--csv", tmp_path / "x.csv")
    assert result.returncode == 2 and result.stderr == message


def test_a_missing_rubric_is_named_without_an_errno():
    result = grader("tests", "--rubric", "/nonexistent.json")
    assert result.returncode == 2
    assert result.stderr == "error: cannot read rubric /nonexistent.json: No such file or directory\n"


def test_a_file_that_is_not_a_zip_is_a_clear_error(tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    assert_clear_failure(grader("grade", tmp_path / "notes.txt"), 2, "neither a folder nor a .zip")


def test_a_corrupt_zip_is_a_clear_error(tmp_path):
    whole = zip_of(SUBMISSIONS / "correct_star", tmp_path / "whole.zip").read_bytes()
    (tmp_path / "broken.zip").write_bytes(whole[:40] + whole[-200:])
    result = grader("grade", tmp_path / "broken.zip")
    assert_clear_failure(result, 2, "error: cannot grade")
    assert "broken.zip is a damaged zip" in result.stderr and "Errno" not in result.stderr


def test_a_bad_rubric_is_a_clear_error(tmp_path):
    (tmp_path / "rubric.json").write_text('{"groups": {"check_word": {"points": 12}}}')
    result = grader("grade", SUBMISSIONS / "correct_star", "--rubric", tmp_path / "rubric.json")
    assert_clear_failure(result, 2, "known_word, no_letters")


def test_an_unwritable_results_file_is_refused_before_grading():
    result = grader("grade", SUBMISSIONS / "correct_star", "--json", "/no/such/dir/results.json")
    assert_clear_failure(result, 2, "there is no folder /no/such/dir")
    assert result.stdout == ""


def test_a_folder_as_an_output_file_is_refused_before_grading(tmp_path):
    (tmp_path / "taken.json").mkdir()
    (tmp_path / "taken.csv").mkdir()
    (tmp_path / "class" / "ada").mkdir(parents=True)
    for arguments in (("grade", SUBMISSIONS / "correct_star", "--json", tmp_path / "taken.json"),
                      ("grade-all", tmp_path / "class", "--csv", tmp_path / "taken.csv")):
        result = grader(*arguments)
        assert_clear_failure(result, 2, "%s: it is a folder" % arguments[-1].name)
        assert result.stdout == "" and "Errno" not in result.stderr
        assert "graded" not in result.stderr


def test_an_output_folder_that_is_a_file_is_refused_without_an_errno(tmp_path):
    (tmp_path / "taken").write_text("")
    (tmp_path / "class" / "ada").mkdir(parents=True)
    result = grader("grade-all", tmp_path / "class", "-o", tmp_path / "taken")
    assert_clear_failure(result, 2, "taken: File exists")
    assert "Errno" not in result.stderr


def test_bad_arguments_are_explained_by_argparse():
    result = grader("grade-all", SUBMISSIONS, "--csv", "x.csv", "--jobs", "0")
    assert_clear_failure(result, 2, "must be at least 1")


def test_the_tests_command_lists_every_test_and_the_points():
    result = grader("tests")
    assert result.returncode == 0
    assert "check_word: 12 points" in result.stdout
    assert "wordle_program: 4 points, all or nothing" in result.stdout
    graded, hand = result.stdout.split("given by hand")
    assert graded.count("\n  ") == 39 and hand.count("\n  ") == 8    # the rubric's hand items


def test_the_grader_never_imports_the_students_files_from_its_working_directory(tmp_path):
    (tmp_path / "wordle.py").write_text("raise SystemExit('student code ran in the grader')\n")
    (tmp_path / "words.py").write_text("raise SystemExit('student words ran in the grader')\n")
    result = grader("tests", cwd=tmp_path)
    assert result.returncode == 0, result.stderr


def test_grade_all_writes_one_csv_row_per_student(tmp_path):
    for name in ("correct_counts", "no_letters_first_copy"):
        shutil.copytree(SUBMISSIONS / name, tmp_path / "class" / name)
    (tmp_path / "class" / "broken.zip").write_bytes(b"PK\x03\x04 not really a zip")
    result = grader("grade-all", tmp_path / "class", "--csv", tmp_path / "scores.csv",
                    "--jobs", "2", "--out", tmp_path / "out", "--html")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "index.html").is_file() and "class page:" in result.stdout
    rows = list(csv.DictReader((tmp_path / "scores.csv").open()))
    assert rows[0]["student"] == "(maximum)" and rows[0]["score"] == "40"
    assert rows[0]["no_letters"] == "5" and rows[0]["wordle_program.loss"] == "1.34"
    rows = {row["student"]: row for row in rows[1:]}
    assert list(rows) == ["broken", "correct_counts", "no_letters_first_copy"]
    assert rows["correct_counts"]["score"] == "40" and rows["correct_counts"]["error"] == ""
    assert rows["correct_counts"]["style"].isdigit() and rows["broken"]["style"] == ""
    assert rows["no_letters_first_copy"]["score"] == "39"
    assert rows["no_letters_first_copy"]["no_letters"] == "4"
    assert rows["no_letters_first_copy"]["no_letters.grey_copy_before"] == "0"
    assert rows["broken"]["score"] == "" and "cannot grade" in rows["broken"]["error"]
    out = tmp_path / "out"
    assert "Score: 39 / 40" in (out / "no_letters_first_copy" / "report.txt").read_text()
    assert json.loads((out / "correct_counts" / "results.json").read_text())["score"] == 40
    assert (out / "correct_counts" / "src" / "wordle.py").is_file()
    assert "cannot grade" in (out / "broken" / "error.txt").read_text()
    assert "score out of 40: mean 39.5" in result.stdout
    assert "50%  no_letters.grey_copy_before" in result.stdout


def test_grade_all_of_an_empty_folder_is_a_clear_error(tmp_path):
    (tmp_path / "class").mkdir()
    result = grader("grade-all", tmp_path / "class", "--csv", tmp_path / "scores.csv")
    assert_clear_failure(result, 2, "holds no submission folders, .zip files or Canvas files")


def start_grader(temp, *args, **options):
    """python -m grader ARGS in the background, its temp folders in temp."""
    env = {"PYTHONPATH": str(KIT_ROOT), "PATH": "/usr/bin:/bin",
           "WORDLE_KIT_CACHE": pinned.cache_folder(), "TMPDIR": str(temp)}
    return subprocess.Popen([sys.executable, "-m", "grader", *map(str, args)], cwd=KIT_ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **options)


def wait_for_sandboxes(temp, count, then=1.0):
    """Until count sandboxes are open in temp, then a little longer (their children are
    likely running; an interrupt must be handled at any moment, so this only makes the
    tests more searching)."""
    deadline = time.monotonic() + 300   # a safety net: the wait is for the event
    while len(list(temp.glob("wordle-kit-sandbox-*/box"))) < count:
        assert time.monotonic() < deadline, "%d sandboxes never opened" % count
        time.sleep(0.05)
    time.sleep(then)


def still_running(folder):
    """The processes with folder in their command line."""
    return subprocess.run(["pgrep", "-f", str(folder)], capture_output=True, text=True).stdout


def wait_until_gone(temp, folder, seconds):
    deadline = time.monotonic() + seconds
    while (still_running(folder) or list(temp.iterdir())) and time.monotonic() < deadline:
        time.sleep(0.1)


def assert_left_nothing(stderr, temp, folder):
    assert list(temp.iterdir()) == [], (stderr, list(temp.rglob("*")))
    assert still_running(folder) == ""


def assert_ended_cleanly(process, stderr, temp, folder):
    """Interrupted, said so without a traceback, and left no temp folder or process behind."""
    assert process.returncode == 130 and "interrupted" in stderr and "Traceback" not in stderr
    assert_left_nothing(stderr, temp, folder)


def test_sigterm_ends_grading_at_once_and_leaves_no_process_or_temp_dir(tmp_path):
    process = start_grader(tmp_path, "grade", SUBMISSIONS / "hostile_ignores_sigterm")
    # then its endless loops are running (grading it takes over 10 s)
    wait_for_sandboxes(tmp_path, 1, then=1.5)
    process.terminate()
    _, stderr = process.communicate(timeout=60)
    assert_ended_cleanly(process, stderr, tmp_path, tmp_path)


@pytest.mark.parametrize("moment", ["opening", "grading"])
def test_sigterm_to_the_whole_process_group_leaves_no_temp_dir(tmp_path, moment):
    """As `timeout` and CI runners send it: the grader and anything in its group at once."""
    temp = tmp_path / "tmp"
    temp.mkdir()
    process = start_grader(temp, "grade", SUBMISSIONS / "hostile_ignores_sigterm",
                           start_new_session=True)
    if moment == "opening":
        deadline = time.monotonic() + 30
        while not list(temp.glob("wordle-kit-*")) and time.monotonic() < deadline:
            time.sleep(0.01)
    else:
        wait_for_sandboxes(temp, 1)
    os.killpg(process.pid, signal.SIGTERM)
    _, stderr = process.communicate(timeout=60)
    wait_until_gone(temp, temp, seconds=60)
    assert process.returncode in (130, -signal.SIGTERM) and "Traceback" not in stderr
    assert_left_nothing(stderr, temp, temp)


@pytest.mark.parametrize("interrupt", ["sigterm", "ctrl-c", "sigkill"])
def test_interrupting_grade_all_stops_its_workers_and_leaves_no_process_or_temp_dir(tmp_path, interrupt):
    for student in ("ann", "bob", "cy"):
        shutil.copytree(SUBMISSIONS / "hostile_ignores_sigterm", tmp_path / "class" / student)
    temp = tmp_path / "tmp"
    temp.mkdir()
    process = start_grader(temp, "grade-all", tmp_path / "class", "--csv", tmp_path / "scores.csv",
                           "--jobs", "2", start_new_session=True)
    try:
        wait_for_sandboxes(temp, 2)  # both workers are grading endless loops now
        if interrupt == "ctrl-c":  # the terminal sends SIGINT to the whole foreground process group
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, getattr(signal, interrupt.upper()))
        _, stderr = process.communicate(timeout=120)
        if interrupt == "sigkill":  # no word from the main process; its workers clean up alone
            assert process.returncode == -signal.SIGKILL
            wait_until_gone(temp, tmp_path, seconds=60)
            assert_left_nothing(stderr, temp, tmp_path)
        else:
            assert_ended_cleanly(process, stderr, temp, tmp_path)
        if interrupt != "sigkill":  # what was graded (no one: grading stopped), as a valid CSV
            rows = list(csv.reader((tmp_path / "scores.csv").open()))
            assert [row[0] for row in rows] == ["student", "(maximum)"], \
                "grade-all went on grading after the interrupt"
    finally:  # a failure must not leave workers behind
        for pid in still_running(tmp_path).split():
            with contextlib.suppress(ProcessLookupError):
                os.kill(int(pid), signal.SIGKILL)


def test_a_missing_file_is_one_first_line_and_no_python_file_is_refused(tmp_path):
    misnamed = tmp_path / "misnamed"
    misnamed.mkdir()
    shutil.copy(SUBMISSIONS / "correct_counts" / "wordle.py", misnamed / "wordle.py")
    shutil.copy(SUBMISSIONS / "correct_counts" / "easy_wordle.py", misnamed / "easywordle.py")
    graded = grader("grade", misnamed, "--no-color")
    assert graded.returncode == 0, graded.stderr
    assert graded.stdout.splitlines()[0] == \
        "easy_wordle.py not found; found: easywordle.py (rename it and resubmit)"
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "README.txt").write_text("my project")
    refused = grader("grade", empty, "--json", tmp_path / "results.json")
    assert_clear_failure(refused, 2, "no Python file was submitted: wordle.py and "
                         "easy_wordle.py not found")
    assert refused.stdout == "" and len(refused.stderr.splitlines()) == 1
    data = json.loads((tmp_path / "results.json").read_text())   # for Gradescope: a 0 and why
    assert data["score"] == 0 and data["output"].startswith("no Python file was submitted")


def test_html_without_the_staff_libraries_stops_before_grading_anyone(tmp_path):
    code = ("import sys; sys.modules['copydetect'] = None; from grader.staff.cli import main; "
            "sys.exit(main(sys.argv[1:]))")
    env = {"PYTHONPATH": str(KIT_ROOT), "PATH": "/usr/bin:/bin",
           "WORDLE_KIT_CACHE": pinned.cache_folder()}
    result = subprocess.run([sys.executable, "-c", code, "grade-all", SUBMISSIONS / "correct_star",
                             "-o", tmp_path / "graded", "--html"], cwd=KIT_ROOT, env=env,
                            capture_output=True, text=True, timeout=240)
    assert_clear_failure(result, 2, "the staff pages need copydetect")
    assert "pip install -r requirements.txt" in result.stderr
    assert "python -m grader report DIR" in result.stderr
    assert not (tmp_path / "graded").exists()        # nobody was graded


def test_json_alone_prints_results_json_instead_of_the_report():
    result = grader("grade", SUBMISSIONS / "correct_star", "--json", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["score"] == 40


@pytest.mark.parametrize("target", ["results.txt", "results"])
def test_json_file_names_end_in_json(target):
    assert_clear_failure(grader("grade", SUBMISSIONS / "correct_star", "--json", target), 2,
                         "a JSON file's name ends in .json")


def test_the_bundle_must_be_named_zip(tmp_path):
    result = grader("gradescope-bundle", "-o", tmp_path / "x.txt")
    assert_clear_failure(result, 2, "give a name ending in .zip")
    assert not (tmp_path / "x.txt").exists()


def test_help_lists_batch_as_grade_alls_alias_not_a_command():
    out = grader("--help").stdout
    assert "grade-all (batch)" in out and out.count("batch") == 1


@pytest.mark.parametrize("setting, no_color, coloured", [
    ("auto", "", True), ("auto", "1", False), ("never", "", False), ("always", "1", True),
    (None, "1", True), ("no-color", "", False)])
def test_colour_settings(monkeypatch, setting, no_color, coloured):
    from grader.staff import cli
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    options = {None: ["--color"], "no-color": ["--no-color"]}.get(setting, ["--color", setting])
    args = cli.parser().parse_args(["grade", "x"] + options)
    assert cli.use_colour(args.color, sys.stdout, {"NO_COLOR": no_color, "TERM": "xterm"}) is coloured
