"""temp_folders.py: a killed grader's temp folders are removed by the next grading, and only
those."""
import os
import pathlib
import signal
import subprocess
import sys
import tempfile

import pytest

from grader import KIT_ROOT, submission
from grader.staff import cli
from grader.sandbox import temp_folders
from grader.tests.manifest import SUBMISSIONS

MAKE_THEN_WAIT = """
import sys, time
from grader.sandbox import temp_folders
for prefix in (temp_folders.SANDBOX, temp_folders.SUBMISSION):
    folder = temp_folders.make(prefix)
    (folder / "wordle.py").write_text("student code")
print("made", flush=True)
time.sleep(600)
"""


def grader_that_made_its_folders(temp):
    process = subprocess.Popen([sys.executable, "-c", MAKE_THEN_WAIT], stdout=subprocess.PIPE,
                               text=True, cwd=KIT_ROOT, env=dict(os.environ, TMPDIR=str(temp),
                                                                 PYTHONPATH=str(KIT_ROOT)))
    assert process.stdout.readline() == "made\n"
    return process


def test_the_folders_of_a_killed_grader_are_swept_and_a_live_ones_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    killed, alive = grader_that_made_its_folders(tmp_path), grader_that_made_its_folders(tmp_path)
    try:
        killed.send_signal(signal.SIGKILL)
        killed.wait()
        other = tmp_path / "wordle-kit-sandbox-abc"     # not named by a grader: not ours to judge
        other.mkdir()
        own = temp_folders.make(temp_folders.SANDBOX)   # this process's own
        names = {path.name for path in tmp_path.iterdir()}
        assert sum(name.startswith("wordle-kit-sandbox-%d-" % killed.pid) for name in names) == 1
        removed = temp_folders.sweep()
        assert sorted(removed) == sorted(name for name in names
                                         if "-%d-" % killed.pid in name) and len(removed) == 2
        left = {path.name for path in tmp_path.iterdir()}
        assert left == names - set(removed)
        assert other.exists() and own.exists()
        assert sum("-%d-" % alive.pid in name for name in left) == 2
    finally:
        alive.kill()
        alive.wait()


def test_a_pid_used_again_does_not_keep_a_dead_graders_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    reused = tmp_path / ("%s%d-1-xyz" % (temp_folders.SANDBOX, os.getpid()))  # started long ago
    reused.mkdir()
    assert temp_folders.sweep() == [reused.name] and not reused.exists()


def test_a_sweep_removes_only_the_prefixes_it_is_given(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = "%d-1-xyz" % os.getpid()                         # this pid, started long ago
    graders, tests = tmp_path / (temp_folders.SANDBOX + dead), tmp_path / ("test-cache-" + dead)
    graders.mkdir()
    tests.mkdir()
    assert temp_folders.sweep() == [graders.name] and tests.exists()
    assert temp_folders.sweep(("test-cache-",)) == [tests.name] and not tests.exists()


def test_an_interrupt_inside_make_leaves_nothing_that_remove_own_misses(tmp_path, monkeypatch):
    """SIGTERM (as KeyboardInterrupt) just after the folder is made, before make returns it."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    real_mkdir = pathlib.Path.mkdir

    def interrupted_mkdir(self, *args, **kwargs):
        real_mkdir(self, *args, **kwargs)
        raise KeyboardInterrupt
    monkeypatch.setattr(pathlib.Path, "mkdir", interrupted_mkdir)
    with pytest.raises(KeyboardInterrupt):
        temp_folders.make(temp_folders.SUBMISSION)
    monkeypatch.undo()
    assert len(list(tmp_path.iterdir())) == 1
    temp_folders.remove_own()
    assert list(tmp_path.iterdir()) == []


def test_remove_own_leaves_the_folders_of_the_process_this_one_forked_from(tmp_path,
                                                                           monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    parent = os.getpid()
    monkeypatch.setattr(os, "getpid", lambda: parent + 1)     # as seen in a forked child
    own = temp_folders.make(temp_folders.SANDBOX)
    monkeypatch.undo()
    parents = temp_folders.make(temp_folders.SANDBOX)
    monkeypatch.setattr(os, "getpid", lambda: parent + 1)
    temp_folders.remove_own()
    monkeypatch.undo()
    assert not own.exists() and parents.exists()
    temp_folders.remove(parents)
    assert not parents.exists() and temp_folders.remove_own() is None


def test_grade_interrupted_before_the_submission_s_with_block_leaves_no_folder(tmp_path,
                                                                             monkeypatch):
    """An interrupt between load_submission's return and the with-block that removes its copy:
    the command still ends with 130 and leaves nothing."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))

    def interrupted(self):
        raise KeyboardInterrupt
    monkeypatch.setattr(submission.Submission, "__enter__", interrupted)
    assert cli.main(["grade", str(SUBMISSIONS / "correct_counts")]) == 130
    assert list(tmp_path.iterdir()) == []
