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
works.  Issue 31's channels the same ways: the machine's System V segments listed and
attached by id, shared futex wakes on a word of a standard library file (from the grader, and
between the two gradings of a futex pair), and the seccomp allowlist itself, interpreted call
by call on both architectures and run under the tests' Python.  Where the kernel lacks Landlock or
seccomp the staff output says what stays open (the last tests).
"""
import ctypes
import errno
import json
import os
import platform
import re
import shutil
import struct
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
KERNEL_OBJECTS = ["keyring", "locks", "message_queue", "shared_memory", "abstract_socket",
                  "shared_memory_by_id", "futex"]
# what the uid mode exposed without Landlock: a classmate's code, Gradescope's metadata
FILES = ["classmate", "classmate_by_path", "metadata"]
MAKES = ["leave_message_queue", "shared_memory_segment", "run_lock", "folder_chain"]
# the pair's functions and the channel each came through
PAIR = {"check_word": "locks", "known_word": "keyring", "no_letters": "queue",
        "yes_letters": "shared_memory", "filter_word_list": "abstract_socket"}
OFFERS, TAKES = PAIR_NAMES = ("hostile_offers_its_code", "hostile_takes_a_classmates_code")
# issue 31's futex pair: one wakes a shared futex on a word of os.py over and over, the other's
# check_word works only when its wait on that word was woken (the bit), both made of
# channels/probe_wordle.py
WAKES, LISTENS = FUTEX_PAIR = ("futex_wakes", "futex_listens")
FUTEX_TAILS = {WAKES: "\nSTOP_WAKING = wake_futex(os.path.realpath(os.__file__), 4096)\n",
               LISTENS: """
HEARD = futex(os.path.realpath(os.__file__), 4096, 5.0)


def known_word(clues):
    return HEARD        # shown in the report: what the wait came to


def check_word(secret, guess):
    if not HEARD.startswith("leaked"):
        return None
    remaining = [s for s, g in zip(secret, guess) if s != g]
    clue = []
    for s, g in zip(secret, guess):
        if s == g:
            clue.append("green")
        elif g in remaining:
            clue.append("yellow")
            remaining.remove(g)
        else:
            clue.append("grey")
    return clue
