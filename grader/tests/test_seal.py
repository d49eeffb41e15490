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
import fcntl
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
sys.path.insert(0, str(CHANNELS))
import probe_wordle  # noqa: E402  (the channels' probes, run here unsealed)
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
# issue 46's pair: the sender marks the page cache (and keeps marking it), itself (a nice value,
# one CPU) and holds shared memory; the receiver's check_word works only when one of its probes
# leaked, and its known_word says what each came to
SENDS, TAKES_BITS = ROUND_5_PAIR = ("round5_sends", "round5_takes")
ROUND_5_TAILS = {SENDS: """
import threading
SENT = mark_process(), mark_page_cache(), hold_shared_memory(32)


def keep_marking():
    while True:
        time.sleep(0.2)
        mark_page_cache()


threading.Thread(target=keep_marking, daemon=True).start()
""", TAKES_BITS: """
HEARD = {"page cache": page_cache(), "figures": machine_figures(), "processes": other_processes()}


def known_word(clues):
    return "; ".join("%s %s" % item for item in sorted(HEARD.items()))


def check_word(secret, guess):
    if not any(heard.startswith("leaked") for heard in HEARD.values()):
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


@pytest.fixture(autouse=True)
def one_suite_at_a_time():
    """The channels these tests open are the machine's (names, and the page cache and futexes
    of the standard library's files): a second suite on the machine (issue 44's loaded run)
    waits for each test of the first, on a lock of the standard library's folder, which
    leaves nothing behind (offer_and_probe.py's own lock is another: no test waits for
    itself)."""
    folder = os.open(os.path.dirname(os.__file__), os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        yield
    finally:
        os.close(folder)


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
        make_probe_pair(folder / "round5_pair", ROUND_5_TAILS)
        round_4 = copy_kit(folder / "round4", [])     # the same kit sealed as round 4 left it
        with open(round_4 / "grader" / "sandbox" / "child" / "seal.py", "a") as handle:
            handle.write(ROUND_4_SEAL)
        shutil.copytree(folder / "round5_pair", round_4 / "round5_pair")
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
    make_probe_pair(folder, FUTEX_TAILS)


def make_probe_pair(folder, tails):
    """Two submissions made of channels/probe_wordle.py, each with its tail."""
    probe = (CHANNELS / "probe_wordle.py").read_text()
    for name, tail in tails.items():
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
    """pair_graded(mode, pair, jobs, seal_of): {student: results.json, "report": the second's
    report.txt} of grade-all --jobs jobs over the pair ("pair": the corpus's, "futex_pair",
    "round5_pair"): 2 grades them side by side, 1 the second after the first (by name); by
    the kit sealed as now or (seal_of "round 4's") as round 4 left it."""
    graded = {}
    pairs = {"pair": PAIR_NAMES, "futex_pair": FUTEX_PAIR, "round5_pair": ROUND_5_PAIR}

    def run(mode, pair="pair", jobs=2, seal_of="this"):
        key = mode, pair, jobs, seal_of
        if key not in graded:
            prefix, env = PREFIXES[mode], environment(kit, mode)
            out = kit / ("out-nobody" if mode == "userns" else "out-root") / mode / pair / \
                str(jobs) / seal_of.replace(" ", "-")
            graded_kit = kit / "round4" if seal_of == FILTERS[0] else kit
            subprocess.run(prefix + [SYSTEM_PYTHON, "-m", "grader", "prepare"], cwd=graded_kit,
                           check=True, env=env, capture_output=True, timeout=300)
            done = subprocess.run(prefix + [SYSTEM_PYTHON, "-m", "grader", "grade-all", pair,
                                            "--out", str(out), "--jobs", str(jobs)],
                                  cwd=graded_kit, env=env, capture_output=True, text=True,
                                  timeout=600)
            assert done.returncode == 0, done.stderr
            names = pairs[pair]
            graded[key] = {name: json.loads((out / name / "results.json").read_text())
                           for name in names}
            graded[key]["report"] = (out / names[1] / "report.txt").read_text()
        return graded[key]
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
@pytest.mark.timeout(900)
@pytest.mark.parametrize("jobs", [2, 1])
@pytest.mark.parametrize("mode", list(PREFIXES))
def test_round_5s_channels_pass_nothing_side_by_side_or_one_after_the_other(pair_graded, mode,
                                                                             jobs):
    """Issue 46: the page cache, the machine's figures and other processes by pid, between two
    gradings at once (jobs 2) and to one graded after the sender ended (jobs 1): each probe
    refused (the page cache's four ways EPERM; sysinfo and statvfs EPERM, /proc absent or
    refused by Landlock; every other pid ESRCH), the receiver's check_word never works."""
    results = pair_graded(mode, "round5_pair", jobs)
    report = results["report"]
    assert "Sandbox: %s mode" % mode in report
    assert "page cache closed: EPERM/EPERM/EPERM/EPERM" in report, report
    assert "figures closed: EPERM/EPERM/" in report
    assert "processes closed: ESRCH" in report
    scores = [test["score"] for test in results[TAKES_BITS]["tests"]
              if test["name"].startswith("check_word")]
    assert scores and sum(scores) == 0


