"""The Gradescope autograder zip: its contents, and setup.sh then run_autograder in a tree
laid out like /autograder, on Python 3.10 (Gradescope's Ubuntu 22.04) and on a Python
marked externally managed (PEP 668), for a correct, a broken and a hostile submission."""
import ast
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

import pytest

from grader import KIT_ROOT as ROOT
from grader import grading
from grader.gradescope.bundle import build
from grader.results.gradescope_json import results_json
from grader.results.outcome import Outcome
from grader.results.rubric import load_rubric
from grader.results.scoring import GradeResult, points, score_tests
from grader.results.text_report import STAFF_TITLE, text_report
from grader.staff.gradescope_test import base_interpreter
from grader.tests.manifest import MANIFEST
from grader.tests.test_jail import NEEDS_NOBODY, NO_USER_NAMESPACES, WITHOUT_CAP_SYS_ADMIN

SUBMISSIONS = ROOT / "grader" / "tests" / "submissions"
PYTHON_310 = pathlib.Path.home() / ".pyenv" / "versions" / "3.10.13" / "bin" / "python"
SYSTEM_PYTHON = pathlib.Path("/usr/bin/python3")

# Gradescope's results.json (gradescope-autograders.readthedocs.io/en/latest/specs/)
TOP_KEYS = {"score", "execution_time", "output", "output_format", "test_output_format",
            "test_name_format", "visibility", "stdout_visibility", "extra_data", "tests",
            "leaderboard"}
TEST_KEYS = {"score", "max_score", "status", "name", "name_format", "number", "output",
             "output_format", "tags", "visibility", "extra_data"}
VISIBILITIES = {"visible", "hidden", "after_due_date", "after_published"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}


def check_results_format(data):
    """Fail unless data is a results.json Gradescope accepts."""
    assert isinstance(data, dict) and set(data) <= TOP_KEYS, set(data) - TOP_KEYS
    tests = data.get("tests", [])
    assert isinstance(tests, list)
    assert "score" in data or all("score" in test for test in tests)
    number = (int, float)
    assert isinstance(data.get("score", 0), number) and not isinstance(data.get("score"), bool)
    assert isinstance(data.get("execution_time", 0), number)
    assert isinstance(data.get("output", ""), str)
    for key in ("output_format", "test_output_format", "test_name_format"):
        assert data.get(key, "text") in FORMATS
    for key in ("visibility", "stdout_visibility"):
        assert data.get(key, "visible") in VISIBILITIES
    for test in tests:
        assert isinstance(test, dict) and set(test) <= TEST_KEYS, set(test) - TEST_KEYS
        assert isinstance(test.get("score", 0), number)
        assert isinstance(test.get("max_score", 0), number)
        assert test.get("status", "passed") in {"passed", "failed"}
        assert isinstance(test.get("name", ""), str) and isinstance(test.get("output", ""), str)
        assert test.get("visibility", "visible") in VISIBILITIES
        assert test.get("output_format", "text") in FORMATS
        assert all(isinstance(tag, str) for tag in test.get("tags", []))


def zip_names(archive):
    with zipfile.ZipFile(archive) as opened:
        return opened.namelist(), {info.filename: info.external_attr >> 16
                                   for info in opened.infolist()}


def test_zip_has_gradescope_scripts_on_top_and_no_tests_or_staff_parts(tmp_path):
    archive = tmp_path / "autograder.zip"
    build(archive)
    names, modes = zip_names(archive)
    for name in ("setup.sh", "run_autograder", "wordle.py", "words.py", "grader/__main__.py",
                 "grader/results/rubric.json", "grader/sandbox/child/worker.py",
                 "grader/sandbox/child/start.py",
                 "licenses/wordle-list.LICENSE"):
        assert name in names
    assert modes["run_autograder"] & 0o111 and modes["setup.sh"] & 0o111
    assert not [name for name in names if "/tests/" in name or name.endswith(".pyc")]
    assert not [name for name in names if "/pages/" in name or "/review/" in name
                or name.endswith(".html")]
    assert "grader/staff/batch.py" not in names and "requirements.txt" not in names


