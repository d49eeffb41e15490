"""The sandbox's modes and what each holds against (grader/sandbox/box.py, child/jail.py, cgroup.py,
leftovers.py): a child that stops reading, IPC left for the next grading, the run's memory and
process cap, the uid mode of root without CAP_SYS_ADMIN, and the refusal without root.

As root every mode runs here: the jail; the jail in a user namespace (without root as nobody, and
as root without CAP_SYS_ADMIN in its bounding set, by setpriv); the uid mode (forced in-process by
making the jail's probe fail, and for real without CAP_SYS_ADMIN and with no_user_namespaces.py's
seccomp filter, as in a default Docker container); and the refusal where no safe mode exists.
"""
import json
import os
import re
import resource
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
from grader.grading import ALL_SPECS, open_sandbox
from grader.sandbox import box as box_module, interpreters, modes
from grader.sandbox.box import SandboxError
from grader.sandbox.modes import JAIL, UID, USERNS
from grader.sandbox import Status
from grader.sandbox.limits import Limits
from grader.submission import load_submission
from grader.tests.manifest import MANIFEST

SUBMISSIONS = Path(__file__).parent / "submissions"
IS_ROOT = os.geteuid() == 0
SAFE_MODES = [JAIL, USERNS, UID] if IS_ROOT else []
FAST = Limits(import_timeout=3.0)
SETPRIV = shutil.which("setpriv")
SYSTEM_PYTHON = interpreters.find_system_python()
NOBODY = 65534


@contextmanager
def sandbox_in(mode, folder, monkeypatch, **options):
    """A sandbox over folder in mode (the others forced by failing probes of the safer modes),
    with open_sandbox's options (e.g. private_paths)."""
    for safer in [JAIL, USERNS, UID][:[JAIL, USERNS, UID].index(mode)]:
        monkeypatch.setitem(modes._PROBES, (SYSTEM_PYTHON, safer),
                            "forced by the test: no namespaces")
    with load_submission(folder, REQUIRED_FILES) as submission:
        with open_sandbox(submission, limits=FAST, **options) as box:
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
        assert box.call("wordle", "leave", []).value is False   # seccomp refuses System V IPC
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


BURNS_IN_AN_ORPHAN = '''
import ctypes, os, time
ctypes.CDLL(None).prctl(36, 0, 0, 0, 0)     # PR_SET_CHILD_SUBREAPER off: orphans go to init
def burn(seconds):
    started = time.process_time()
    while time.process_time() - started < seconds:
        pass
def check_word(secret, guess):
    read, write = os.pipe()
    if os.fork() == 0:
        if os.fork() == 0:
            burn(float(secret))
            os.write(write, b"done")
            os._exit(0)
        os._exit(0)
    os.close(write)
    os.wait()
    return [os.read(read, 4).decode()]
if __name__ == "__main__":
    for _ in range(3):      # each orphan under the kernel's CPU limit of a process (1 s)
        check_word("0.8", "")
'''


@pytest.mark.skipif(not IS_ROOT, reason="the uid mode needs root")
def test_in_the_uid_mode_an_orphan_out_of_the_worker_s_reach_counts_in_its_cgroup(
        tmp_path, monkeypatch):
    """Where seccomp is missing (an architecture other than x86_64 and aarch64: here a copy of
    the child's code whose seal knows none), student code can clear the worker's subreaper
    flag, and without a jail its orphans go to init, out of the worker's tree of processes:
    the run's own cgroup still counts them (the call took 0.0 s of CPU before it did)."""
    runtime = tmp_path / "child"
    runtime.mkdir()
    for name in box_module.CHILD_FILES:
        shutil.copyfile(box_module.CHILD_CODE / name, runtime / name)
    seal = runtime / "seal.py"
    seal.write_text(seal.read_text() + "\nARCHITECTURES = {}\n")
    monkeypatch.setattr(box_module, "CHILD_CODE", runtime)
    monkeypatch.setattr(modes, "_PROBES", {})   # the probes of this sealed child, not another's
    monkeypatch.setattr(modes, "_SEALS", {})
    with sandbox_in(UID, write_submission(tmp_path / "s", BURNS_IN_AN_ORPHAN), monkeypatch) as box:
        assert any("no seccomp filter" in line for line in box.missing_protections)
        if box.accounting is None:
            assert any("its CPU time counted nowhere" in line for line in box.missing_protections)
            pytest.skip("no cgroup can be made on this machine")
        run = box.run_program("wordle", "", seed=1, timeout=60, cpu_limit=1)
        assert run.cpu_exhausted and run.cpu_seconds >= 1
        assert box.call("wordle", "check_word", ["0.1", "X"], timeout=60).value == ["done"]
        slow = box.call("wordle", "check_word", ["3", "X"], timeout=60, cpu_limit=0.5)
        assert slow.status == Status.TIMEOUT and "0.5 s of CPU" in slow.detail


