"""Each grading sealed off from the machine and from the gradings beside it (issue 25;
grader/sandbox/child/seal.py, sealing.py): the channels namespaces do not close, in each mode
this machine can make, as that mode's grading user (the jail as root; the jail in a user
namespace as nobody; the uid mode as root without CAP_SYS_ADMIN under
no_user_namespaces.py's seccomp filter, as in a default Docker container).

channels/offer_and_probe.py offers a secret through each channel from the grader's side and
has channels/probe_wordle.py reach for it from a sandbox; the unsafe mode, which seals
nothing, shows that each probe does reach what is offered.  Then two submissions graded at
once by grade-all --jobs 2: one offers its code through every kernel object, the other, with
no logic of its own, takes it (the corpus's hostile_offers_its_code and
hostile_takes_a_classmates_code); the same pair run as plain processes shows that the taking
works.  Where the kernel lacks Landlock or seccomp the staff
output says what stays open (the last tests).
"""
import ctypes
import errno
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from grader import KIT_ROOT
from grader.sandbox import sealing
from grader.sandbox.child import seal
from grader.tests.test_jail import (AS_NOBODY, NO_USER_NAMESPACES, NOBODY, SETPRIV,
                                    SYSTEM_PYTHON, WITHOUT_CAP_SYS_ADMIN, copy_kit)

CHANNELS = Path(__file__).parent / "channels"
SUBMISSIONS = Path(__file__).parent / "submissions"
IS_ROOT = os.geteuid() == 0
PREFIXES = {"jail": [], "userns": AS_NOBODY, "uid": NO_USER_NAMESPACES + WITHOUT_CAP_SYS_ADMIN}
# the kernel objects: each leaks in the unsafe mode, and one grading can offer it to another
KERNEL_OBJECTS = ["keyring", "locks", "message_queue", "shared_memory", "abstract_socket"]
# what the uid mode exposed without Landlock: a classmate's code, Gradescope's metadata
FILES = ["classmate", "classmate_by_path", "metadata"]
MAKES = ["leave_message_queue", "shared_memory_segment", "run_lock", "folder_chain"]
# the pair's functions and the channel each came through
PAIR = {"check_word": "locks", "known_word": "keyring", "no_letters": "queue",
        "yes_letters": "shared_memory", "filter_word_list": "abstract_socket"}
OFFERS, TAKES = PAIR_NAMES = ("hostile_offers_its_code", "hostile_takes_a_classmates_code")
NEEDS_MODES = pytest.mark.skipif(not (IS_ROOT and SETPRIV and SYSTEM_PYTHON),
                                 reason="needs root (to become nobody), setpriv and a system python")


@pytest.fixture(scope="module")
def kit():
    """A copy of the kit everyone may read (the uid mode may close a kit Landlock does not
    hide), a class folder on the command line, a metadata file, and folders of nobody's."""
    folder = Path(tempfile.mkdtemp(prefix="wordle-kit-seal-"))
    try:
        copy_kit(folder, [])
        shutil.copytree(CHANNELS, folder / "channels")
        (folder / "class" / "alice" / "wordle.py").write_text("ALICES_CODE = True\n")
        (folder / "submission_metadata.json").write_text('{"users": [{"email": "a@b.edu"}]}')
        make_pair(folder / "pair")
        for path, folders, files in os.walk(folder):
            os.chmod(path, 0o755)
            for file in files:
                os.chmod(os.path.join(path, file), 0o644)
        for name in ("cache-nobody", "out-nobody"):
            (folder / name).mkdir()
            os.chown(folder / name, NOBODY, NOBODY)
        (folder / "cache-root").mkdir(mode=0o700)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def make_pair(folder):
    """The corpus's pair: one offers its code, the other has none of its own."""
    folder.mkdir()
    for name in PAIR_NAMES:
        shutil.copytree(SUBMISSIONS / name, folder / name)


def environment(kit, mode):
    cache = "cache-nobody" if mode == "userns" else "cache-root"
    return {"PATH": "/usr/bin:/bin", "HOME": str(kit), "WORDLE_KIT_CACHE": str(kit / cache)}