def grader(*args):
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "grader", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_bundle_command_takes_a_rubric_and_refuses_a_bad_one(tmp_path):
    rubric = json.loads((ROOT / "grader" / "results" / "rubric.json").read_text())
    rubric["groups"]["checks"]["points"] = 2
    (tmp_path / "rubric.json").write_text(json.dumps(rubric))
    result = grader("gradescope-bundle", "-o", tmp_path / "a.zip",
                    "--rubric", tmp_path / "rubric.json")
    assert result.returncode == 0, result.stderr
    with zipfile.ZipFile(tmp_path / "a.zip") as opened:
        assert json.loads(opened.read("grader/results/rubric.json")) == rubric
    (tmp_path / "bad.json").write_text('{"groups": {}}')
    bad = grader("gradescope-bundle", "-o", tmp_path / "b.zip", "--rubric", tmp_path / "bad.json")
    assert bad.returncode == 2 and "error:" in bad.stderr and "Traceback" not in bad.stderr
    assert not (tmp_path / "b.zip").exists()


def pythons():
    found = []
    for path, marked in ((PYTHON_310, False), (SYSTEM_PYTHON, True)):
        reason = None
        if not path.exists():
            reason = "%s is not installed" % path
        elif marked and not list(path.parent.parent.glob("lib/python3*/EXTERNALLY-MANAGED")):
            reason = "%s is not marked externally managed (PEP 668)" % path
        found.append(pytest.param(path, id="python3.10" if not marked else "pep668",
                                  marks=[pytest.mark.skip(reason=reason)] if reason else []))
    return found


def site_packages(python):
    code = ("import os, sysconfig; print(sorted({p: sorted(os.listdir(p)) if os.path.isdir(p) "
            "else None for p in {sysconfig.get_path('purelib'), sysconfig.get_path('platlib')}}"
            ".items()))")
    return subprocess.run([str(python), "-c", code], capture_output=True, text=True).stdout


def run_script(root, bin_dir, script, prefix=()):
    env = {"AUTOGRADER_ROOT": str(root), "PATH": "%s:/usr/bin:/bin" % bin_dir, "HOME": str(root),
           "TMPDIR": os.environ.get("TMPDIR", "/tmp")}
    return subprocess.run(list(prefix) + ["bash", str(root / "source" / script)], env=env,
                          capture_output=True, text=True, timeout=300, cwd=root)


def broken_submission(folder):
    folder.mkdir()
    (folder / "wordle.py").write_text("def check_word(secret, guess)\n    return []\n")


@pytest.mark.parametrize("python", pythons())
def test_setup_then_run_autograder_in_an_autograder_tree(tmp_path, python):
    before = site_packages(python)
    root, bin_dir = autograder_tree(tmp_path, python)
    assert not (tmp_path / "installs.log").exists()
    assert site_packages(python) == before   # the image's Python is left as it was
    assert (root / "source" / ".python").read_text().strip() == str(bin_dir / "python3")

    def grade(prepare):
        shutil.rmtree(root / "submission", ignore_errors=True)
        prepare(root / "submission")
        result = run_script(root, bin_dir, "run_autograder")
        assert result.returncode == 0, result.stderr
        data = json.loads((root / "results" / "results.json").read_text())
        check_results_format(data)
        return data

    correct = grade(lambda folder: shutil.copytree(SUBMISSIONS / "correct_star", folder))
    assert correct["score"] == 40 and all(t["status"] == "passed" for t in correct["tests"])
    broken = grade(broken_submission)
    assert broken["score"] == 0 and len(broken["tests"]) == len(correct["tests"])
    assert "easy_wordle.py" in broken["output"]
    hostile = grade(lambda folder: shutil.copytree(SUBMISSIONS / "hostile_exit_at_import", folder))
    assert hostile["score"] == 0 and len(hostile["tests"]) == len(correct["tests"])