@NEEDS_MODES
@pytest.mark.timeout(900)
@pytest.mark.parametrize("jobs", [2, 1])
@pytest.mark.parametrize("mode", list(PREFIXES))
def test_round_5s_channels_passed_bits_on_round_4s_seal(pair_graded, mode, jobs):
    """The same pair graded by the kit sealed as round 4 left it: the page cache's bits reach
    the receiver side by side and after the sender ended, the machine's figures are read, and
    its check_word works."""
    results = pair_graded(mode, "round5_pair", jobs, FILTERS[0])
    report = results["report"]
    bits = "".join(map(str, probe_wordle.CACHE_BITS))
    assert "page cache leaked: %s by " % bits in report, report
    assert "figures leaked: sysinfo (shared memory " in report
    scores = [test["score"] for test in results[TAKES_BITS]["tests"]
              if test["name"].startswith("check_word")]
    assert scores and sum(scores) > 0


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
                       "submission_metadata.json, the machine's figures and other processes "
                       "in /proc) and write in the world-writable folders "
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
    assert "the machine's figures (sysinfo), other processes by their pids stay open between " \
        "gradings running at once, and the page cache's state" in missing[1]
    assert missing[-1] == "the grader's session keyring is readable by student code"
    _, jailed = sealing.protections(report, uid_mode=False)
    assert "System V" not in "\n".join(jailed)      # the IPC namespace holds those
    assert "pids" not in "\n".join(jailed)          # and the PID namespace these


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
ENOSYS, EPERM, EINVAL, ESRCH = (seal.SECCOMP_RET_ERRNO | number for number in (38, 1, 22, 3))
SEALED_PID = 4321       # the sealed process's pid, baked into the filter


