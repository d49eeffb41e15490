"""The Gradescope autograder zip: its contents, and setup.sh then run_autograder in a tree
laid out like /autograder, on Python 3.10 (Gradescope's Ubuntu 22.04) and on a Python
marked externally managed (PEP 668), for a correct, a broken and a hostile submission."""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

import pytest

from grader import KIT_ROOT as ROOT
from grader.gradescope.bundle import build

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
    assert not [name for name in names if "/pages/" in name or name.endswith(".html")]
    assert "grader/batch.py" not in names and "requirements.txt" not in names


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
    module_form = subprocess.run([sys.executable, "-m", "grader.gradescope", tmp_path / "c.zip"],
                                 cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert module_form.returncode == 0 and zipfile.is_zipfile(tmp_path / "c.zip")


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


def run_script(root, bin_dir, script):
    env = {"AUTOGRADER_ROOT": str(root), "PATH": "%s:/usr/bin:/bin" % bin_dir, "HOME": str(root),
           "TMPDIR": os.environ.get("TMPDIR", "/tmp")}
    return subprocess.run(["bash", str(root / "source" / script)], env=env, capture_output=True,
                          text=True, timeout=300, cwd=root)


def broken_submission(folder):
    folder.mkdir()
    (folder / "wordle.py").write_text("def check_word(secret, guess)\n    return []\n")


@pytest.mark.parametrize("python", pythons())
def test_setup_then_run_autograder_in_an_autograder_tree(tmp_path, python):
    root = tmp_path / "autograder"
    with zipfile.ZipFile(_bundle(tmp_path)) as opened:
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
    before = site_packages(python)
    setup = run_script(root, bin_dir, "setup.sh")
    assert setup.returncode == 0, setup.stdout + setup.stderr
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


def _bundle(tmp_path):
    archive = tmp_path / "autograder.zip"
    build(archive)
    return archive


def test_run_autograder_writes_results_json_even_when_the_grader_cannot_run(tmp_path):
    root = tmp_path / "autograder"
    with zipfile.ZipFile(_bundle(tmp_path)) as opened:
        opened.extractall(root / "source")
    shutil.rmtree(root / "source" / "grader" / "sandbox")       # a grader that cannot start
    (root / "submission").mkdir()
    result = run_script(root, pathlib.Path(sys.executable).parent, "run_autograder")
    assert result.returncode == 0
    data = json.loads((root / "results" / "results.json").read_text())
    check_results_format(data)
    assert data["score"] == 0 and "could not grade" in data["output"]
    assert '"' not in data["output"][60:] and "\\" not in data["output"]