def _bundle(tmp_path, rubric=None):
    archive = tmp_path / "autograder.zip"
    build(archive, rubric)
    return archive


def autograder_tree(tmp_path, python, rubric=None):
    """An /autograder tree from the bundle, set up (setup.sh) with python as python3 and
    apt-get and pip that only log their calls to installs.log."""
    root = tmp_path / "autograder"
    with zipfile.ZipFile(_bundle(tmp_path, rubric)) as opened:
        opened.extractall(root / "source")
    for name in ("setup.sh", "run_autograder"):   # zipfile does not restore modes
        os.chmod(root / "source" / name, 0o755)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(python)
    for tool in ("apt-get", "pip", "pip3"):      # setup.sh must need none of them
        (bin_dir / tool).write_text("#!/bin/sh\necho \"$0 $*\" >> %s/installs.log\nexit 1\n"
                                    % tmp_path)
        os.chmod(bin_dir / tool, 0o755)
    setup = run_script(root, bin_dir, "setup.sh")
    assert setup.returncode == 0, setup.stdout + setup.stderr
    return root, bin_dir


# The rubric: a function test shown only once grades are published, the checks hidden,
# and here one test of an all-or-nothing group hidden too (its points forfeit the shown ones).
HIDING = {"groups": {"checks": {"points": 0, "visibility": "hidden"}},
          "tests": {"check_word.random_pairs": {"visibility": "after_published"},
                    "wordle_program.second_game": {"visibility": "hidden"}}}
STAFF_ONLY = ["protection not available", "unshare", "--seed", "replays", "Seed", "Sandbox",
              "student code sees"]


def hiding_rubric(folder):
    rubric = json.loads((ROOT / "grader" / "results" / "rubric.json").read_text())
    rubric["groups"].update(HIDING["groups"])
    rubric["tests"].update(HIDING["tests"])
    (folder / "hiding.json").write_text(json.dumps(rubric))
    return folder / "hiding.json"


def student_text(data):
    """Everything of results.json a student sees before grades are published."""
    return "\n".join([data["output"]] + [test["name"] + "\n" + test.get("output", "")
                                        for test in data["tests"] if test["visibility"] == "visible"])


def assert_nothing_hidden_is_shown(data):
    shown = [test for test in data["tests"] if test["visibility"] == "visible"]
    hidden = [test for test in data["tests"] if test["visibility"] != "visible"]
    text = student_text(data)
    for test in hidden:    # a name is not found inside another ("easy_wordle.py: ...")
        assert not re.search(r"(?<!\w)" + re.escape(test["name"]), text), test["name"]
        if test["output"] and not test["output"].startswith("passed; no points"):  # a group's forfeit
            assert test["output"] not in text, test["name"]     # reads the same in each test
    assert [word for word in STAFF_ONLY if word in text] == []
    total = "%s / %s points" % (points(sum(test["score"] for test in shown)),
                                points(sum(test["max_score"] for test in shown)))
    assert "Tests shown now: %s." % total in data["output"]
    assert "/ 40" not in text and "Score" not in data["output"]


def test_run_autograder_writes_results_json_even_when_the_grader_cannot_run(tmp_path):
    root = tmp_path / "autograder"
    with zipfile.ZipFile(_bundle(tmp_path)) as opened:
        opened.extractall(root / "source")
    shutil.rmtree(root / "source" / "grader" / "sandbox")       # a grader that cannot start
    (root / "submission").mkdir()
    # the interpreter outside the kit's virtual environment, whose editable install of the kit
    # would lend the bundle the modules it lacks
    result = run_script(root, pathlib.Path(base_interpreter()).parent, "run_autograder")
    assert result.returncode == 0
    data = json.loads((root / "results" / "results.json").read_text())
    check_results_format(data)
    assert data["score"] == 0 and "could not grade" in data["output"]
    assert '"' not in data["output"][60:] and "\\" not in data["output"]