@pytest.mark.parametrize("machine", list(seal.ARCHITECTURES))
def test_the_filter_follows_its_tables_call_by_call(machine):
    arch, numbers = seal.ARCHITECTURES[machine]
    program = seal.filter_program(arch, numbers, SEALED_PID)
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
    # issue 46: the page cache (drop, age, test), huge pages, resource usage
    assert call("fadvise64", 3, 0, 0, 1) == ALLOW            # POSIX_FADV_RANDOM
    for advice in (3, 4, 5):                                 # WILLNEED, DONTNEED, NOREUSE
        assert call("fadvise64", 3, 0, 0, advice) == EPERM
    assert call("madvise", 0, 4096, 4) == ALLOW and call("madvise", 0, 4096, 14) == ALLOW
    for advice in (3, 9, 12, 20, 21, 22, 25):  # WILLNEED, REMOVE, MERGEABLE, COLD, PAGEOUT, ...
        assert call("madvise", 0, 4096, advice) == EINVAL
    assert call("preadv2", 3, 0, 1, 0, 0, 0) == ALLOW
    assert call("preadv2", 3, 0, 1, 0, 0, 1) == ALLOW           # RWF_HIPRI
    for flag in (8, 0x80, 1 << 31):                          # RWF_NOWAIT, RWF_DONTCACHE, ...
        assert call("preadv2", 3, 0, 1, 0, 0, flag | 4) == EPERM
        assert call("pwritev2", 3, 0, 1, 0, 0, flag) == EPERM
    assert call("mmap", 0, 4096, 3, 0x22) == ALLOW           # MAP_PRIVATE | MAP_ANONYMOUS
    assert call("mmap", 0, 4096, 3, 0x22 | 0x40000) == EINVAL       # MAP_HUGETLB
    assert call("memfd_create", 0, 1) == ALLOW and call("memfd_create", 0, 5) == EINVAL
    assert call("wait4", 5, 0x7FFE0000, 0, 0) == ALLOW       # waitpid's: no usage
    assert call("wait4", 5, 0, 0, 0x7FFE0000) == EPERM and call("wait4", 5, 0, 0, 1 << 32) == EPERM
    assert call("waitid", 1, 5, 0x7FFE0000, 4, 0) == ALLOW
    assert call("waitid", 1, 5, 0x7FFE0000, 4, 0x7FFE0100) == EPERM
    # issue 46: a process named by its pid only as itself (0 or its own)
    for name in ("sched_getaffinity", "sched_setaffinity", "sched_getparam",
                 "sched_getscheduler", "getpgid", "getsid", "prlimit64"):
        assert call(name, 0) == ALLOW and call(name, SEALED_PID) == ALLOW, name
        assert call(name, 1) == ESRCH and call(name, SEALED_PID + 1) == ESRCH, name
    for name in ("getpriority", "setpriority"):
        assert call(name, 0, 0) == ALLOW and call(name, 0, SEALED_PID) == ALLOW
        assert call(name, 0, 1) == ESRCH and call(name, 0, SEALED_PID - 1) == ESRCH
        assert call(name, 1, 0) == ESRCH and call(name, 2, 0) == ESRCH     # PRIO_PGRP, PRIO_USER
    for name in ("clock_gettime", "clock_getres", "clock_nanosleep", "timer_create"):
        for clock in (0, 1, 2, 3, 7, 11):        # the machine's clocks, its own CPU clocks
            assert call(name, clock) == ALLOW, (name, clock)
        for pid in (0, SEALED_PID):              # its process's and main thread's CPU clocks
            assert call(name, (~pid << 3 | 2) & 0xFFFFFFFF) == ALLOW
            assert call(name, (~pid << 3 | 6) & 0xFFFFFFFF) == ALLOW
        assert call(name, (~1 << 3 | 2) & 0xFFFFFFFF) == EINVAL      # init's CPU time
        assert call(name, (~(SEALED_PID + 1) << 3 | 6) & 0xFFFFFFFF) == EINVAL
        assert call(name, (~3 << 3 | 3) & 0xFFFFFFFF) == EINVAL      # a clock device's fd
    assert run_filter(program, 0, 0x40000003) == EPERM      # another architecture (i386)
    if machine == "x86_64":
        assert run_filter(program, seal.X32_SYSCALL_BIT | 0, arch) == EPERM
    audit = seal.filter_program(arch, numbers, SEALED_PID, audit=True)
    assert run_filter(audit, numbers["futex_waitv"], arch) == EPERM
    assert run_filter(audit, 599, arch) == LOG
    assert run_filter(audit, numbers["futex"], arch, (0, 0, 0, 0, 0, 0)) == LOG
    assert run_filter(audit, numbers["getpriority"], arch, (0, 1, 0, 0, 0, 0)) == LOG


def test_every_name_in_the_tables_is_a_call_of_some_architecture():
    names = {name for table in (seal.ALLOWED, seal.REFUSED) for names in table.values()
             for name in names.split()} | set(seal.CHECKED)
    known = set().union(*(numbers for _, numbers in seal.ARCHITECTURES.values()))
    assert names == known
    header = Path("/usr/include/x86_64-linux-gnu/asm/unistd_64.h")
    if header.is_file():    # the x86_64 numbers as the kernel's headers have them
        defined = dict(re.findall(r"#define __NR_(\w+) (\d+)", header.read_text()))
        table = seal.ARCHITECTURES["x86_64"][1]
        assert {name: str(number) for name, number in table.items() if name in defined} \
            == {name: defined[name] for name in table if name in defined}
        newest = max(int(number) for number in defined.values())
        assert all(number > newest for name, number in table.items() if name not in defined)