"""}
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
        make_futex_pair(folder / "futex_pair")
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


def make_futex_pair(folder):
    probe = (CHANNELS / "probe_wordle.py").read_text()
    for name, tail in FUTEX_TAILS.items():
        (folder / name).mkdir(parents=True)
        (folder / name / "wordle.py").write_text(probe + tail)
        (folder / name / "easy_wordle.py").write_text("EMPTY = True\n")


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
    assert "seccomp: only the calls a Python program needs (an allowlist); refuses the session " \
        "keyring" in held
    assert "a session keyring of its own" in held


# ------------------------------------------------------------------ two gradings at once

@pytest.fixture(scope="module")
def pair_graded(kit):
    """pair_graded(mode, pair): {student: results.json, "report": the second's report.txt} of
    grade-all --jobs 2 over the pair ("pair": the corpus's, "futex_pair")."""
    graded = {}

    def run(mode, pair="pair"):
        if (mode, pair) not in graded:
            prefix, env = PREFIXES[mode], environment(kit, mode)
            out = kit / ("out-nobody" if mode == "userns" else "out-root") / mode / pair
            subprocess.run(prefix + [SYSTEM_PYTHON, "-m", "grader", "prepare"], cwd=kit, check=True,
                           env=env, capture_output=True, timeout=300)
            done = subprocess.run(prefix + [SYSTEM_PYTHON, "-m", "grader", "grade-all", pair,
                                            "--out", str(out), "--jobs", "2"],
                                  cwd=kit, env=env, capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, done.stderr
            names = PAIR_NAMES if pair == "pair" else FUTEX_PAIR
            graded[mode, pair] = {name: json.loads((out / name / "results.json").read_text())
                                  for name in names}
            graded[mode, pair]["report"] = (out / names[1] / "report.txt").read_text()
        return graded[mode, pair]
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
            "print(\"offered\", flush=True); time.sleep(20)'], cwd=%r, stdout=subprocess.PIPE)\n"
            "offering.stdout.readline()\n"     # its import (which offers everything) returned
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


@NEEDS_MODES
@pytest.mark.timeout(900)
@pytest.mark.parametrize("mode", list(PREFIXES))
def test_two_gradings_at_once_pass_no_bit_through_a_shared_futex(pair_graded, mode):
    results = pair_graded(mode, "futex_pair")
    assert "Sandbox: %s mode" % mode in results["report"]
    assert "closed: EINVAL/EPERM" in results["report"]     # imported, its waits refused
    scores = [test["score"] for test in results[LISTENS]["tests"]
              if test["name"].startswith("check_word")]
    assert scores and sum(scores) == 0


@NEEDS_MODES
def test_the_futex_pair_passes_its_bit_where_nothing_is_sealed(kit):
    """The same two as plain processes: the listener's wait is woken, its check_word works."""
    folder = kit / "futex_pair"
    waking = subprocess.Popen([sys.executable, "-c", "import wordle, time; time.sleep(30)"],
                              cwd=folder / WAKES)
    try:
        time.sleep(1.0)
        done = subprocess.run([sys.executable, "-c", "import wordle; print(wordle.HEARD); "
                               "print(wordle.check_word('LERED', 'RADIO'))"],
                              cwd=folder / LISTENS, capture_output=True, text=True, timeout=60)
    finally:
        waking.kill()
        waking.wait()
    assert done.stdout.startswith("leaked: woken"), done.stdout + done.stderr
    assert "['yellow', 'grey', 'yellow', 'grey', 'grey']" in done.stdout


# ------------------------------------------------------------------ where the kernel lacks them

def test_without_landlock_the_uid_mode_says_what_anyone_may_read():
    report = {"landlock": 0, "landlock_problem": "Function not implemented", "seccomp": "",
              "keyring": True}
    held, missing = sealing.protections(report, uid_mode=True)
    assert any(line.startswith("seccomp: only the calls") for line in held)
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
    assert missing[1].startswith("no seccomp filter for the riscv64 architecture: file locks, "
                                 "inotify and shared futexes on shared read-only files, System V "
                                 "and POSIX IPC")
    assert missing[-1] == "the grader's session keyring is readable by student code"
    _, jailed = sealing.protections(report, uid_mode=False)
    assert "System V" not in "\n".join(jailed)      # the IPC namespace holds those


def test_an_unknown_architecture_is_refused_cleanly_and_reported(tmp_path):
    script = ("import json, os, sys; sys.path.insert(0, %r); import seal\n"
              "from configuration import Seal\n"
              "os.uname = lambda: type('uname', (), {'machine': 'sparc64'})\n"
              "print(json.dumps(seal.apply(Seal(read=[], list=[], execute=[], write=[]))))"
              % str(KIT_ROOT / "grader" / "sandbox" / "child"))
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    report = json.loads(done.stdout)
    assert report["seccomp"] == "no seccomp filter for the sparc64 architecture"
    assert report["keyring"] is False


def test_a_child_that_cannot_seal_as_the_probe_did_refuses_to_run(tmp_path):
    script = ("import sys; sys.path.insert(0, %r); import seal\n"
              "from configuration import Seal, SealRequired\n"
              "seal.landlock_abi = lambda: 0\n"
              "seal.apply(Seal(read=[], list=[], execute=[], write=[],"
              " require=SealRequired(landlock=1)))" % str(KIT_ROOT / "grader" / "sandbox" / "child"))
    done = subprocess.run([sys.executable, "-I", "-c", script], capture_output=True, text=True,
                          cwd=tmp_path, timeout=60)
    assert done.returncode != 0 and "SealError: Landlock ABI 1 was required, 0 held" in done.stderr


def run_filter(program, number, arch, args=(0,) * 6):
    """What the BPF program returns for a call (a small interpreter of the instructions
    filter_program uses; every jump must land inside the program)."""
    data = struct.pack("<iIQ6Q", number, arch, 0, *args)
    accumulator, counter = 0, 0
    while True:
        code, true, false, constant = program[counter]
        if code == seal.BPF_LD_W_ABS:
            accumulator = struct.unpack_from("<I", data, constant)[0]
        elif code == seal.BPF_ALU_AND_K:
            accumulator &= constant
        elif code == seal.BPF_JA:
            counter += constant
        elif code == seal.BPF_RET_K:
            return constant
        else:
            taken = {seal.BPF_JEQ_K: accumulator == constant,
                     seal.BPF_JGE_K: accumulator >= constant,
                     seal.BPF_JSET_K: bool(accumulator & constant)}[code]
            counter += true if taken else false
        counter += 1
        assert counter < len(program)


ALLOW, LOG = seal.SECCOMP_RET_ALLOW, seal.SECCOMP_RET_LOG
ENOSYS, EPERM, EINVAL = (seal.SECCOMP_RET_ERRNO | number for number in (38, 1, 22))


@pytest.mark.parametrize("machine", list(seal.ARCHITECTURES))
def test_the_filter_follows_its_tables_call_by_call(machine):
    arch, numbers = seal.ARCHITECTURES[machine]
    program = seal.filter_program(arch, numbers)
    allowed = {name for names in seal.ALLOWED.values() for name in names.split()}
    refused = {name for names in seal.REFUSED.values() for name in names.split()}
    by_number = {number: name for name, number in numbers.items()}
    for number in range(600):
        name = by_number.get(number)
        expected = ALLOW if name in allowed else EPERM if name in refused else \
            None if name in seal.CHECKED else ENOSYS
        if expected is not None:
            assert run_filter(program, number, arch) == expected, (name, number)

    def call(name, *args):
        return run_filter(program, numbers[name], arch, args + (0,) * (6 - len(args)))
    assert call("futex", 0, 0x80) == ALLOW and call("futex", 0, 0x89) == ALLOW  # private
    assert call("futex", 0, 0) == EINVAL and call("futex", 0, 9) == EINVAL       # shared
    assert call("clone", 0x3D0F00) == ALLOW          # a thread's flags (glibc's pthread_create)
    assert call("clone", 0x01200011) == ALLOW  # fork's: CHILD_SETTID, CHILD_CLEARTID, SIGCHLD
    assert call("clone", 0x10000000 | 17) == EPERM   # CLONE_NEWUSER
    assert call("clone", 0x8000 | 17) == EPERM       # CLONE_PARENT: the grader's child, uncounted
    assert call("fcntl", 3, 1) == ALLOW and call("fcntl", 3, 1030) == ALLOW
    for command in (5, 6, 7, 36, 37, 38, 1024, 1025, 1026):  # locks, leases, F_NOTIFY
        assert call("fcntl", 3, command) == EPERM
    assert call("prctl", 15) == ALLOW and call("prctl", 36) == EPERM
    # SIGCHLD's action may be read (no new action: null), never set; other signals' may
    assert call("rt_sigaction", 17, 0, 0x7FFE0000) == ALLOW
    assert call("rt_sigaction", 17, 0x7FFE0010) == EPERM
    assert call("rt_sigaction", 17, 1 << 32) == EPERM    # a pointer whose low half is 0
    assert call("rt_sigaction", 10, 0x7FFE0010) == ALLOW
    assert call("fcntl", 3, 6 | 1 << 32) == EPERM    # the kernel reads the low 32 bits only
    assert run_filter(program, 0, 0x40000003) == EPERM      # another architecture (i386)
    if machine == "x86_64":
        assert run_filter(program, seal.X32_SYSCALL_BIT | 0, arch) == EPERM
    audit = seal.filter_program(arch, numbers, audit=True)
    assert run_filter(audit, numbers["futex_waitv"], arch) == EPERM
    assert run_filter(audit, 599, arch) == LOG
    assert run_filter(audit, numbers["futex"], arch, (0, 0, 0, 0, 0, 0)) == LOG


def test_every_name_in_the_tables_is_a_call_of_some_architecture():
    names = {name for table in (seal.ALLOWED, seal.REFUSED) for names in table.values()
             for name in names.split()} | set(seal.CHECKED)
    known = set().union(*(numbers for _, numbers in seal.ARCHITECTURES.values()))
    assert names == known
    header = Path("/usr/include/x86_64-linux-gnu/asm/unistd_64.h")
    if header.is_file():    # the x86_64 numbers as the kernel's headers have them
        defined = dict(re.findall(r"#define __NR_(\w+) (\d+)", header.read_text()))
        assert {name: str(number) for name, number in seal.ARCHITECTURES["x86_64"][1].items()} \
            == {name: defined[name] for name in seal.ARCHITECTURES["x86_64"][1]}


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


LIVE_CALLS = """
import ctypes, json, os, subprocess, sys, threading
sys.path.insert(0, %r)
import seal
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
arch, numbers = seal.ARCHITECTURES[os.uname().machine]
seal.install_filter(seal.filter_program(arch, numbers))
found = {}
def errno_of(result):
    return 0 if result >= 0 else ctypes.get_errno()
word = ctypes.c_uint32(0)
found["shared futex"] = errno_of(libc.syscall(numbers["futex"], ctypes.byref(word), 1, 1, 0, 0, 0))
found["private futex"] = errno_of(libc.syscall(numbers["futex"], ctypes.byref(word), 129, 1, 0, 0, 0))
found["msgctl"] = errno_of(libc.msgctl(0, 3, ctypes.create_string_buffer(256)))   # IPC_INFO
found["shmctl"] = errno_of(libc.shmctl(0, 14, ctypes.create_string_buffer(256)))  # SHM_INFO
found["unshare"] = errno_of(libc.unshare(0x10000000))
found["mincore"] = errno_of(libc.syscall({"x86_64": 27, "aarch64": 232}[os.uname().machine], 0, 0, 0))
results = []
threads = [threading.Thread(target=results.append, args=(n,)) for n in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
found["threads"] = sorted(results)
found["program"] = subprocess.run([sys.executable, "-c", "print(6 * 7)"], capture_output=True,
                                  text=True).stdout.strip()
import signal
for name in ("SIGCHLD", "SIGUSR1"):
    try:
        signal.signal(getattr(signal, name), signal.SIG_IGN)
        found["ignore " + name] = 0
    except OSError as error:
        found["ignore " + name] = error.errno
found["SIGCHLD's action is the default"] = signal.getsignal(signal.SIGCHLD) == signal.SIG_DFL
print(json.dumps(found))
"""


@pytest.mark.skipif(os.uname().machine not in seal.ARCHITECTURES, reason="no filter for this machine")
def test_under_the_filter_threads_and_programs_run_and_the_channels_are_refused(tmp_path):
    done = subprocess.run([sys.executable, "-I", "-c", LIVE_CALLS % str(
        KIT_ROOT / "grader" / "sandbox" / "child")], capture_output=True, text=True, cwd=tmp_path,
        timeout=60)
    assert json.loads(done.stdout) == {
        "shared futex": errno.EINVAL, "private futex": 0, "msgctl": errno.EPERM,
        "shmctl": errno.EPERM, "unshare": errno.ENOSYS, "mincore": errno.ENOSYS,
        "threads": [0, 1, 2, 3], "program": "42", "ignore SIGCHLD": errno.EPERM,
        "ignore SIGUSR1": 0, "SIGCHLD's action is the default": True}, done.stderr


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
              "from configuration import Seal\n"
              "seal.restrict_paths(Seal(read=[], list=[], execute=[], write=[]))\n"
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