def test_results_json_shows_students_no_hidden_test_and_no_staff_note(tmp_path):
    rubric = load_rubric(hiding_rubric(tmp_path), [spec.id for spec in grading.ALL_SPECS])
    failing = {"check_word.official", "check_word.random_pairs", "wordle_program.second_game",
               "checks.imports"}
    outcomes = {spec.id: Outcome(spec.id not in failing, ["why %s failed" % spec.id]
                                 if spec.id in failing else [])
                for spec in grading.ALL_SPECS}
    result = GradeResult("sub", score_tests(rubric, grading.ALL_SPECS, outcomes),
                         ["protection not available: PermissionError: unshare"], 1.0, 1234,
                         sandbox_mode="uid", protections=["a uid of its own"])
    data = results_json(result)
    check_results_format(data)
    assert_nothing_hidden_is_shown(data)
    assert "why check_word.official failed" in student_text(data)
    assert "why" not in student_text(data).replace("why check_word.official failed", "")
    assert "check_word: the official tester's cases" in data["output"]
    wordle_loss = next(test for test in data["tests"] if test["name"].startswith("wordle.py: a lost"))
    assert "another of its tests failed" in wordle_loss["output"]
    assert data["extra_data"]["replay"] == "python -m grader grade PATH --seed 1234"
    assert data["stdout_visibility"] == "hidden"
    report = text_report(result)
    staff = report.split(STAFF_TITLE)[1]
    assert "unshare" in staff and "--seed 1234" in staff and "Sandbox: uid mode" in staff
    assert "unshare" not in report.split(STAFF_TITLE)[0]
    assert "[hidden from students]" in report and "[shown once grades are published]" in report


@pytest.mark.timeout(600)
@NEEDS_NOBODY
def test_on_gradescope_students_see_their_findings_only(tmp_path):
    """Gradescope's container (root, no namespaces: the uid mode), a rubric that hides tests:
    no hidden test's name, points or explanation and no sandbox note or replay hint in what
    students see; those are in extra_data and the run's output, which staff see.  A missing,
    a misnamed and no Python file are each one line."""
    root, bin_dir = autograder_tree(tmp_path, SYSTEM_PYTHON, hiding_rubric(tmp_path))
    container = NO_USER_NAMESPACES + WITHOUT_CAP_SYS_ADMIN

    def grade(prepare):
        shutil.rmtree(root / "submission", ignore_errors=True)
        (root / "submission").mkdir()
        prepare(root / "submission")
        run = run_script(root, bin_dir, "run_autograder", container)
        assert run.returncode == 0, run.stderr
        data = json.loads((root / "results" / "results.json").read_text())
        check_results_format(data)
        return data, run.stdout

    def mistaken(folder):
        """A game that shows its blocks in the wrong order (its second game fails under every
        key), a check_word with a mistake of its own (random pairs fail; a game that coloured
        with the same mistake inline would be accepted through it) and an import beyond the
        spec's."""
        for name in ("wordle.py", "easy_wordle.py"):
            shutil.copy(SUBMISSIONS / "block_after_last_guess" / name, folder / name)
        wrong_check_word = ast.get_source_segment(
            source := (SUBMISSIONS / "cw_extra_yellow" / "wordle.py").read_text(),
            next(node for node in ast.parse(source).body
                 if isinstance(node, ast.FunctionDef) and node.name == "check_word"))
        game = (folder / "wordle.py").read_text()
        (folder / "wordle.py").write_text("import os\n" + game + "\n\n" + wrong_check_word + "\n")

    data, staff_output = grade(mistaken)
    failed = {test["name"] for test in data["tests"] if test["status"] == "failed"}
    hidden = {test["name"] for test in data["tests"] if test["visibility"] != "visible"}
    assert len(failed & hidden) >= 3     # random pairs, the second game, the imports check
    assert_nothing_hidden_is_shown(data)
    assert any("unshare" in note for note in data["extra_data"]["sandbox"]["not_available"])
    assert data["extra_data"]["sandbox"]["mode"] == "uid"
    assert "--seed %d" % data["extra_data"]["seed"] in data["extra_data"]["replay"]
    assert STAFF_TITLE in staff_output and "protection not available" in staff_output

    def misnamed(folder):
        shutil.copy(SUBMISSIONS / "correct_counts" / "wordle.py", folder / "wordle.py")
        shutil.copy(SUBMISSIONS / "correct_counts" / "easy_wordle.py", folder / "easywordle.py")

    data, _ = grade(misnamed)
    assert data["output"].splitlines()[0] == \
        "easy_wordle.py not found; found: easywordle.py (rename it and resubmit)"
    data, _ = grade(lambda folder: (folder / "notes.txt").write_text("my answers"))
    assert data["score"] == 0 and data["output"] == (
        "no Python file was submitted: wordle.py and easy_wordle.py not found "
        "(submit them with these exact names)")