LEFT_WITH_PROCESSES = r'''
import ctypes, json, os, sys
from grader.assignment import REQUIRED_FILES
from grader.grading import open_sandbox
from grader.sandbox import interpreters, modes
from grader.sandbox.limits import Limits
from grader.submission import load_submission
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)     # a child subreaper, as a container's PID 1 is init
folder, mode = sys.argv[1:]
safe = [modes.JAIL, modes.USERNS, modes.UID]
for safer in safe[:safe.index(mode)] if mode in safe else safe:
    modes._PROBES[interpreters.find_system_python(), safer] = "forced by the test"
with load_submission(folder, REQUIRED_FILES) as submission:
    with open_sandbox(submission, limits=Limits(import_timeout=3.0),
                      unsafe_no_jail=mode == modes.UNSAFE) as box:
        assert box.mode == mode, box.mode
        box.call("wordle", "check_word", ["LERED", "RADIO"])
        box.run_program("wordle", "", seed=1, timeout=30)
children = []
for task in os.listdir("/proc/self/task"):
    with open("/proc/self/task/%s/children" % task) as handle:
        children += handle.read().split()
states = {}
for child in children:
    with open("/proc/%s/stat" % child) as handle:
        states[child] = handle.read().rpartition(")")[2].split()[0]
print(json.dumps(states))
'''