@pytest.fixture(scope="module")
def probed(kit):
    """probed(mode): offer_and_probe.py's report in mode (run once)."""
    reports = {}

    def run(mode):
        if mode not in reports:
            extra = ["--unsafe-no-jail"] if mode == "unsafe" else []
            done = subprocess.run(
                PREFIXES.get(mode, []) + [SYSTEM_PYTHON, str(kit / "channels" / "offer_and_probe.py"),
                                          str(kit), str(kit / "class"),
                                          str(kit / "submission_metadata.json")] + extra,
                cwd=kit, capture_output=True, text=True, timeout=300, env=environment(kit, mode))
            assert done.returncode == 0, done.stderr
            reports[mode] = json.loads(done.stdout)
            assert reports[mode]["mode"] == mode
        return reports[mode]
    return run


@NEEDS_MODES
@pytest.mark.parametrize("channel", KERNEL_OBJECTS + FILES + MAKES)
@pytest.mark.parametrize("mode", list(PREFIXES))
def test_nothing_offered_is_reached_and_nothing_made_outlives_the_run(probed, mode, channel):
    report = probed(mode)
    got = report["channels"][channel]
    assert not got.startswith("leaked"), got
    if channel == "folder_chain" and mode != "uid":
        assert got in ("left", "closed: ENOSPC")     # in the jail's own tmpfs, gone with it
    else:
        assert got.startswith("closed: "), got
    assert report["left"] == []
    assert not any("Landlock" in line or "seccomp" in line for line in report["missing"])


@NEEDS_MODES
@pytest.mark.parametrize("channel", KERNEL_OBJECTS + FILES)
def test_the_probes_reach_what_is_offered_where_nothing_is_sealed(probed, channel):
    """The unsafe mode (student code as the grading user, no seal): each probe can succeed."""
    assert probed("unsafe")["channels"][channel].startswith("leaked"), channel


@NEEDS_MODES
@pytest.mark.parametrize("mode", list(PREFIXES))
def test_the_staff_output_names_the_seal(probed, mode):
    held = "\n".join(probed(mode)["protections"])
    assert "Landlock (ABI %d)" % seal.landlock_abi() in held
    assert "seccomp: refuses the session keyring" in held
    assert "a session keyring of its own" in held


# ------------------------------------------------------------------ two gradings at once

