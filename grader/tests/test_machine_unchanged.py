"""Grading changes nothing on the machine, in every mode (grader/sandbox/box.py's table): the
kit, the cache, the results folder, a --json file in /tmp, a tmpfs mounted as grade-all's
--out keep their mode, owner and other files, also when the grader is killed mid-grading,
and a correct submission still scores 40 afterwards.

The modes run for real as in test_jail.py: the jail as root; the jail in a user namespace as
nobody and as root without CAP_SYS_ADMIN; the uid mode of a default Docker container (root
without CAP_SYS_ADMIN, and no_user_namespaces.py's seccomp filter); unsafe as nobody
without user namespaces.  The root modes without a jail close the folders while student code
runs (where Landlock does not keep them from it: then they leave them alone): the test sees
them closed, kills the grader there, and sees them given back.
"""
import hashlib
import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from grader import KIT_ROOT
from grader.sandbox.box import SandboxError
from grader.sandbox.modes import UID
from grader.sandbox.child import seal
from grader.tests.test_jail import (AS_NOBODY, IS_ROOT, NEEDS_NOBODY, NO_USER_NAMESPACES, NOBODY,
                                    SYSTEM_PYTHON, WITHOUT_CAP_SYS_ADMIN, copy_kit, sandbox_in)

# mode -> (the command's prefix, its user, extra options)
MODES = {
    "jail": ([], 0, []),
    "userns-nobody": (AS_NOBODY, NOBODY, []),
    "userns-root": (WITHOUT_CAP_SYS_ADMIN, 0, []),
    "uid": (NO_USER_NAMESPACES + WITHOUT_CAP_SYS_ADMIN, 0, []),
    "unsafe": (NO_USER_NAMESPACES + AS_NOBODY, NOBODY, ["--unsafe-no-jail"]),
}
CLOSES_FOLDERS = {"userns-root", "uid"}     # root without a jail of its own: a uid per run
# ...unless Landlock keeps the folders from student code (child/seal.py): then none is closed
LANDLOCK_HIDES = seal.landlock_abi() > 0


def closed(path):
    return not os.stat(path).st_mode & OTHERS
OTHERS = 0o007


def state_of(folder):
    """{path: (mode, uid, gid, digest of a file's content)} of folder and everything in it."""
    def entry(path):
        info = os.lstat(path)
        digest = None
        if os.path.isfile(path) and not os.path.islink(path):
            digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        return info.st_mode, info.st_uid, info.st_gid, digest

    state = {str(folder): entry(folder)}
    for path, folders, files in os.walk(folder):
        for name in folders + files:
            state[os.path.join(path, name)] = entry(os.path.join(path, name))
    return state


def changed(before, folders):
    """What of before (pre-existing entries) differs now; new entries are the grader's output."""
    now = {}
    for folder in folders:
        now.update(state_of(folder))
    return {path: (old, now.get(path)) for path, old in before.items() if now.get(path) != old}