@pytest.mark.skipif(not IS_ROOT, reason="the safe modes need root here")
@pytest.mark.parametrize("mode", SAFE_MODES + [modes.UNSAFE])
def test_a_grader_that_processes_are_left_to_reaps_them(mode):
    """A grader that is a child subreaper (or a container's PID 1) is given the processes a
    run left once their parents are killed (hostile_spawns_sleepers: a sleeper, a daemon in a
    session of its own): it waits for each, so none stays its zombie."""
    done = subprocess.run([sys.executable, "-c", LEFT_WITH_PROCESSES,
                           str(SUBMISSIONS / "hostile_spawns_sleepers"), mode],
                          cwd=KIT_ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {}


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
        # Landlock: only the jail's own folders are writable (the clean-up: test_leftovers.py)
        assert box.call("wordle", "write", ["/tmp/wordle-kit-uid-test"]).value == "PermissionError"
        uid = box.call("wordle", "linger", []).value
        assert uid >= modes.JAIL_UID_BASE
        assert box.call("wordle", "no_such_function", [], timeout=0.5).status
        # where Landlock keeps them from student code, the private folders' modes are left alone
        hidden_by_landlock = any("out of Landlock's reach" in line for line in box.protections)
        assert results.stat().st_mode & 0o777 == (0o755 if hidden_by_landlock else 0o700)
    assert results.stat().st_mode & 0o777 == 0o755
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

TEST_IDS = {spec.name: spec.id for spec in ALL_SPECS}    # results.json names its tests
# the kinds of attack that matter where the jail is not root's: reading the kit, writing results,
# the terminal and the cache of the grading user, processes and memory left behind
HOSTILE = ["hostile_reaches_the_grader", "hostile_reads_reference", "hostile_writes_files",
           "hostile_fork_bomb", "hostile_leaves_shm", "hostile_spawns_sleepers"]
# the kinds that do not depend on the mode (the protocol, caps, signals, memory): graded in the
# jail by the corpus test, and here in Gradescope's mode
MODE_INDEPENDENT = ["hostile_stops_reading", "hostile_appends_object", "hostile_forged_index",
                    "hostile_huge_exception", "hostile_realtime_signal",
                    "hostile_allocates_gigabytes"]
FORGED = "forged by the submission"
ROOT_CACHE = "cache-root"
NO_USER_NAMESPACES = [sys.executable, str(KIT_ROOT / "grader" / "staff" / "no_user_namespaces.py")]
# root's capabilities after an exec are its bounding set: without CAP_SYS_ADMIN, no namespace
WITHOUT_CAP_SYS_ADMIN = [SETPRIV or "setpriv", "--bounding-set=-sys_admin", "--"]
AS_NOBODY = [SETPRIV or "setpriv", "--reuid=%d" % NOBODY, "--regid=%d" % NOBODY, "--clear-groups", "--"]
NEEDS_NOBODY = pytest.mark.skipif(not (IS_ROOT and SETPRIV and SYSTEM_PYTHON),
                                  reason="needs root (to become nobody), setpriv and a system python")


def copy_kit(folder, submissions):
    """The kit's grading files in folder (made), with submissions/NAME for each name and
    class/alice (correct_counts), readable by all."""
    folder.mkdir(exist_ok=True)
    for name in ("grader", "command_line.py", "wordle.py", "easy_wordle.py", "words.py",
                 "display_utility.py"):
        source = KIT_ROOT / name
        if source.is_dir():
            shutil.copytree(source, folder / name, ignore=shutil.ignore_patterns("tests", "__pycache__"))
        else:
            shutil.copy(source, folder / name)
    for name in submissions:
        shutil.copytree(SUBMISSIONS / name, folder / "submissions" / name)
    shutil.copytree(SUBMISSIONS / "correct_counts", folder / "class" / "alice")
    for path, folders, files in os.walk(folder):
        os.chmod(path, 0o755)
        for file in files:
            os.chmod(os.path.join(path, file), 0o644)
    return folder


@pytest.fixture(scope="module")
def kit():
    """A copy of the kit that nobody can read, with a cache and a results folder of nobody's."""
    folder = Path(tempfile.mkdtemp(prefix="wordle-kit-modes-"))
    try:
        copy_kit(folder, HOSTILE + MODE_INDEPENDENT + ["correct_counts"])
        for name in ("cache", "cache-unsafe", "results"):
            (folder / name).mkdir()
            os.chown(folder / name, NOBODY, NOBODY)
        (folder / ROOT_CACHE).mkdir(mode=0o700)     # where root grades, its cache is root's
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def environment(kit, cache):
    return {"PATH": "/usr/bin:/bin", "HOME": str(kit), "WORDLE_KIT_CACHE": str(kit / cache)}


class GraderRun:
    """The grader run with prefix (e.g. as nobody, without user namespaces) from the kit copy.

    Its output goes to files of nobody's, as a TA's terminal is the TA's: student code running
    as nobody could write to them through /proc/<grader>/fd/1 (a pipe of root's it could not)."""

    def __init__(self, kit, prefix, arguments, cache="cache"):
        self.files = []
        for _ in range(2):
            handle = tempfile.TemporaryFile(dir=kit / "results")
            os.fchown(handle.fileno(), NOBODY, NOBODY)
            self.files.append(handle)
        self.process = subprocess.Popen(
            list(prefix) + [SYSTEM_PYTHON, "-m", "grader"] + list(arguments), cwd=kit,
            stdout=self.files[0], stderr=self.files[1], env=environment(kit, cache))

    @property
    def returncode(self):
        return self.process.returncode

    def communicate(self, timeout):
        self.process.wait(timeout)
        texts = []
        for handle in self.files:
            handle.seek(0)
            texts.append(handle.read().decode("utf-8", "replace"))
            handle.close()
        return texts


def cache_contents(kit, cache):
    return {path.name: path.read_bytes() for path in (kit / cache).iterdir()}


def grade_as_labelled(kit, prefix, names, mode, cache="cache"):
    """Grade names two at a time with prefix; check each is graded as the manifest says in mode,
    that nothing reached the grader's terminal or cache, and that nothing is left behind."""
    subprocess.run(list(prefix) + [SYSTEM_PYTHON, "-m", "grader", "prepare"], cwd=kit, check=True,
                   env=environment(kit, cache), capture_output=True)
    cache_before = cache_contents(kit, cache)
    reports = {}
    for first in range(0, len(names), 2):
        running = {name: GraderRun(kit, prefix, ["grade", "submissions/" + name, "--no-color",
                                                      "--json", "results/%s.json" % name], cache)
                   for name in names[first:first + 2]}
        for name, process in running.items():
            report, errors = process.communicate(timeout=300)
            assert process.returncode == 0, errors
            assert "Sandbox: %s mode" % mode in report, report
            assert FORGED not in report + errors
            data = json.loads((kit / "results" / (name + ".json")).read_text())
            failed = {TEST_IDS[test["name"]] for test in data["tests"] if test["status"] == "failed"}
            # as the manifest says, whatever the mode and the machine's load
            assert data["score"] == MANIFEST[name]["score"], (name, report)
            assert failed == set(MANIFEST[name]["failed"]), (name, report)
            reports[name] = report
    cache_after = cache_contents(kit, cache)
    assert {name: cache_after.get(name) for name in cache_before} == cache_before
    assert not sysv_keys("shm") & {0x1913}
    assert not os.path.exists("/dev/shm/wordle-kit-hostile")
    deadline = time.monotonic() + 10     # a process being killed stays listed for a moment
    while student_processes() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [process_line(pid) for pid in student_processes()] == []
    return reports


def process_line(pid):
    try:
        with open("/proc/%s/cmdline" % pid, "rb") as handle:
            return pid + " " + handle.read().replace(b"\0", b" ").decode("utf-8", "replace")[:200]
    except OSError:
        return pid + " (gone)"


def student_processes():
    """Orphaned processes of nobody or of the sandbox's own uids (hostile_spawns_sleepers leaves
    some where nothing kills them); those of gradings still going on (another test run on this
    machine) still have their parents."""
    found = []
    for entry in os.scandir("/proc"):
        try:
            uid = entry.stat().st_uid
            with open(os.path.join(entry.path, "stat")) as handle:
                parent = int(handle.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent == 1 and (uid == NOBODY or modes.JAIL_UID_BASE <= uid <
                            modes.JAIL_UID_BASE + modes.JAIL_UID_COUNT):
            found.append(entry.name)
    return found


def test_the_seccomp_helper_stops_user_namespaces_and_nothing_else():
    refused = subprocess.run(NO_USER_NAMESPACES + ["unshare", "--user", "true"], capture_output=True)
    assert refused.returncode != 0
    assert subprocess.run(NO_USER_NAMESPACES + ["true"]).returncode == 0


@pytest.mark.timeout(600)
@NEEDS_NOBODY
def test_without_root_the_jail_is_built_in_a_user_namespace(kit):
    """A TA's laptop: no root, unprivileged user namespaces allowed."""
    reports = grade_as_labelled(kit, AS_NOBODY, HOSTILE + ["correct_counts"], "userns")
    assert "Score: 40 / 40" in reports["correct_counts"]
    assert "a user namespace of its own (the machine allows them without root)" in \
        reports["correct_counts"]
    assert "imported glob, json, os" in reports["hostile_reaches_the_grader"]


@pytest.mark.timeout(300)
@NEEDS_NOBODY
def test_without_root_or_user_namespaces_grading_is_refused_unless_staff_say_unsafe(kit):
    """No safe mode at all: grade and grade-all stop with a clear message (exit 3) before
    running anything; --unsafe-no-jail grades, and the report says what is missing."""
    prefix = NO_USER_NAMESPACES + AS_NOBODY
    for arguments in (["grade", "submissions/correct_counts"],
                      ["grade-all", "class", "--csv", "results/class.csv"]):
        refused = GraderRun(kit, prefix, arguments)
        output, errors = refused.communicate(timeout=120)
        assert refused.returncode == 3 and "--unsafe-no-jail" in errors, errors
        assert "no user namespace can be made here" in errors
    assert not (kit / "results" / "class.csv").exists()
    graded = GraderRun(kit, prefix, ["grade", "submissions/correct_counts", "--no-color",
                                          "--unsafe-no-jail"])
    report, errors = graded.communicate(timeout=240)
    assert graded.returncode == 0, errors
    assert "Score: 40 / 40" in report and "Sandbox: unsafe mode" in report
    assert "student code runs as the grading user (--unsafe-no-jail)" in report
    batch = GraderRun(kit, prefix, ["grade-all", "class", "--csv",
                                         "results/class.csv", "--unsafe-no-jail", "--jobs", "1"])
    output, errors = batch.communicate(timeout=240)
    assert batch.returncode == 0, errors
    assert ",40," in (kit / "results" / "class.csv").read_text()
    # what the safe modes keep out (test_without_root_the_jail_is_built_in_a_user_namespace)
    attack = GraderRun(kit, prefix, ["grade", "submissions/hostile_reaches_the_grader",
                                          "--no-color", "--unsafe-no-jail"], "cache-unsafe")
    report, errors = attack.communicate(timeout=240)
    assert FORGED in report + errors


@pytest.mark.timeout(600)
@NEEDS_NOBODY
def test_root_without_cap_sys_admin_builds_the_jail_in_a_user_namespace(kit):
    """Root that cannot make namespaces itself, on a machine that allows user namespaces."""
    prefix = WITHOUT_CAP_SYS_ADMIN
    reports = grade_as_labelled(kit, prefix, HOSTILE[:3], "userns", ROOT_CACHE)
    report = reports["hostile_reaches_the_grader"]
    assert "the jail cannot be built here" in report
    assert "outside the namespace, a uid of each run's own" in report


@pytest.mark.timeout(600)
@NEEDS_NOBODY
def test_root_without_cap_sys_admin_or_user_namespaces_drops_to_a_uid_of_its_own(kit):
    """The mode of Gradescope's and most CI's Docker containers: no namespace can be made."""
    prefix = NO_USER_NAMESPACES + WITHOUT_CAP_SYS_ADMIN
    reports = grade_as_labelled(kit, prefix, HOSTILE + MODE_INDEPENDENT, "uid", ROOT_CACHE)
    assert "no user namespace can be made here" in reports["hostile_leaves_shm"]
    assert "imported ctypes" in reports["hostile_leaves_shm"]
    # the daemons that left the session, found by their uid and named in the staff notes
    assert re.search(r"removed after a run, as its uid left it: \d+ process",
                     reports["hostile_spawns_sleepers"])


BURNS_IN_ITS_ACCOUNT = """
import sys, time
with open(sys.argv[1], "w") as procs:
    procs.write("0")        # this process joins the account
started = time.process_time()
while time.process_time() - started < 0.3:
    pass
"""


@pytest.mark.skipif(not IS_ROOT, reason="cgroups need root")
@pytest.mark.parametrize("hierarchy", ["cpuacct", "v2"])
def test_a_cpu_account_counts_what_its_processes_used_once_they_are_gone(tmp_path, hierarchy):
    """A child's CPU account, in v1's cpuacct hierarchy or cgroup v2's (where both are
    mounted, v2 is chosen here by a cgroup list without cpuacct), counts the CPU time of a
    process that joined it after the process is gone."""
    from grader.sandbox import cgroup
    lines = Path("/proc/self/cgroup").read_text().splitlines()
    listing = tmp_path / "cgroup"
    listing.write_text("\n".join(line for line in lines
                                 if hierarchy == "cpuacct" or "cpuacct" not in line) + "\n")
    accounting = cgroup.accounting(listing=str(listing))
    if accounting is None or accounting.usage != (cgroup.V1_USAGE if hierarchy == "cpuacct"
                                                  else cgroup.V2_USAGE):
        pytest.skip("no %s hierarchy can be written here" % hierarchy)
    account = accounting.make()
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([sys.executable, "-c", BURNS_IN_ITS_ACCOUNT, account.procs_files[0]],
                       check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        # all its CPU time but its Python's start before it joined (tens of ms)
        assert 0.3 <= account.cpu_seconds() <= used + 0.01
    finally:
        account.remove()
    assert not os.path.exists(account.folders[0])


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