@pytest.fixture(scope="module")
def pair_graded(kit):
    """pair_graded(mode): {student: results.json} of grade-all --jobs 2 over the pair."""
    graded = {}

    def run(mode):
        if mode not in graded:
            prefix, env = PREFIXES[mode], environment(kit, mode)
            out = kit / ("out-nobody" if mode == "userns" else "out-root") / mode
            subprocess.run(prefix + [SYSTEM_PYTHON, "-m", "grader", "prepare"], cwd=kit, check=True,
                           env=env, capture_output=True, timeout=300)
            done = subprocess.run(prefix + [SYSTEM_PYTHON, "-m", "grader", "grade-all", "pair",
                                            "--out", str(out), "--jobs", "2"],
                                  cwd=kit, env=env, capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, done.stderr
            graded[mode] = {name: json.loads((out / name / "results.json").read_text())
                            for name in PAIR_NAMES}
            graded[mode]["report"] = (out / TAKES / "report.txt").read_text()
        return graded[mode]
    return run


@NEEDS_MODES
@pytest.mark.timeout(900)
@pytest.mark.parametrize("mode", list(PREFIXES))
def test_a_submission_graded_beside_another_takes_nothing_of_its_code(pair_graded, mode):
    results = pair_graded(mode)
    assert results[OFFERS]["score"] == 40       # the offering one graded as ever
    assert "Sandbox: %s mode" % mode in results["report"]
    for function in PAIR:
        scores = [test["score"] for test in results[TAKES]["tests"]
                  if test["name"].startswith(function)]
        assert scores and sum(scores) == 0, (function, PAIR[function])
    assert results[TAKES]["score"] == 0


@NEEDS_MODES
def test_the_pair_takes_the_code_through_every_channel_where_nothing_is_sealed(kit):
    """The same two submissions as plain processes (sharing a session keyring, as gradings
    under one grader do): the reader gets every function through its channel."""
    libc = ctypes.CDLL(None)
    folders = {name: kit / "pair-plain" / name for name in PAIR_NAMES}
    for name, folder in folders.items():
        shutil.copytree(kit / "pair" / name, folder)
        for handout in ("words.py", "display_utility.py"):
            shutil.copy(kit / handout, folder)
    # one process joins a session keyring of its own and starts both, as a grader does
    both = ("import ctypes, subprocess, sys, time\n"
            "ctypes.CDLL(None).syscall(%d, 1, None)\n"
            "offering = subprocess.Popen([sys.executable, '-c', 'import wordle, time; "
            "time.sleep(20)'], cwd=%r)\n"
            "time.sleep(1.0)\n"
            "try:\n"
            "    subprocess.run([sys.executable, '-c', 'import wordle, easy_wordle; print(sorted("
            "wordle.got), wordle.check_word(\"LERED\", \"RADIO\"), easy_wordle.filter_word_list("
            "[\"radio\", \"lered\"], []))'], cwd=%r, timeout=60)\n"
            "finally:\n"
            "    offering.kill()\n" % (seal.ARCHITECTURES[platform.machine()][1]["keyctl"],
                                        str(folders[OFFERS]), str(folders[TAKES])))
    try:
        done = subprocess.run([sys.executable, "-c", both], capture_output=True, text=True,
                              timeout=120)
    finally:
        libc.mq_unlink(b"/wordle-kit-offer")
        segment = libc.shmget(0x1925, 0, 0)
        if segment >= 0:
            libc.shmctl(segment, 0, None)
    assert done.stdout.split("]")[0] + "]" == str(sorted(PAIR.values())), done.stderr
    assert "['yellow', 'grey', 'yellow', 'grey', 'grey'] ['radio', 'lered']" in done.stdout


# ------------------------------------------------------------------ where the kernel lacks them

def test_without_landlock_the_uid_mode_says_what_anyone_may_read():
    report = {"landlock": 0, "landlock_problem": "Function not implemented", "seccomp": "",
              "keyring": True}
    held, missing = sealing.protections(report, uid_mode=True)
    assert any(line.startswith("seccomp: refuses") for line in held)
    assert missing == ["no Landlock (Function not implemented): student code can read every file "
                       "its uid may read (in the uid mode: another student's code through the "
                       "grader's command line or the class folder, Gradescope's "
                       "submission_metadata.json) and write in the world-writable folders "
                       "(removed after each run)"]


def test_without_seccomp_the_staff_output_names_what_gradings_at_once_share():
    report = {"landlock": 5, "landlock_problem": "", "keyring": False,
              "seccomp": "no seccomp filter for the riscv64 architecture"}
    held, missing = sealing.protections(report, uid_mode=True)
    assert held == ["Landlock (ABI 5): reads only its own copy and the Python it runs on, writes "
                    "nothing; no TCP"]
    assert "abstract unix sockets are shared with other gradings" in missing[0]
    assert missing[1].startswith("no seccomp filter for the riscv64 architecture: file locks and "
                                 "inotify on shared read-only files, System V and POSIX IPC")
    assert missing[-1] == "the grader's session keyring is readable by student code"
    _, jailed = sealing.protections(report, uid_mode=False)
    assert "System V" not in "\n".join(jailed)      # the IPC namespace holds those


def test_an_unknown_architecture_is_refused_cleanly_and_reported(tmp_path):
    script = ("import json, os, sys; sys.path.insert(0, %r); import seal\n"
              "os.uname = lambda: type('uname', (), {'machine': 'sparc64'})\n"
              "print(json.dumps(seal.apply({'read': [], 'list': [], 'execute': [], 'write': []})))"
              % str(KIT_ROOT / "grader" / "sandbox" / "child"))
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    report = json.loads(done.stdout)
    assert report["seccomp"] == "no seccomp filter for the sparc64 architecture"
    assert report["keyring"] is False


def test_a_child_that_cannot_seal_as_the_probe_did_refuses_to_run(tmp_path):
    script = ("import sys; sys.path.insert(0, %r); import seal\n"
              "seal.landlock_abi = lambda: 0\n"
              "seal.apply({'read': [], 'list': [], 'execute': [], 'write': [],"
              " 'require': {'landlock': 1}})" % str(KIT_ROOT / "grader" / "sandbox" / "child"))
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    assert done.returncode != 0 and "SealError: Landlock ABI 1 was required, 0 held" in done.stderr


def test_the_filter_s_jumps_land_on_its_own_instructions():
    for architecture in seal.ARCHITECTURES.values():
        program = seal.filter_program(*architecture)
        for index, (code, true, false, _) in enumerate(program):
            if code in (seal.BPF_JEQ_K, seal.BPF_JGE_K):
                assert index + 1 + max(true, false) < len(program)
        assert program[-1] == (seal.BPF_RET_K, 0, 0, seal.SECCOMP_RET_ERRNO | seal.EPERM)


@pytest.mark.skipif(os.uname().machine not in seal.ARCHITECTURES, reason="no filter for this machine")
def test_the_filter_keeps_the_subreaper_flag_and_the_rest_of_prctl(tmp_path):
    """Student code may not clear the worker's child-subreaper flag (an orphan would go to init
    and its CPU time be counted nowhere, in the uid mode above all), nor set one of its own;
    every other prctl still works, and fcntl's lock commands are still refused."""
    script = ("import ctypes, ctypes.util, fcntl, json, os, sys; sys.path.insert(0, %r); import seal\n"
              "libc = ctypes.CDLL(None, use_errno=True)\n"
              "libc.prctl(36, 1, 0, 0, 0)\n"
              "seal.install_filter(seal.filter_program(*seal.ARCHITECTURES[os.uname().machine]))\n"
              "found = {}\n"
              "found['clear'] = (libc.prctl(36, 0, 0, 0, 0), ctypes.get_errno())\n"
              "flag = ctypes.c_int(-1)\n"
              "found['get'] = (libc.prctl(37, ctypes.byref(flag), 0, 0, 0), flag.value)\n"
              "found['name'] = libc.prctl(15, b'sealed', 0, 0, 0)\n"
              "handle = open(%r, 'w')\n"
              "try:\n"
              "    fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)\n"
              "    found['lock'] = 'locked'\n"
              "except OSError as error:\n"
              "    found['lock'] = error.errno\n"
              "print(json.dumps(found))"
              % (str(KIT_ROOT / "grader" / "sandbox" / "child"), str(tmp_path / "lock")))
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    found = json.loads(done.stdout)
    assert found["clear"] == [-1, errno.EPERM]
    assert found["get"] == [0, 1]       # still the subreaper: the flag was kept
    assert found["name"] == 0 and found["lock"] == errno.EPERM


@pytest.mark.skipif(not (SYSTEM_PYTHON and seal.landlock_abi()), reason="needs Landlock")
def test_landlock_hides_a_private_folder_only_outside_every_path_it_opens(tmp_path):
    """Else the uid mode closes the folder to other users by chmod, as without Landlock."""
    assert sealing.landlock_hides(SYSTEM_PYTHON, [tmp_path, KIT_ROOT])
    readable = next(path for path in sealing.python_paths(SYSTEM_PYTHON)["read"]
                    if os.path.isdir(path))      # a package of the standard library
    assert not sealing.landlock_hides(SYSTEM_PYTHON, [tmp_path, readable + "/kit"])
    assert not sealing.landlock_hides(SYSTEM_PYTHON, ["/usr/bin/kit"])    # runnable programs


@pytest.mark.skipif(seal.landlock_abi() < 6, reason="needs Landlock ABI 6")
def test_landlock_alone_scopes_abstract_sockets_and_signals(tmp_path):
    """Where seccomp is missing (another architecture) Landlock still keeps a run from the
    abstract sockets and the processes outside it."""
    import socket
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    name = "\0wordle-kit-seal-test-%d" % os.getpid()
    listener.bind(name)
    listener.listen(1)
    script = ("import os, socket, sys; sys.path.insert(0, %r); import seal\n"
              "seal.restrict_paths({'read': [], 'list': [], 'execute': [], 'write': []})\n"
              "found = []\n"
              "try:\n"
              "    socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).connect(%r)\n"
              "    found.append('connected')\n"
              "except OSError as error:\n"
              "    found.append(error.errno)\n"
              "try:\n"
              "    os.kill(%d, 0)\n"
              "    found.append('signalled')\n"
              "except OSError as error:\n"
              "    found.append(error.errno)\n"
              "print(found)\n" % (str(KIT_ROOT / "grader" / "sandbox" / "child"), name, os.getpid()))
    try:
        done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True,
                              text=True, cwd=tmp_path, timeout=60)
    finally:
        listener.close()
    assert done.stdout.strip() == "[1, 1]", done.stderr      # EPERM for both
