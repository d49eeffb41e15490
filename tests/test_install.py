"""The kit installed with pip (pyproject.toml), as a TA installs it: the commands work from an
unrelated folder, find the reference solution and the course's files where pip put them,
and write nothing there (the cache and the seed key go to the cache folder)."""
import os
import pathlib
import shutil
import subprocess
import sys
import zipfile

import pytest

from .conftest import ROOT

SUBMISSIONS = ROOT / "grader" / "tests" / "submissions"
LEFT_OUT = shutil.ignore_patterns("tests", "__pycache__", "*.pyc", "build", "*.egg-info")


def kit_source(folder):
    """The files a clone gives pip, without the tests (they are not installed)."""
    for name in ("pyproject.toml", "README.md", "wordle.py", "easy_wordle.py", "words.py",
                 "display_utility.py", "test_wordle_funcs.py", "command_line.py"):
        shutil.copy(ROOT / name, folder / name)
    for name in ("grader", "solver", "atari", "licenses"):
        shutil.copytree(ROOT / name, folder / name, ignore=LEFT_OUT)
    return folder


def files_under(folder):
    return {path.relative_to(folder) for path in folder.rglob("*")
            if "__pycache__" not in path.parts}


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the folder pip installed the kit into, its commands' environment)."""
    source = kit_source(tmp_path_factory.mktemp("clone"))
    target = tmp_path_factory.mktemp("site-packages")
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                           "--no-build-isolation", "--no-index", "--disable-pip-version-check",
                           "--target", str(target), str(source)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr + (
        "\n(an offline build needs the test extra's setuptools>=70.1: "
        "python -m pip install -r requirements.txt)")
    env = {"PYTHONPATH": str(target), "PATH": "%s:/usr/bin:/bin" % (target / "bin"),
           "HOME": str(tmp_path_factory.mktemp("home")), "TMPDIR": os.environ.get("TMPDIR", "/tmp")}
    return target, env


def test_pip_installs_the_commands_the_packages_and_the_course_files_without_the_tests(installed):
    target, _ = installed
    for name in ("wordle-grader", "wordle-solver", "wordle-atari"):
        assert (target / "bin" / name).is_file()
    for name in ("wordle.py", "easy_wordle.py", "words.py", "display_utility.py",
                 "test_wordle_funcs.py", "command_line.py", "grader/results/rubric.json",
                 "grader/gradescope/setup.sh", "grader/gradescope/run_autograder",
                 "grader/results/pages/templates/class.html", "atari/listings/WORDLE.LST",
                 "atari/data/atarifont.bin", "solver/data/answers-2315.txt"):
        assert (target / name).is_file(), name
    assert not list(target.glob("*/tests")) and not (target / "tests").exists()


@pytest.mark.timeout(600)
def test_the_installed_grader_grades_from_another_folder_and_writes_nothing_into_the_kit(
        installed, tmp_path):
    target, env = installed
    before = files_under(target)
    shutil.copytree(SUBMISSIONS / "correct_counts", tmp_path / "alice")
    graded = subprocess.run(["wordle-grader", "grade", "alice", "--json", "alice.json"],
                            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert graded.returncode == 0, graded.stderr
    assert graded.stdout.splitlines()[1].startswith("Score: 40 / 40")
    assert "wordle-grader grade PATH --seed" in graded.stdout     # as it was started
    assert (tmp_path / "alice.json").is_file()
    assert (pathlib.Path(env["HOME"]) / ".cache" / "wordle-kit" / "seed.key").is_file()
    bundled = subprocess.run(["wordle-grader", "gradescope-bundle", "-o", "autograder.zip"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert bundled.returncode == 0, bundled.stderr
    with zipfile.ZipFile(tmp_path / "autograder.zip") as opened:
        names = opened.namelist()
    assert {"setup.sh", "run_autograder", "wordle.py", "licenses/wordle-list.LICENSE",
            "grader/seed.key"} <= set(names)
    assert files_under(target) == before


def test_the_installed_tester_tests_a_folder_from_anywhere(installed, tmp_path):
    target, env = installed
    shutil.copytree(SUBMISSIONS / "correct_counts", tmp_path / "carol")
    done = subprocess.run([sys.executable, "-m", "test_wordle_funcs", "carol"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout
    assert done.stdout.splitlines()[-1].endswith(" passed, 0 failed")
    assert sorted(path.name for path in (tmp_path / "carol").iterdir()) == [
        "easy_wordle.py", "wordle.py"]


def test_the_installed_solver_and_atari_commands_run(installed, tmp_path):
    _, env = installed
    listing = subprocess.run(["wordle-atari", "list", "wordle"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
    assert listing.returncode == 0 and listing.stdout.startswith("0 DIM"), listing.stderr
    helped = subprocess.run(["wordle-solver", "--help"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=120)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: wordle-solver ")
    for command in ("wordle-grader", "wordle-atari"):   # a usage error names the command typed
        wrong = subprocess.run([command, "--no-such-option"], cwd=tmp_path, env=env,
                               capture_output=True, text=True, timeout=120)
        assert wrong.returncode == 2 and wrong.stderr.startswith("usage: %s " % command)
