"""The guardian of the folders' modes (grader/sandbox/folder_guard.py): folders closed while
student code runs get their modes back however the grader ends, gradings at once share the
closing, and no folder that is not the grader's to change is touched."""
import os
import signal
import subprocess
import sys
import time

import pytest

from grader import KIT_ROOT
from grader.sandbox.folder_guard import CLOSED, NOT_OURS, PROTECTED, SHARED, FolderGuard

NOBODY = 65534
pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the grader closes folders as root only")


def mode(path):
    return os.stat(path).st_mode & 0o7777


def folder(parent, name, permissions, owner=0):
    path = parent / name
    path.mkdir()
    os.chmod(path, permissions)     # mkdir's mode is cut by the umask
    os.chown(path, owner, owner)
    return path


def wait_for(condition, seconds=10.0):
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.02)
    return condition()


def test_a_folder_of_the_graders_is_closed_while_guarded_and_given_back_after(tmp_path,
                                                                            monkeypatch):
    kit = folder(tmp_path, "kit", 0o755)
    results = tmp_path / "results.json"
    results.write_text("{}")
    os.chmod(results, 0o644)
    monkeypatch.chdir(tmp_path)     # a path relative to the grader's folder, not the guardian's
    guard = FolderGuard()
    assert guard.protect("kit") == PROTECTED and guard.protect("results.json") == PROTECTED
    assert mode(kit) == 0o750 and mode(results) == 0o640
    guard.close()
    assert mode(kit) == 0o755 and mode(results) == 0o644


def test_shared_and_other_users_folders_are_never_changed(tmp_path):
    shared = folder(tmp_path, "shared", 0o1777)
    theirs = folder(tmp_path, "theirs", 0o755, NOBODY)
    closed = folder(tmp_path, "closed", 0o700, NOBODY)
    guard = FolderGuard()
    try:
        assert guard.protect(shared) == SHARED
        assert guard.protect(theirs) == NOT_OURS
        assert guard.protect(closed) == CLOSED
        assert (mode(shared), mode(theirs), mode(closed)) == (0o1777, 0o755, 0o700)
    finally:
        guard.close()


def test_gradings_at_once_share_the_closing_and_the_last_one_gives_the_mode_back(tmp_path):
    kit = folder(tmp_path, "kit", 0o775)
    first, second = FolderGuard(), FolderGuard()
    assert first.protect(kit) == PROTECTED and second.protect(kit) == PROTECTED
    first.close()
    assert mode(kit) == 0o770    # the second grading is still running
    second.close()
    assert mode(kit) == 0o775


GRADER = """
import sys, time
from grader.sandbox.folder_guard import FolderGuard
guard = FolderGuard()
print(guard.protect(sys.argv[1]), flush=True)
time.sleep(300)
"""


@pytest.mark.parametrize("signum", [signal.SIGKILL, signal.SIGTERM])
def test_a_grader_killed_while_guarding_still_gets_the_mode_back(tmp_path, signum):
    kit = folder(tmp_path, "kit", 0o755)
    grader = subprocess.Popen([sys.executable, "-c", GRADER, str(kit)], cwd=KIT_ROOT,
                              stdout=subprocess.PIPE, text=True)
    assert grader.stdout.readline().strip() == PROTECTED
    assert mode(kit) == 0o750
    grader.send_signal(signum)
    grader.wait(10)
    assert wait_for(lambda: mode(kit) == 0o755)


def test_a_guardian_killed_itself_leaves_a_record_the_next_one_restores(tmp_path):
    kit = folder(tmp_path, "kit", 0o755)
    guard = FolderGuard()
    guard.protect(kit)
    guard.process.kill()     # as if the whole container's processes were killed but this folder kept
    guard.process.wait()
    assert mode(kit) == 0o750
    FolderGuard().close()
    assert mode(kit) == 0o755
