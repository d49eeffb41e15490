"""The Gradescope autograder zip: its layout, and run_autograder grading from it."""
import json
import os
import shutil
import subprocess
import sys
import zipfile

from grader import KIT_ROOT as ROOT
from grader.gradescope.__main__ import build


def test_zip_has_gradescope_scripts_on_top_and_no_tests(tmp_path):
    archive = tmp_path / "autograder.zip"
    build(archive)
    with zipfile.ZipFile(archive) as opened:
        names = opened.namelist()
        modes = {info.filename: info.external_attr >> 16 for info in opened.infolist()}
    for name in ("setup.sh", "run_autograder", "wordle.py", "words.py", "requirements.txt",
                 "grader/__main__.py", "grader/results/rubric.json", "grader/sandbox/child/worker.py",
                 "licenses/wordle-list.LICENSE"):
        assert name in names
    assert modes["run_autograder"] & 0o111 and modes["setup.sh"] & 0o111
    assert not [name for name in names if "/tests/" in name or name.endswith(".pyc")]


def test_run_autograder_grades_a_submission_into_results_json(tmp_path):
    build(tmp_path / "autograder.zip")
    with zipfile.ZipFile(tmp_path / "autograder.zip") as opened:
        opened.extractall(tmp_path / "source")
    (tmp_path / "submission").mkdir()
    for name in ("wordle.py", "easy_wordle.py"):
        shutil.copy(ROOT / name, tmp_path / "submission" / name)
    environment = dict(os.environ, AUTOGRADER_ROOT=str(tmp_path),
                       PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"])
    result = subprocess.run(["bash", str(tmp_path / "source" / "run_autograder")], env=environment,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    results = json.loads((tmp_path / "results" / "results.json").read_text())
    assert results["score"] == 40
    assert all(test["status"] == "passed" for test in results["tests"])