def wait_for(condition, seconds):
    """True once condition() was true (the moment it was: it is not asked again), within seconds."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


class Setup:
    """A kit, a cache, a results folder and a mounted tmpfs of the mode's user, each with a
    file of its own; a --json path in /tmp."""

    def __init__(self, base, user):
        self.base = base
        self.kit = copy_kit(base / "kit", ["correct_counts", "correct_slow"])
        self.owned = []
        for name in ("cache", "results", "out"):
            folder = base / name
            folder.mkdir()
            self.owned.append(folder)
        self.cache, self.results, self.out = self.owned
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m,mode=0755,uid=%d,gid=%d"
                        % (user, user), "tmpfs", str(self.out)], check=True)
        for folder in [self.kit] + self.owned:
            (folder / "other.txt").write_text("staff's own file\n")
            os.chmod(folder / "other.txt", 0o644)
        for folder in self.owned:
            os.chown(folder / "other.txt", user, user)
            os.chmod(folder, 0o755)
            os.chown(folder, user, user)
        self.tmp_json = Path(tempfile.gettempdir()) / ("wordle-kit-unchanged-%d.json" % os.getpid())
        self.graders = []

    def end(self):
        """Stop the graders still running (a failed test's), unmount the tmpfs, remove it all;
        the result of umount."""
        for process in self.graders:
            if process.poll() is None:
                process.kill()      # its workers get SIGTERM from the kernel and clean up
                process.communicate()
        unmounted = subprocess.run(["umount", str(self.out)], capture_output=True, text=True)
        for path in (self.tmp_json, self.tmp_json.with_suffix(".csv")):
            path.unlink(missing_ok=True)
        shutil.rmtree(self.base, ignore_errors=True)
        return unmounted

    @property
    def folders(self):
        return [self.kit] + self.owned


def grader(setup, prefix, *arguments, options=()):
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(setup.base),
                   "WORDLE_KIT_CACHE": str(setup.cache)}
    process = subprocess.Popen(list(prefix) + [SYSTEM_PYTHON, "-m", "grader"] + list(arguments)
                               + list(options), cwd=setup.kit, env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    setup.graders.append(process)
    return process


def finished(process, timeout=300):
    output, errors = process.communicate(timeout=timeout)
    assert process.returncode == 0, output + errors
    return output


@pytest.mark.timeout(600)
@NEEDS_NOBODY
@pytest.mark.parametrize("mode", list(MODES))
def test_grading_leaves_every_folder_it_touched_as_it_found_it(mode):
    prefix, user, options = MODES[mode]
    base = Path(tempfile.mkdtemp(prefix="wordle-kit-unchanged-"))
    os.chmod(base, 0o755)
    setup = Setup(base, user)
    tmp_before = os.stat(tempfile.gettempdir())
    try:
        before = {}
        for folder in setup.folders:
            before.update(state_of(folder))
        grade = ("grade", "submissions/correct_counts", "--no-color")
        finished(grader(setup, prefix, "prepare"))
        report = finished(grader(setup, prefix, *grade, "--json", str(setup.results / "a.json"),
                                 options=options))
        assert "Score: 40 / 40" in report and "Sandbox: %s mode" % mode.split("-")[0] in report
        assert changed(before, setup.folders) == {}

        killed = grader(setup, prefix, "grade", "submissions/correct_slow",
                        "--json", str(setup.tmp_json), options=options)
        if mode in CLOSES_FOLDERS and not LANDLOCK_HIDES:
            assert wait_for(lambda: not any(os.stat(folder).st_mode & OTHERS
                                            for folder in (setup.kit, setup.cache)), 60)
            assert os.stat(tempfile.gettempdir()).st_mode & 0o7777 == 0o1777
        else:
            time.sleep(1.5)
        assert killed.poll() is None, "the grading ended before it could be killed"
        killed.send_signal(signal.SIGKILL)
        killed.communicate()
        assert wait_for(lambda: changed(before, setup.folders) == {}, 20), \
            changed(before, setup.folders)

        batch = finished(grader(setup, prefix, "grade-all", "class", "--out",
                                str(setup.out), "--jobs", "1", options=options))
        assert ",40," in (setup.out / "grades.csv").read_text(), batch
        again = finished(grader(setup, prefix, *grade, "--json", str(setup.tmp_json),
                                options=options))
        assert "Score: 40 / 40" in again
        assert changed(before, setup.folders) == {}
        tmp_after = os.stat(tempfile.gettempdir())
        assert (tmp_after.st_mode, tmp_after.st_uid) == (tmp_before.st_mode, tmp_before.st_uid)
    finally:
        unmounted = setup.end()
    assert unmounted.returncode == 0, unmounted.stderr     # nothing of the grader's holds it


def children_of(pid):
    found = []
    for entry in os.scandir("/proc"):
        try:
            with open(os.path.join(entry.path, "stat")) as handle:
                if entry.name.isdigit() and int(handle.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            pass
    return found


def command_of(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as handle:
            return handle.read()
    except OSError:
        return b""


def workers(pid):
    """grade-all's workers: its children forked from it (the sandbox check's are not)."""
    return [child for child in children_of(pid) if command_of(child) == command_of(pid)]


def runs_student_code(pid):
    """True when a process below pid runs the sandbox's child (start.py) for student code (not
    to probe a mode, which comes before the folders are closed)."""
    for child in children_of(pid):
        command = command_of(child)
        if b"start.py" in command and b'"probe"' not in command or runs_student_code(child):
            return True
    return False


@pytest.mark.timeout(600)
@NEEDS_NOBODY
def test_a_class_worker_killed_mid_grading_leaves_the_folders_closed_for_the_other_then_as_found():
    """grade-all in the uid mode, two students at once: one worker is killed by SIGKILL; the
    folders (and a last run's scores in /tmp) stay closed while the other grades (left alone
    throughout where Landlock keeps them from student code), and are given back when the class
    is stopped (SIGTERM, as a CI's timeout)."""
    prefix, user, options = MODES["uid"]
    base = Path(tempfile.mkdtemp(prefix="wordle-kit-unchanged-"))
    os.chmod(base, 0o755)
    setup = Setup(base, user)
    try:
        for name in ("alice", "bob"):
            shutil.rmtree(setup.kit / "class" / name, ignore_errors=True)
            shutil.copytree(setup.kit / "submissions" / "correct_slow", setup.kit / "class" / name)
        before = {}
        for folder in setup.folders:
            before.update(state_of(folder))
        finished(grader(setup, prefix, "prepare"))
        scores = setup.tmp_json.with_suffix(".csv")
        scores.write_text("last run's scores\n")
        os.chmod(scores, 0o644)
        batch = grader(setup, prefix, "grade-all", "class", "--out", str(setup.out), "--jobs", "2",
                       "--csv", str(scores))
        # both workers (forked: the same command) run student code, so both closed the folders
        assert wait_for(lambda: len(workers(batch.pid)) == 2 and all(
            runs_student_code(worker) for worker in workers(batch.pid)), 120), \
            batch.communicate() if batch.poll() is not None else workers(batch.pid)
        assert [closed(path) for path in (setup.kit, setup.out, scores)] == [not LANDLOCK_HIDES] * 3
        killed, other = workers(batch.pid)
        os.kill(killed, signal.SIGKILL)
        time.sleep(1.0)      # the killed worker's guardian has let go by now
        assert os.path.exists("/proc/%d" % other), "the other worker ended too soon to tell"
        assert [closed(path) for path in (setup.kit, setup.out, scores)] == [not LANDLOCK_HIDES] * 3
        batch.send_signal(signal.SIGTERM)
        batch.communicate(timeout=120)
        assert wait_for(lambda: changed(before, setup.folders) == {}, 20), \
            changed(before, setup.folders)
        assert os.stat(scores).st_mode & 0o777 == 0o644
    finally:
        setup.end()


@pytest.mark.skipif(not IS_ROOT, reason="the uid mode needs root")
def test_a_folder_the_children_must_reach_is_never_closed(tmp_path, monkeypatch):
    """The uid mode's children reach their temp copy: a results folder holding it keeps its
    mode (its file is closed instead), a private folder holding it is refused, and so is a
    temp folder that they cannot reach at all (pytest's own is root's alone)."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(SandboxError, match="is closed to other users"):
        with sandbox_in(UID, KIT_ROOT, monkeypatch):
            pass
    base = Path(tempfile.mkdtemp(dir="/tmp", prefix="wordle-kit-unchanged-"))
    os.chmod(base, 0o755)
    try:
        results = base / "results"
        results.mkdir()
        os.chmod(results, 0o755)
        (results / "results.json").write_text("{}")
        os.chmod(results / "results.json", 0o644)
        monkeypatch.setattr(tempfile, "tempdir", str(results))
        with sandbox_in(UID, KIT_ROOT, monkeypatch, output_files=[results / "results.json"]) as box:
            assert box.call("wordle", "known_word", [[]]).value == "_____"
            assert os.stat(results).st_mode & 0o777 == 0o755
            assert os.stat(results / "results.json").st_mode & 0o777 == (
                0o644 if LANDLOCK_HIDES else 0o640)
        if LANDLOCK_HIDES:     # only the temp copy of the folder is readable: nothing to close
            with sandbox_in(UID, KIT_ROOT, monkeypatch, private_paths=[results]) as box:
                assert box.call("wordle", "known_word", [[]]).value == "_____"
        else:
            with pytest.raises(SandboxError, match="set TMPDIR"):
                with sandbox_in(UID, KIT_ROOT, monkeypatch, private_paths=[results]):
                    pass
        assert os.stat(results).st_mode & 0o777 == 0o755
        assert os.stat(results / "results.json").st_mode & 0o777 == 0o644
    finally:
        shutil.rmtree(base)