def gradescope_test(*args, cwd, temp=None):
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
           "TMPDIR": str(temp or os.environ.get("TMPDIR", "/tmp"))}
    return subprocess.run([sys.executable, "-m", "grader", "gradescope-test", *map(str, args)],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=900)


@pytest.mark.timeout(900)
def test_gradescope_test_runs_the_bundle_on_a_submission_and_prints_its_score(tmp_path):
    """The kit's own reference solution gets 40 and a corpus mistake the manifest's score, in
    Gradescope's uid mode where this machine is root with setpriv; nothing of the
    /autograder folder is left, and --json hands on the results.json Gradescope would read."""
    reference = tmp_path / "reference"
    reference.mkdir()
    for name in ("wordle.py", "easy_wordle.py"):
        shutil.copy(ROOT / name, reference / name)
    uid_mode = os.geteuid() == 0 and shutil.which("setpriv")
    # a temp folder of its own (open to the sandbox's uids, as /tmp is), so another run's
    # folders (a second suite at once) are not taken for its leftovers
    temp = pathlib.Path(tempfile.mkdtemp(prefix="gradescope-test-",
                                         dir=os.environ.get("TMPDIR", "/tmp")))
    temp.chmod(0o755)
    try:
        check_both_gradings(reference, tmp_path, temp, uid_mode)
        assert list(temp.glob("wordle-kit-gradescope-*")) == []
    finally:
        shutil.rmtree(temp, ignore_errors=True)


def check_both_gradings(reference, tmp_path, temp, uid_mode):
    done = gradescope_test(reference, cwd=tmp_path, temp=temp)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Gradescope score: 40 / 40"
    assert lines[1].startswith("Sandbox: uid mode (as in Gradescope's container") or not uid_mode
    assert "setup.sh| setup.sh: grading with" in done.stderr
    mistaken = SUBMISSIONS / "cw_extra_yellow"
    done = gradescope_test(mistaken, "--json", tmp_path / "results.json", cwd=tmp_path,
                           temp=temp)
    assert done.returncode == 0, done.stderr
    data = json.loads((tmp_path / "results.json").read_text())
    check_results_format(data)
    expected = MANIFEST["cw_extra_yellow"]
    assert done.stdout.splitlines()[0] == "Gradescope score: %s / 40" % points(expected["score"])
    assert data["score"] == expected["score"]
    failed = {test["name"] for test in data["tests"] if test["status"] == "failed"}
    assert len(failed) == len(expected["failed"])
    assert all(("failed: %s (" % name) in done.stdout for name in failed)


def test_gradescope_test_refuses_a_missing_submission_before_any_work(tmp_path):
    done = gradescope_test(tmp_path / "nobody", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("error: ") and "Traceback" not in done.stderr
    assert done.stdout == "" and list(tmp_path.iterdir()) == []


def test_gradescope_test_says_so_when_the_bundle_could_not_grade(tmp_path):
    """A submission run_autograder could not grade (no Python file: the grader's own line
    and a 0) is a result; what Gradescope shows is printed."""
    (tmp_path / "notes.txt").write_text("my answers")
    done = gradescope_test(tmp_path, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Gradescope score: 0 / 40\n")
