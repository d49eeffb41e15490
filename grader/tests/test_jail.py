"""The sandbox's modes and what each holds against (grader/sandbox/box.py, child/jail.py, cgroup.py,
leftovers.py): a child that stops reading, IPC left for the next grading, the run's memory and
process cap, the uid mode of root without CAP_SYS_ADMIN, and the refusal without root.

As root both safe modes run here: the jail, and the uid mode (forced in-process by making the jail's
probe fail, and for real under `capsh --drop=cap_sys_admin`, where creating namespaces fails).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from grader import KIT_ROOT
from grader.assignment import REQUIRED_FILES
from grader.grading import open_sandbox
from grader.sandbox import box as sandbox_module
from grader.sandbox.box import JAIL, UID, SandboxError
from grader.sandbox.child.codec import Status
from grader.sandbox.limits import Limits
from grader.sandbox.loading import load_submission

SUBMISSIONS = Path(__file__).parent / "submissions"
IS_ROOT = os.geteuid() == 0
SAFE_MODES = [JAIL, UID] if IS_ROOT else []
FAST = Limits(import_timeout=3.0)
CAPSH = shutil.which("capsh")
SETPRIV = shutil.which("setpriv")
SYSTEM_PYTHON = sandbox_module.find_system_python()
NOBODY = 65534


@contextmanager
def sandbox_in(mode, folder, monkeypatch, private_paths=()):
    """A sandbox over folder in mode (the uid mode forced by a failing jail probe)."""
    if mode == UID:
        monkeypatch.setitem(sandbox_module._PROBES, (SYSTEM_PYTHON, JAIL),
                            "forced by the test: no namespaces")
    with load_submission(folder, REQUIRED_FILES) as submission:
        with open_sandbox(submission, limits=FAST, private_paths=private_paths) as box:
            assert box.mode == mode
            yield box


def write_submission(folder, wordle_source):
    folder.mkdir(exist_ok=True)
    (folder / "wordle.py").write_text(wordle_source)
    (folder / "easy_wordle.py").write_text("EMPTY = True\n")
    return folder


STOPS_LATER = '''
import os, signal, time
def stop_soon():
    if os.fork() == 0:
        time.sleep(0.3)
        os.kill(os.getppid(), signal.SIGSTOP)
        os._exit(0)
def count(words, guess):
    return len(words)
'''


@pytest.mark.timeout(120)
@pytest.mark.parametrize("mode", SAFE_MODES)
def test_a_child_that_stops_reading_cannot_block_a_send(tmp_path, monkeypatch, mode):
    with sandbox_in(mode, write_submission(tmp_path / "s", STOPS_LATER), monkeypatch) as box:
        assert box.call("wordle", "stop_soon", []).status == Status.OK
        time.sleep(1.0)
        started = time.monotonic()
        huge = ["x" * 60] * 40_000      # 2.5 MB: more than any socket buffer holds
        result = box.call("wordle", "count", [huge, "guess"], timeout=1.0)
        assert result.status == Status.TIMEOUT
        assert time.monotonic() - started < 30
        assert box.call("wordle", "count", [["a"], "b"]).value == 1     # a new child answers


IPC = '''
import ctypes
libc = ctypes.CDLL(None)
def leave():
    libc.shmget(0x1915, 1 << 20, 0o1666)
    libc.msgget(0x1916, 0o1666)
    return libc.shmget(0x1915, 0, 0) >= 0
def find():
    return libc.shmget(0x1915, 0, 0) >= 0 or libc.msgget(0x1916, 0) >= 0
'''


def sysv_keys(table):
    with open("/proc/sysvipc/" + table) as handle:
        return {int(line.split()[0]) for line in list(handle)[1:]}


@pytest.mark.parametrize("mode", SAFE_MODES)
def test_nothing_of_one_grading_is_seen_by_the_next(tmp_path, monkeypatch, mode):
    folder = write_submission(tmp_path / "s", IPC)
    with sandbox_in(mode, folder, monkeypatch) as box:
        assert box.call("wordle", "leave", []).value is True
    assert not sysv_keys("shm") & {0x1915} and not sysv_keys("msg") & {0x1916}
    with sandbox_in(mode, folder, monkeypatch) as box:
        assert box.call("wordle", "find", []).value is False


@pytest.mark.parametrize("mode", SAFE_MODES)
def test_one_cgroup_caps_the_whole_sandbox_and_goes_with_it(monkeypatch, mode):
    with sandbox_in(mode, KIT_ROOT, monkeypatch) as box:
        if box.cgroup is None:
            pytest.skip("no cgroup can be made on this machine")
        folders = list(box.cgroup.folders)
        memory = Path(folders[0], "memory.limit_in_bytes").read_text()
        assert int(memory) == FAST.sandbox_memory_bytes
        assert box.call("wordle", "known_word", [[]]).value == "_____"
        assert box.cgroup.pids()    # the calls child is in it
    assert not any(os.path.exists(folder) for folder in folders)


PRYING = '''
import os, subprocess
def read(path):
    try:
        with open(path, "rb") as handle:
            handle.read(10)
        return "read"
    except OSError as error:
        return type(error).__name__
def write(path):
    try:
        with open(path, "w") as handle:
            handle.write("{}")
        return "written"
    except OSError as error:
        return type(error).__name__
def linger():
    subprocess.Popen(["sleep", "300"], start_new_session=True)
    return os.getuid()
'''


@pytest.mark.skipif(not IS_ROOT, reason="the uid mode needs root")
def test_uid_mode_closes_the_kit_and_the_grader_and_kills_what_the_uid_left(tmp_path, monkeypatch):
    results = tmp_path / "results"
    results.mkdir(mode=0o755)
    submission = write_submission(tmp_path / "s", PRYING)
    with sandbox_in(UID, submission, monkeypatch, private_paths=(KIT_ROOT, results)) as box:
        assert box.call("wordle", "read", [str(KIT_ROOT / "wordle.py")]).value == "PermissionError"
        grader_environment = "/proc/%d/environ" % os.getpid()
        assert box.call("wordle", "read", [grader_environment]).value == "PermissionError"
        assert box.call("wordle", "write", [str(results / "results.json")]).value == "PermissionError"
        assert box.call("wordle", "write", ["/tmp/wordle-kit-uid-test"]).value == "written"
        uid = box.call("wordle", "linger", []).value
        assert uid >= sandbox_module.JAIL_UID_BASE
        assert box.call("wordle", "no_such_function", [], timeout=0.5).status
    deadline = time.monotonic() + 5
    while uid_processes(uid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert uid_processes(uid) == []
    assert not os.path.exists("/tmp/wordle-kit-uid-test")


def uid_processes(uid):
    found = []
    for entry in os.scandir("/proc"):
        try:
            if entry.name.isdigit() and entry.stat().st_uid == uid:
                found.append(entry.name)
        except OSError:
            pass
    return found


def test_without_root_or_jail_the_sandbox_refuses_unless_told():
    with load_submission(KIT_ROOT, REQUIRED_FILES) as submission:
        with pytest.raises(SandboxError, match="--unsafe-no-jail"):
            with open_sandbox(submission, privileged=False):
                pass
        with open_sandbox(submission, privileged=False, unsafe_no_jail=True) as box:
            assert any("--unsafe-no-jail" in line for line in box.missing_protections)


# ------------------------------------------------------------------ the real modes, end to end

EXPECTED = json.loads((SUBMISSIONS / "expected.json").read_text())["submissions"]
NO_CAP_SYS_ADMIN = ["hostile_reads_reference", "hostile_writes_files", "hostile_fork_bomb",
                    "hostile_leaves_shm", "hostile_spawns_sleepers"]


def grade_command(prefix, name, json_path, extra=()):
    command = " ".join([sys.executable, "-m", "grader", "grade", str(SUBMISSIONS / name),
                        "--json", str(json_path), "--no-color"] + list(extra))
    return subprocess.Popen(prefix + [command], cwd=KIT_ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


@pytest.mark.timeout(600)
@pytest.mark.skipif(not (IS_ROOT and CAPSH), reason="needs root and capsh")
def test_root_without_cap_sys_admin_grades_the_hostile_corpus_as_labelled(tmp_path):
    """The mode of Gradescope's and most CI's Docker containers: namespaces cannot be made."""
    prefix = [CAPSH, "--drop=cap_sys_admin", "--", "-c"]
    for first in range(0, len(NO_CAP_SYS_ADMIN), 2):
        running = {name: grade_command(prefix, name, tmp_path / (name + ".json"))
                   for name in NO_CAP_SYS_ADMIN[first:first + 2]}
        for name, process in running.items():
            report, errors = process.communicate(timeout=300)
            assert process.returncode == 0, errors
            assert "the jail cannot be built here" in report
            data = json.loads((tmp_path / (name + ".json")).read_text())
            failed = sum(test["status"] == "failed" for test in data["tests"])
            # at least what the manifest says fails (a machine loaded enough to hit a give-up
            # in time can only take points away: issue 8 moves those limits to CPU time)
            assert data["score"] <= EXPECTED[name]["score"], (name, report)
            assert failed >= len(EXPECTED[name]["failed"]), (name, report)
            if name == "hostile_leaves_shm":
                assert "imported ctypes" in report
    assert not sysv_keys("shm") & {0x1913}
    assert not os.path.exists("/dev/shm/wordle-kit-hostile")


@pytest.mark.timeout(300)
@pytest.mark.skipif(not (IS_ROOT and SETPRIV and SYSTEM_PYTHON), reason="needs root and setpriv")
def test_a_user_without_root_is_refused_unless_staff_say_unsafe():
    """As a plain user (nobody here) with no way to build a jail, grading stops with a clear
    message; --unsafe-no-jail grades and the report says which protections are missing."""
    kit = Path(tempfile.mkdtemp(prefix="wordle-kit-nonroot-"))
    try:
        for name in ("grader", "wordle.py", "easy_wordle.py", "words.py", "display_utility.py"):
            source = KIT_ROOT / name
            if source.is_dir():
                shutil.copytree(source, kit / name, ignore=shutil.ignore_patterns("tests", "__pycache__"))
            else:
                shutil.copy(source, kit / name)
        shutil.copytree(SUBMISSIONS / "correct_counts", kit / "submission")
        for folder, _, files in os.walk(kit):
            os.chmod(folder, 0o755)
            for file in files:
                os.chmod(os.path.join(folder, file), 0o644)
        command = [SETPRIV, "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups",
                   "--", SYSTEM_PYTHON, "-m", "grader", "grade", "submission", "--no-color"]
        environment = {"PATH": "/usr/bin:/bin", "HOME": str(kit), "WORDLE_KIT_CACHE": str(kit / "cache")}
        refused = subprocess.run(command, cwd=kit, env=environment, capture_output=True, text=True,
                                 timeout=120)
        assert refused.returncode == 3 and "--unsafe-no-jail" in refused.stderr
        graded = subprocess.run(command + ["--unsafe-no-jail"], cwd=kit, env=environment,
                                capture_output=True, text=True, timeout=240)
        assert graded.returncode == 0, graded.stderr
        assert "Score: 40 / 40" in graded.stdout
        assert "student code runs as the grading user (--unsafe-no-jail)" in graded.stdout
    finally:
        shutil.rmtree(kit, ignore_errors=True)


@pytest.mark.skipif(not IS_ROOT, reason="cgroups need root")
def test_the_cgroups_of_a_grader_killed_by_sigkill_are_removed_by_the_next(tmp_path):
    from grader.sandbox import cgroup
    made = subprocess.run([sys.executable, "-c", "from grader.sandbox import cgroup; "
                           "group = cgroup.make(1 << 30, 8); "
                           "print(' '.join(group.folders) if group else '')"],
                          cwd=KIT_ROOT, capture_output=True, text=True, check=True).stdout.split()
    if not made:
        pytest.skip("no cgroup can be made on this machine")
    assert all(os.path.isdir(folder) for folder in made)    # its maker ended without removing it
    group = cgroup.make(1 << 30, 8)
    try:
        assert not any(os.path.exists(folder) for folder in made)
    finally:
        group.remove()