@pytest.mark.skipif(os.uname().machine not in seal.ARCHITECTURES, reason="no filter for this machine")
def test_the_filter_keeps_the_subreaper_flag_and_the_rest_of_prctl(tmp_path):
    """Student code may not clear the worker's child-subreaper flag (an orphan would go to init
    and its CPU time be counted nowhere, in the uid mode above all), nor set one of its own;
    every other prctl still works, and fcntl's lock commands are still refused."""
    script = ("import ctypes, ctypes.util, fcntl, json, os, sys; sys.path.insert(0, %r); import seal\n"
              "libc = ctypes.CDLL(None, use_errno=True)\n"
              "libc.prctl(36, 1, 0, 0, 0)\n"
              "seal.install_filter(seal.filter_program(*seal.ARCHITECTURES[os.uname().machine],\n"
              "                                        os.getpid()))\n"
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
import ctypes, json, os, subprocess, sys, threading, time
sys.path.insert(0, %r)
import seal
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
arch, numbers = seal.ARCHITECTURES[os.uname().machine]
seal.install_filter(seal.filter_program(arch, numbers, os.getpid()))
found = {}
def errno_of(result):
    return 0 if result >= 0 else ctypes.get_errno()
word = ctypes.c_uint32(0)
found["shared futex"] = errno_of(libc.syscall(numbers["futex"], ctypes.byref(word), 1, 1, 0, 0, 0))
found["private futex"] = errno_of(libc.syscall(numbers["futex"], ctypes.byref(word), 129, 1, 0, 0, 0))
found["msgctl"] = errno_of(libc.msgctl(0, 3, ctypes.create_string_buffer(256)))   # IPC_INFO
found["shmctl"] = errno_of(libc.shmctl(0, 14, ctypes.create_string_buffer(256)))  # SHM_INFO
found["unshare"] = errno_of(libc.unshare(0x10000000))
found["mincore"] = errno_of(libc.syscall(numbers["mincore"], 0, 0, 0))
found["sysinfo"] = errno_of(libc.sysinfo(ctypes.create_string_buffer(256)))
def os_errno(action):
    try:
        action()
        return 0
    except OSError as error:
        return error.errno
handle = os.open(os.__file__, os.O_RDONLY)
found["DONTNEED"] = os_errno(lambda: os.posix_fadvise(handle, 0, 0, os.POSIX_FADV_DONTNEED))
found["RWF_NOWAIT"] = os_errno(lambda: os.preadv(handle, [bytearray(4096)], 0, os.RWF_NOWAIT))
found["a plain read"] = os_errno(lambda: os.preadv(handle, [bytearray(4096)], 0))
found["init's nice value"] = os_errno(lambda: os.getpriority(os.PRIO_PROCESS, 1))
found["its own"] = os_errno(lambda: (os.nice(1), os.getpriority(os.PRIO_PROCESS, os.getpid()),
                                     os.sched_getaffinity(0), time.process_time()))
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
        "shmctl": errno.EPERM, "unshare": errno.ENOSYS, "mincore": errno.EPERM,
        "sysinfo": errno.EPERM, "DONTNEED": errno.EPERM, "RWF_NOWAIT": errno.EPERM,
        "a plain read": 0, "init's nice value": errno.ESRCH, "its own": 0,
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


# ------------------------------------------------------------------ issue 46: round 5's channels
# The calls round 5 closed or checked, which round 4's filter allowed as they were (mincore,
# cachestat and readahead were unlisted: ENOSYS).
ROUND_5 = ("madvise fadvise64 preadv2 pwritev2 mmap memfd_create wait4 waitid getpriority "
           "setpriority sched_getaffinity sched_setaffinity sched_getparam sched_getscheduler "
           "getpgid getsid prlimit64 clock_gettime clock_getres clock_nanosleep timer_create "
           "sysinfo statfs fstatfs getrusage").split()
FILTERS = ("round 4's", "this")
# round 4's filter: seal.py's tables with round 5's calls allowed as they were
ROUND_4_SEAL = """
ROUND_5 = %r
for name in ROUND_5:
    CHECKED.pop(name, None)
REFUSED = {group: " ".join(name for name in names.split()
                           if name not in ROUND_5 + ["mincore", "cachestat", "readahead"])
           for group, names in REFUSED.items()}
ALLOWED["round 4"] = " ".join(ROUND_5)
""" % ROUND_5
SEALED = """
import errno, os, sys, time
sys.path[:0] = [%(child)r, %(channels)r]
import probe_wordle, seal
if %(round_4)r:
    exec(%(round_4_seal)r, vars(seal))
seal.install_filter(seal.filter_program(*seal.ARCHITECTURES[os.uname().machine], os.getpid()))
try:
    print(%(action)s, flush=True)
except OSError as error:
    print("closed: " + errno.errorcode[error.errno], flush=True)
time.sleep(%(hold)r)
"""
NEEDS_FILTER = pytest.mark.skipif(os.uname().machine not in seal.ARCHITECTURES,
                                  reason="no filter for this machine")


def sealed(action, which, hold=0):
    """A process under which filter ("round 4's" or "this") that prints what the expression
    action (of probe_wordle's) came to, then waits hold seconds."""
    return subprocess.Popen(
        [sys.executable, "-I", "-c", SEALED % {
            "child": str(KIT_ROOT / "grader" / "sandbox" / "child"), "channels": str(CHANNELS),
            "round_4": which == FILTERS[0], "round_4_seal": ROUND_4_SEAL, "action": action,
            "hold": hold}],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def printed(process):
    line = process.stdout.readline().strip()
    assert line, process.stderr.read()
    return line


@NEEDS_FILTER
@pytest.mark.parametrize("which", FILTERS)
def test_a_grading_reads_the_page_cache_another_left_only_on_round_4s_filter(which):
    """The pages a sender read in and dropped, one a bit, outlive it: a grading started after
    it read them by RWF_NOWAIT and the major faults getrusage counts (mincore and cachestat
    were never allowed); now every way to tell is refused, and so is the sender's drop."""
    assert probe_wordle.mark_page_cache() == "sent"      # as any process on the machine may
    receiver = sealed("probe_wordle.page_cache()", which)
    got = printed(receiver)
    receiver.wait()
    if which == FILTERS[0]:
        # by whichever way first finds the pages as sent: the first way's reads race the
        # sender's pages still arriving on a busy machine (RWF_NOWAIT read another pattern
        # once, majflt the bits), so which way is not asserted, only that one leaks
        bits = "".join(map(str, probe_wordle.CACHE_BITS))
        assert got.startswith("leaked: %s by " % bits), got
    else:
        assert got == "closed: EPERM/EPERM/EPERM/EPERM"
        sender = sealed("probe_wordle.mark_page_cache()", which)
        assert printed(sender) == "closed: EPERM"
        sender.wait()


@NEEDS_FILTER
@pytest.mark.parametrize("which", FILTERS)
def test_the_machines_shared_memory_carries_a_bit_only_on_round_4s_filter(which):
    """A sender's 1-bit is 128 MiB of shared memory held; the receiver reads the machine's
    figure (sysinfo) while it is held and once it is not.  statvfs's free space is refused too."""
    held = probe_wordle.hold_shared_memory(128)
    try:
        during = sealed("probe_wordle.shared_memory_figure()", which)
        while_held = printed(during)
        during.wait()
    finally:
        os.close(held)
    after = sealed("probe_wordle.shared_memory_figure()", which)
    when_released = printed(after)
    after.wait()
    statvfs = sealed("os.statvfs(os.path.dirname(os.__file__)).f_bfree", which)
    free = printed(statvfs)
    statvfs.wait()
    if which == FILTERS[0]:
        assert int(while_held) - int(when_released) > 96 << 20
        assert free.isdigit()
    else:
        assert while_held == when_released == free == "closed: EPERM"


@NEEDS_FILTER
@pytest.mark.parametrize("which", FILTERS)
def test_a_process_finds_another_by_its_pid_only_on_round_4s_filter(which):
    """The sender marks itself with a nice value and one CPU; the receiver asks the pids near
    its own for their nice values and reads the marked one's CPUs and CPU time (without a
    PID namespace, as in the uid mode); now only its own pid answers."""
    sender = sealed("probe_wordle.mark_process()", which, hold=30)
    try:
        assert printed(sender) == "marked"       # its own nice value and affinity it may set
        receiver = sealed("probe_wordle.other_processes()", which)
        got = printed(receiver)
        receiver.wait()
    finally:
        sender.kill()
        sender.wait()
    if which == FILTERS[0]:
        assert got.startswith("leaked: pid %d marked, on CPUs [" % sender.pid), got
    else:
        assert got == "closed: ESRCH"
