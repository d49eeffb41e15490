"""Tests for grader.sandbox: correct values from a correct submission, and every hostile one contained.

The hostile submissions are in grader/tests/submissions/hostile_*/ (each file's docstring says what
it does).  As root, every case runs in the jailed, unprivileged mode the grader uses as root, and the
cases that are safe without a jail also run in the mode a non-root user gets.  Containment means:
bounded time, no process of the child left, nothing written outside the temp dir, the temp dir gone.
"""

import os
import random
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from grader import KIT_ROOT, reference
from grader.assignment import REQUIRED_FILES
from grader.checks.transcripts import games
from grader.grading import open_sandbox
from grader.sandbox import bytecode, child_reports, interpreters, modes
from grader.sandbox import child_process
from grader.sandbox.modes import JAIL_UID_BASE
from grader.sandbox.limits import Limits
from grader.sandbox.child import codec
from grader.sandbox import FIRST_CALLS, Status
from grader.submission import load_submission
from grader.tests import load

SUBMISSIONS = Path(__file__).parent / "submissions"
IS_ROOT = os.geteuid() == 0
MODES = [True, False] if IS_ROOT else [False]       # privileged (jail) mode needs root
JAILED = [True] if IS_ROOT else []
FAST = Limits(import_timeout=1.5, import_cpu_seconds=1.0)
# an import that loops reaches its CPU limit before the wall-clock net however busy the machine
CPU_BOUND = Limits(import_timeout=60, import_cpu_seconds=1.0)
RADIO_CLUE = ["yellow", "grey", "yellow", "grey", "grey"]   # check_word("LERED", "RADIO")


def sandbox_processes(box_temp, uids):
    """Pids of live processes of one sandbox: run by one of its uids, or with its temp dir in their
    command line or environment."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            uid = entry.stat().st_uid
            with open(f"/proc/{entry.name}/environ", "rb") as handle:
                environment = handle.read()
            with open(f"/proc/{entry.name}/cmdline", "rb") as handle:
                command = handle.read()
            with open(f"/proc/{entry.name}/stat", "rb") as handle:
                zombie = handle.read().rsplit(b")", 1)[1].split()[0] == b"Z"
        except OSError:
            continue
        if not zombie and (uid in uids or str(box_temp).encode() in environment + command):
            found.append(int(entry.name))
    return found


def wait_until_gone(box_temp, uids, seconds=2.0):
    deadline = time.monotonic() + seconds
    while sandbox_processes(box_temp, uids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return sandbox_processes(box_temp, uids)


@contextmanager
def sandbox(source, privileged, limits=FAST):
    """A Sandbox over SOURCE; afterwards assert that nothing of it is left."""
    with load_submission(source, REQUIRED_FILES) as submission:
        box = open_sandbox(submission, limits=limits, privileged=privileged,
                           unsafe_no_jail=not privileged)
        with box:
            temp = box.temp
            yield box
        assert not temp.exists(), "the sandbox temp dir was not removed"
        assert wait_until_gone(temp, box.child_uids) == [], "processes of the sandbox outlived it"


def hostile(name):
    return SUBMISSIONS / f"hostile_{name}"


def write_submission(folder, wordle_source, easy_source="EMPTY = True\n"):
    folder.mkdir(exist_ok=True)
    (folder / "wordle.py").write_text(wordle_source)
    (folder / "easy_wordle.py").write_text(easy_source)
    return folder


# ------------------------------------------------------------------ codec

def test_codec_round_trips_plain_data_with_tuples_and_exact_types():
    value = [("RADIO", ["green", "grey"]), {"k": (1, 2.5, None, True)}, "s", 3]
    decoded = codec.decode(codec.encode(value))
    assert decoded == value
    assert type(decoded[0]) is tuple and type(decoded[1]["k"]) is tuple
    assert type(decoded[1]["k"][3]) is bool


@pytest.mark.parametrize("bad", [type("Sly", (str,), {})("x"), {1, 2}, object(), {1: "a"},
                                 type("L", (list,), {})()])
def test_codec_refuses_anything_but_exact_plain_types(bad):
    with pytest.raises(codec.BadValue):
        codec.encode(bad)


@pytest.mark.parametrize("data", [{"tuple": 1}, {"set": []}, {"tuple": [], "dict": {}}, {}])
def test_codec_decode_refuses_malformed_tags(data):
    with pytest.raises(codec.BadValue):
        codec.decode(data)


WORDS = ["w%04d" % number for number in range(codec.KNOWN_MIN_LENGTH)]


def test_a_long_word_list_is_sent_once_and_named_after_as_a_fresh_copy():
    grader_side, child_side = codec.KnownLists(define_new=True), codec.KnownLists()
    first = codec.encode([list(WORDS), "RADIO"], known=grader_side)
    assert first[0] == {"known": "list0"} and grader_side.take_new() == {"list0": WORDS}
    child_side.learn({"list0": WORDS})
    again = codec.encode([list(WORDS)], known=grader_side)
    assert again == [{"known": "list0"}] and grader_side.take_new() == {}
    decoded = codec.decode(first, known=child_side)
    decoded[0].pop()
    assert codec.decode(first, known=child_side)[0] == WORDS     # each decoding a fresh list
    assert codec.encode(decoded, known=child_side)[0] == WORDS[:-1]  # changed: sent whole
    assert codec.encode(decoded[0] + ["w9999"], known=child_side)[-1] == "w9999"


def test_only_lists_of_exactly_str_equal_to_a_known_one_are_named():
    known = codec.KnownLists(lists={"words": WORDS})
    assert type(codec.encode(list(range(len(WORDS))), known=known)) is list
    assert type(codec.encode(WORDS[:-1] + [None], known=known)) is list
    assert type(codec.encode(WORDS[:-1] + [7], known=codec.KnownLists(define_new=True))) is list
    with pytest.raises(codec.BadValue):     # a str subclass equal to every word: not plain data
        codec.encode([type("Sly", (str,), {})(word) for word in WORDS], known=known)
    child_side = codec.KnownLists(lists={"words": WORDS}, nested=False)
    assert codec.encode(list(WORDS), known=child_side) == {"known": "words"}
    assert codec.encode([list(WORDS)] * 2, known=child_side) == [WORDS] * 2  # only whole values


def test_a_reply_cannot_name_a_list_more_often_than_it_could_hold_it():
    known = codec.KnownLists(lists={"words": WORDS})
    assert codec.decode([{"known": "words"}, "x"], known=known.at_most(1)) == [WORDS, "x"]
    with pytest.raises(codec.BadValue):
        codec.decode([{"known": "words"}] * 1_000_000, known=known.at_most(2))
    reply = {"status": Status.OK, "value": [{"known": "list0"}] * 3, "args_after": []}
    grader_side = codec.KnownLists(define_new=True)
    codec.encode(WORDS, known=grader_side)
    result = child_reports.call_result(reply, "", 0, grader_side)
    assert result.status == Status.BAD_VALUE and "more often than a call" in result.detail
    reply = {"status": Status.OK, "value": "x", "args_after": [{"known": "list0"}] * 2}
    result = child_reports.call_result(reply, "", 1, grader_side)
    assert result.args_after is None and "more often than a call" in result.args_problem


@pytest.mark.parametrize("data", [{"known": "list9"}, {"known": 0}, {"known": ["words"]}])
def test_an_unknown_list_name_is_malformed(data):
    with pytest.raises(codec.BadValue):
        codec.decode(data, known=codec.KnownLists(lists={"words": WORDS}))
    with pytest.raises(codec.BadValue):
        codec.decode({"known": "words"})    # no lists were shared


@pytest.mark.parametrize("definitions", [["list0"], {"list0": "abc"}, {"list0": ["a", 1]}])
def test_malformed_list_definitions_are_refused(definitions):
    with pytest.raises(codec.BadValue):
        codec.KnownLists().learn(definitions)


def test_a_process_s_children_are_found_with_or_without_the_kernel_s_list(monkeypatch):
    sleeper = subprocess.Popen(["sleep", "30"])
    try:
        assert sleeper.pid in child_process._children(os.getpid())
        real_open = open

        def no_children_files(path, *args, **kwargs):
            if str(path).endswith("/children"):
                raise FileNotFoundError(path)
            return real_open(path, *args, **kwargs)
        monkeypatch.setattr("builtins.open", no_children_files)
        assert sleeper.pid in child_process._children(os.getpid())
        assert child_process._children(sleeper.pid) == []
    finally:
        sleeper.kill()
        sleeper.wait()


# ------------------------------------------------------------------ a correct submission

@pytest.mark.parametrize("privileged", MODES)
def test_reference_submission_gets_exact_values(privileged):
    clues = [("RADIO", RADIO_CLUE)]
    with sandbox(KIT_ROOT, privileged) as box:
        check = box.call("wordle", "check_word", ["LERED", "RADIO"])
        assert (check.status, check.value) == (Status.OK, RADIO_CLUE)
        known = box.call("wordle", "known_word", [clues])
        assert (known.status, known.value) == (Status.OK, "_____")
        assert known.args_after == [clues] and type(known.args_after[0][0]) is tuple
        filtered = box.call("easy_wordle", "filter_word_list", [["aaaaa", "bbbbb"],
                                                               [("APPLE", ["green"] + ["grey"] * 4)]])
        assert (filtered.status, filtered.value, filtered.returned_argument) == (Status.OK, ["aaaaa"], None)
        assert box.call("wordle", "no_such_function", []).status == Status.MISSING_FUNCTION
        assert box.import_module("wordle").status == Status.OK
        run = box.run_program("wordle", "radio\n", seed=5)
        assert run.status == Status.OK and run.stdout.startswith("Known:  _____\n")
        assert run.forbidden_imports == []


def test_missing_file_gives_missing_module(tmp_path):
    (tmp_path / "wordle.py").write_text("def check_word(s, g):\n    return ['grey'] * 5\n")
    with sandbox(tmp_path, privileged=False) as box:
        assert box.call("easy_wordle", "filter_word_list", [[], []]).status == Status.MISSING_MODULE
        assert box.run_program("easy_wordle", "", seed=1).status == Status.MISSING_MODULE
        assert box.call("wordle", "check_word", ["A", "B"]).value == ["grey"] * 5


PROBE = '''
import os, sys, words, display_utility
def facts():
    return {"words": len(words.words), "path": sys.path, "cwd": os.getcwd(), "uid": os.getuid(),
            "groups": os.getgroups(), "env": sorted(os.environ), "kit_utility": display_utility.__file__}
def arg_types(*args):
    return [type(arg).__name__ for arg in args]
'''


@pytest.mark.parametrize("privileged", MODES)
def test_child_sees_only_its_copy_the_kit_word_list_and_the_stdlib(tmp_path, privileged):
    submission = write_submission(tmp_path / "probe", PROBE)
    (submission / "words.py").write_text("words = ['fake']\n")      # a student's own copy is ignored
    with sandbox(submission, privileged) as box:
        facts = box.call("wordle", "facts", []).value
        types = box.call("wordle", "arg_types", [("A", [1]), [], {"k": 1}]).value
    assert facts["words"] == 14855
    assert facts["path"][0] == facts["cwd"]
    assert all("packages" not in entry and str(KIT_ROOT) not in entry for entry in facts["path"])
    assert "PYTHONPATH" not in facts["env"]
    assert types == ["tuple", "list", "dict"]
    if privileged:
        assert facts["uid"] >= JAIL_UID_BASE and facts["groups"] == []
        assert facts["cwd"] == "/box"


def test_protections_are_reported():
    with load_submission(KIT_ROOT, REQUIRED_FILES) as submission:
        with open_sandbox(submission, privileged=False, unsafe_no_jail=True) as box:
            assert box.missing_protections and not box.privileged
        if IS_ROOT:
            with open_sandbox(submission) as box:
                assert box.privileged and box.missing_protections == []
                assert not box.python.startswith("/root")


BURN_AS_A_PROGRAM = """
if __name__ == "__main__":
    end = time.process_time() + 0.6
    while time.process_time() < end:
        pass
    print("done")
"""
SLEEP_AS_A_PROGRAM = "if __name__ == '__main__':\n    time.sleep(60)\n"


@pytest.mark.parametrize("privileged", MODES)
def test_time_spent_waiting_for_a_cpu_is_measured_and_not_counted_as_own_time(tmp_path,
                                                                              privileged):
    """A call and a game that compute 0.6 s get a quarter of a CPU at most: they take over
    2.4 s of wall-clock time, most of it waiting for the CPU, which their own time leaves out:
    it stays under their own-time limit of 2 s, and under half their wall-clock time (what
    the grader takes to read their answer, longer on a busy machine, is theirs: that leaves
    it over a second on either bound)."""
    folder = write_submission(tmp_path / "cpu", CPU_AND_SLEEP + BURN_AS_A_PROGRAM)
    with load.sharing_one_cpu(), sandbox(folder, privileged) as box:
        started = time.monotonic()
        burn = box.call("wordle", "check_word", ["LONG BURN", "X"], timeout=60, cpu_limit=5,
                        own_limit=2.0)
        wall = time.monotonic() - started
        assert burn.status == Status.OK and not burn.own_time_out
        assert burn.cpu_seconds * 0.9 <= burn.own_seconds < wall / 2
        started = time.monotonic()
        game = box.run_program("wordle", "", seed=1, timeout=60, own_limit=2.0)
        wall = time.monotonic() - started
        assert game.status == Status.OK and game.stdout.endswith("done\n")
        assert 0.55 <= game.own_seconds < wall / 2


FORKS_BURNERS = """
import os, time
def check_word(secret, guess):
    children = []
    for _ in range(2):
        pid = os.fork()
        if pid == 0:
            end = time.process_time() + 0.4
            while time.process_time() < end:
                pass
            os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)
    return []
"""


@pytest.mark.parametrize("privileged", MODES)
def test_the_cpu_time_of_processes_the_code_starts_is_its_own_time(tmp_path, privileged):
    """Its main thread only waits while they compute: their CPU time is what it spent (else
    code could keep a grading long by processes that crowd its own main thread out)."""
    with sandbox(write_submission(tmp_path / "fork", FORKS_BURNERS), privileged) as box:
        call = box.call("wordle", "check_word", ["A", "B"], timeout=60, cpu_limit=5,
                        own_limit=60)
    assert call.status == Status.OK and call.cpu_seconds >= 0.7
    assert call.own_seconds >= call.cpu_seconds


@pytest.mark.parametrize("privileged", MODES)
def test_code_that_sleeps_is_stopped_at_its_own_time_limit(tmp_path, privileged):
    folder = write_submission(tmp_path / "sleep", CPU_AND_SLEEP + SLEEP_AS_A_PROGRAM)
    with sandbox(folder, privileged) as box:
        started = time.monotonic()
        sleep = box.call("wordle", "check_word", ["SLEEP", "X"], timeout=60, cpu_limit=5,
                         own_limit=0.5)
        game = box.run_program("wordle", "", seed=1, timeout=60, own_limit=0.5)
        assert time.monotonic() - started < 30
        assert sleep.status == Status.TIMEOUT and sleep.own_time_out
        assert game.status == Status.TIMEOUT and game.own_time_out
        assert box.call("wordle", "check_word", ["FAST", "X"]).status == Status.OK   # restarted


def test_the_grader_s_own_waits_for_a_cpu_are_not_the_code_s_own_time(tmp_path, monkeypatch):
    """The grader's thread is made to wait 0.4 s after it reads a reply, as if for a CPU (its
    run delay says so): that wait is the grader's, not the code's.  Its run delay also grows
    by 0.5 s at each look that finds nothing, as if it waited for a CPU while the code ran or
    slept: that time is the code's own."""
    delayed = [0.0]

    def read_late(self, *args, **kwargs):
        before = len(self.buffers["protocol"])
        reading = real_pump(self, *args, **kwargs)
        if len(self.buffers["protocol"]) > before:
            time.sleep(0.4)
            delayed[0] += 0.4
        else:
            delayed[0] += 0.5
        return reading

    real_pump = child_process.ChildProcess._pump
    monkeypatch.setattr(child_process.ChildProcess, "_pump", read_late)
    monkeypatch.setattr(child_process, "grader_run_delay", lambda: delayed[0])
    with sandbox(write_submission(tmp_path / "nap", CPU_AND_SLEEP), privileged=False) as box:
        started = time.monotonic()
        fast = box.call("wordle", "check_word", ["FAST", "X"], timeout=60, cpu_limit=5,
                        own_limit=60)
        assert time.monotonic() - started >= 0.4 and fast.own_seconds < 0.4
        started = time.monotonic()
        nap = box.call("wordle", "check_word", ["NAP", "X"], timeout=60, cpu_limit=5,
                       own_limit=60)
        wall = time.monotonic() - started
    assert fast.status == nap.status == Status.OK
    # its 1 s sleep, give or take the few ms between the grader's readings of the clock and
    # of the run delay (0.9989 s once, beside a second suite and four busy loops)
    assert 0.98 <= nap.own_seconds <= wall - 0.4


@pytest.mark.parametrize("privileged", JAILED)
@pytest.mark.parametrize("failing, expected", [
    ((modes.JAIL,), modes.USERNS),
    ((modes.JAIL, modes.USERNS), modes.UID)])
def test_falls_back_clearly_when_the_jail_cannot_be_built(monkeypatch, privileged, failing,
                                                           expected):
    for mode in failing:
        monkeypatch.setitem(modes._PROBES, (interpreters.find_system_python(), mode),
                            "PermissionError: [Errno 1] Operation not permitted")
    with load_submission(KIT_ROOT, REQUIRED_FILES) as submission, \
            open_sandbox(submission, privileged=privileged) as box:
        assert box.mode == expected
        assert any("jail cannot be built" in line for line in box.missing_protections)
        assert box.call("wordle", "known_word", [[]]).value == "_____"


SEEDED = '''
import random
if __name__ == "__main__":
    random.seed(12345)
    print(random.random())
    print(random.Random().random(), random.Random(12345).random())
    print(random.SystemRandom().random())
'''


@pytest.mark.parametrize("privileged", MODES)
def test_program_runs_are_seeded_and_student_seeds_and_generators_are_ignored(tmp_path, privileged):
    with sandbox(write_submission(tmp_path / "seeded", SEEDED), privileged) as box:
        first = box.run_program("wordle", "", seed=7)
        again = box.run_program("wordle", "", seed=7)
        other = box.run_program("wordle", "", seed=8)
    draw = random.Random(7).random()
    assert first.stdout == again.stdout == f"{draw}\n{draw} {draw}\n{draw}\n"
    assert other.stdout != first.stdout
    assert first.seedings == other.seedings == [("12345", "wordle.py:4"), ("12345", "wordle.py:6")]


CLOCK_READER = '''
import datetime
import os
import random
import time
if __name__ == "__main__":
    random.seed(time.time())
    random.seed(1913)
    input()
    random.seed(7)
    print(int(time.time()), time.time_ns() // 10 ** 9, datetime.datetime.now().year,
          datetime.date.today().year, os.getpid(), hash("crane"))
'''


@pytest.mark.parametrize("privileged", MODES)
def test_runs_with_seedings_honoured_read_clocks_ids_and_hashes_of_their_own(tmp_path, privileged):
    clocks = games.HONOURED_CLOCKS[:2]
    with sandbox(write_submission(tmp_path / "clock", CLOCK_READER), privileged) as box:
        plain = box.run_program("wordle", "x\n", seed=1)
        moved = [box.run_program("wordle", "x\n", seed=1, honour_seeds=True, clock=clock)
                 for clock in clocks + clocks[:1]]
    readings = [list(map(int, run.stdout.split())) for run in [plain] + moved]
    for reading, clock in zip(readings, (time.time(),) + clocks):
        assert abs(reading[0] - clock) < 600 and abs(reading[1] - reading[0]) <= 1
    assert readings[1][2:4] == [2101, 2101]
    assert readings[1][4] != readings[2][4] and readings[1][5] != readings[2][5]
    assert readings[1][4:] == readings[3][4:]   # the same clock, the same id and hash seed
    assert readings[0][5] == box_hash_of_crane()
    for run in [plain] + moved:
        assert run.seeding_at_start == ("1913", "wordle.py:8")
        assert [line for _, line in run.seedings] == ["wordle.py:7", "wordle.py:8", "wordle.py:10"]
        assert [value for value, _ in run.seedings][1:] == ["1913", "7"]


def box_hash_of_crane():
    """hash("crane") with the hash seed every run of a grading shares (0)."""
    return int(subprocess.run([sys.executable, "-c", "print(hash('crane'))"], capture_output=True,
                              text=True, env={"PYTHONHASHSEED": "0"}).stdout)


DRAWING = '''
import random
if __name__ == "__main__":
    words = ["crane", "slate", "irony"]
    first = random.choice(words)
    index = random.randint(0, 49)
    picked = random.sample(range(100), 2)
    input()
    random.choice(words)
    print(first, index, picked)
'''


@pytest.mark.parametrize("privileged", MODES)
def test_the_draws_before_the_first_input_are_reported_with_what_they_drew(tmp_path, privileged):
    with sandbox(write_submission(tmp_path / "drawing", DRAWING), privileged) as box:
        run = box.run_program("wordle", "crane\n", seed=7)
    first, index, *picked = run.stdout.replace("[", "").replace("]", "").replace(",", "").split()
    assert run.draws == [("choice", 3, (first,), "wordle.py:5"),
                         ("randint", 50, (int(index),), "wordle.py:6"),
                         ("sample", 100, tuple(map(int, picked)), "wordle.py:7")]


@pytest.mark.parametrize("privileged", MODES)
def test_a_program_s_own_seedings_take_effect_when_honoured(tmp_path, privileged):
    with sandbox(write_submission(tmp_path / "seeded", SEEDED), privileged) as box:
        clock = games.HONOURED_CLOCKS[0]
        first = box.run_program("wordle", "", seed=7, honour_seeds=True, clock=clock)
        other = box.run_program("wordle", "", seed=8, honour_seeds=True, clock=clock)
    fixed = str(random.Random(12345).random())
    for run in (first, other):
        lines = run.stdout.splitlines()
        assert lines[0] == lines[1].split()[1] == fixed   # random.seed(12345), Random(12345)
    assert first.stdout.splitlines()[1].split()[0] != other.stdout.splitlines()[1].split()[0]
    assert first.seedings == [("12345", "wordle.py:4"), ("12345", "wordle.py:6")]


SLOW_BUT_PRINTING = '''
import time
if __name__ == "__main__":
    for step in range(8):
        time.sleep(0.4)
        print(step, flush=True)
    time.sleep(60)
'''


def test_a_run_that_keeps_printing_may_outlast_the_quiet_timeout_a_silent_one_may_not(tmp_path):
    # 3.2 s of printing outlasts a 2 s quiet timeout only if each line restarts it; the
    # margin (5 times a gap) leaves room for a busy machine's start-up and scheduling delays
    with sandbox(write_submission(tmp_path / "slow", SLOW_BUT_PRINTING), False) as box:
        run = box.run_program("wordle", "", seed=1, timeout=60, quiet_timeout=2.0)
    assert run.timed_out and run.status == Status.TIMEOUT
    assert run.stdout == "".join("%d\n" % step for step in range(8))


CPU_AND_SLEEP = """
import os, time
def check_word(secret, guess):
    if secret == "SPIN":
        while True:
            pass
    if secret == "SLEEP":
        time.sleep(60)
    if secret == "NAP":
        time.sleep(1)
    if secret in ("BURN", "LONG BURN"):
        end = time.process_time() + (0.3 if secret == "BURN" else 0.6)
        while time.process_time() < end:
            pass
    return [os.getpid()]
"""


@pytest.mark.parametrize("privileged", MODES)
def test_cpu_time_is_measured_by_the_grader_and_limits_calls(tmp_path, privileged):
    with sandbox(write_submission(tmp_path / "cpu", CPU_AND_SLEEP), privileged) as box:
        burn = box.call("wordle", "check_word", ["BURN", "X"], timeout=60, cpu_limit=5)
        assert burn.status == Status.OK and 0.25 <= burn.cpu_seconds < 1.5
        fast = box.call("wordle", "check_word", ["FAST", "X"], timeout=60, cpu_limit=5)
        assert fast.status == Status.OK and fast.cpu_seconds < 0.2
        spin = box.call("wordle", "check_word", ["SPIN", "X"], timeout=120, cpu_limit=0.5)
        assert spin.status == Status.TIMEOUT and "0.5 s of CPU" in spin.detail
        assert 0.5 <= spin.cpu_seconds < 2
        started = time.monotonic()
        sleep = box.call("wordle", "check_word", ["SLEEP", "X"], timeout=1.0, cpu_limit=0.5)
        assert sleep.status == Status.TIMEOUT and "CPU" not in sleep.detail   # the wall safety net
        assert time.monotonic() - started < 30 and sleep.cpu_seconds < 0.5
        assert box.call("wordle", "check_word", ["FAST", "X"]).status == Status.OK   # restarted


@pytest.mark.parametrize("privileged", JAILED)
@pytest.mark.parametrize("failing, expected", [
    ((modes.JAIL,), modes.USERNS),
    ((modes.JAIL, modes.USERNS), modes.UID)])
def test_cpu_time_is_measured_in_the_other_modes_too(tmp_path, monkeypatch, privileged, failing,
                                                      expected):
    """Root without namespaces of its own: the worker runs in a user namespace or under its own
    uid (and cgroup), and the grader still reads its CPU time from /proc."""
    for mode in failing:
        monkeypatch.setitem(modes._PROBES, (interpreters.find_system_python(), mode),
                            "PermissionError: [Errno 1] Operation not permitted")
    with sandbox(write_submission(tmp_path / "cpu", CPU_AND_SLEEP), privileged) as box:
        assert box.mode == expected
        burn = box.call("wordle", "check_word", ["BURN", "X"], timeout=60, cpu_limit=5)
        assert burn.status == Status.OK and 0.25 <= burn.cpu_seconds < 1.5
        spin = box.call("wordle", "check_word", ["SPIN", "X"], timeout=120, cpu_limit=0.5)
        assert spin.status == Status.TIMEOUT and "0.5 s of CPU" in spin.detail


# ------------------------------------------------------------------ hostile submissions

@pytest.mark.parametrize("privileged", MODES)
def test_input_at_import(privileged):
    with sandbox(hostile("input_at_import"), privileged) as box:
        call = box.call("wordle", "check_word", ["LERED", "RADIO"])
        assert call.status == Status.IMPORT_FAILED and "EOFError" in call.detail
        assert box.call("easy_wordle", "filter_word_list", [[], []]).status == Status.IMPORT_FAILED
        assert box.import_module("wordle").status == Status.WAITED_FOR_INPUT


LEAVES_AN_ORPHAN_THEN_SPINS = '''
import os, time
if os.fork() == 0:
    if os.fork() == 0:
        time.sleep(30)
    os._exit(0)
os.wait()
def check_word(secret, guess):
    while True:
        pass
'''


@pytest.mark.parametrize("privileged", MODES)
def test_an_orphan_left_at_import_does_not_hide_the_worker_s_cpu_time(tmp_path, privileged):
    """In a jail the orphan becomes a second child of the namespace's init; the call is still
    stopped at its CPU limit, not at its wall-clock safety net."""
    folder = write_submission(tmp_path / "s", LEAVES_AN_ORPHAN_THEN_SPINS)
    with sandbox(folder, privileged) as box:
        spin = box.call("wordle", "check_word", ["LERED", "RADIO"], timeout=30, cpu_limit=0.5)
    assert spin.status == Status.TIMEOUT and "0.5 s of CPU" in spin.detail
    assert spin.cpu_seconds < 5     # not the 30 s of spinning the wall-clock net would allow


IGNORES_SIGXCPU = '''
import signal
signal.signal(signal.SIGXCPU, signal.SIG_IGN)
while True:
    pass
'''


@pytest.mark.parametrize("privileged", MODES)
def test_an_import_that_ignores_sigxcpu_still_counts_as_out_of_cpu_time(tmp_path, privileged):
    folder = write_submission(tmp_path / "s", IGNORES_SIGXCPU)
    with sandbox(folder, privileged, Limits(import_timeout=20, import_cpu_seconds=1.0)) as box:
        imported = box.import_module("wordle")
        assert imported.status == Status.TIMEOUT and imported.cpu_exhausted
        assert "CPU time limit" in imported.detail
        assert box.call("wordle", "check_word", ["A", "B"]).status == Status.IMPORT_FAILED
        assert box._calls is None   # not imported again


@pytest.mark.parametrize("privileged", MODES)
def test_a_child_s_cpu_time_cannot_be_read_once_it_is_killed(privileged):
    with sandbox(KIT_ROOT, privileged) as box:
        assert box.call("wordle", "check_word", ["LERED", "RADIO"]).status == Status.OK
        child = box._calls
        assert child.cpu_reading() is not None
        child.kill()
        assert child.cpu_reading() is None and child._proc_fds == {}


@pytest.mark.parametrize("privileged", MODES)
def test_loop_at_import_times_out_once(privileged):
    with sandbox(hostile("loop_at_import"), privileged, CPU_BOUND) as box:
        first = box.call("wordle", "check_word", ["LERED", "RADIO"])
        calls_child = box._calls
        second = box.call("wordle", "check_word", ["LERED", "RADIO"])
        assert first.status == second.status == Status.IMPORT_FAILED
        assert "CPU time limit" in first.detail
        assert box._calls is calls_child    # the import is not retried
        imported = box.import_module("wordle")
        assert imported.status == Status.TIMEOUT
        assert imported.detail == "used up its CPU time limit of %g s" % CPU_BOUND.import_cpu_seconds


@pytest.mark.parametrize("privileged", MODES)
def test_an_import_check_that_never_finishes_is_not_run_again_for_calls(privileged):
    with sandbox(hostile("loop_at_import"), privileged, CPU_BOUND) as box:
        assert box.import_module("easy_wordle").status == Status.TIMEOUT
        call = box.call("easy_wordle", "filter_word_list", [[], []])
        assert call.status == Status.IMPORT_FAILED
        assert call.detail == ("importing easy_wordle failed: it did not finish (used up its "
                               "CPU time limit of %g s)" % CPU_BOUND.import_cpu_seconds)
        assert box._calls is None   # no child was started to import it again
        assert box.call("wordle", "check_word", ["LERED", "RADIO"]).status == Status.IMPORT_FAILED


@pytest.mark.parametrize("privileged", MODES)
def test_exit_at_import(privileged):
    with sandbox(hostile("exit_at_import"), privileged) as box:
        assert "sys.exit" in box.call("wordle", "check_word", ["LERED", "RADIO"]).detail
        assert box.import_module("wordle").status == Status.EXITED
        easy = box.import_module("easy_wordle")
        assert (easy.status, easy.exit_code) == (Status.EXITED, 3)


@pytest.mark.parametrize("privileged", MODES)
def test_os_exit_in_a_call_costs_only_that_call(privileged):
    with sandbox(hostile("os_exit_in_check_word"), privileged) as box:
        assert box.call("wordle", "check_word", ["LERED", "RADIO"]).status == Status.CRASHED
        known = box.call("wordle", "known_word", [[("RADIO", ["green"] + ["grey"] * 4)]])
        assert (known.status, known.value) == (Status.OK, "R____")


@pytest.mark.parametrize("privileged", MODES)
def test_named_calls_children_keep_their_own_state_side_by_side(privileged):
    """hostile_history_secret_seen turns yellows grey once its process has seen the secret."""
    honest = ["grey", "yellow", "grey", "grey", "green"]   # check_word("LERED", "DRUID")
    told = ["grey", "grey", "grey", "grey", "green"]
    with sandbox(hostile("history_secret_seen"), privileged) as box:
        def clue():
            return box.call("wordle", "check_word", ["LERED", "DRUID"]).value
        assert [clue(), clue()] == [honest, told]
        box.calls_in("another")
        assert [clue(), clue()] == [honest, told]
        box.calls_in(FIRST_CALLS)
        assert clue() == told


@pytest.mark.parametrize("privileged", MODES)
def test_megabytes_of_output_are_capped(privileged):
    with sandbox(hostile("prints_megabytes"), privileged) as box:
        call = box.call("wordle", "check_word", ["LERED", "RADIO"])
        assert call.status == Status.CRASHED and len(call.stdout) <= FAST.output_bytes
        for module in ("wordle", "easy_wordle"):
            run = box.run_program(module, "", seed=1, timeout=5)
            assert run.output_truncated and run.status == Status.CRASHED
            assert len(run.stdout) <= FAST.output_bytes and len(run.stderr) <= FAST.output_bytes


@pytest.mark.parametrize("privileged", MODES)
def test_gigabytes_of_memory_are_refused(privileged):
    with sandbox(hostile("allocates_gigabytes"), privileged) as box:
        call = box.call("wordle", "check_word", ["LERED", "RADIO"])
        assert call.status == Status.RAISED and "MemoryError" in call.detail
        assert box.call("wordle", "yes_letters", [[("RADIO", RADIO_CLUE)]]).value == "DR"
        assert box.call("easy_wordle", "filter_word_list", [[], []], timeout=5).status in (Status.RAISED, Status.CRASHED)


@pytest.mark.parametrize("privileged", MODES)
def test_spawned_processes_do_not_outlive_the_sandbox(privileged):
    with sandbox(hostile("spawns_sleepers"), privileged) as box:
        assert box.call("wordle", "check_word", ["LERED", "RADIO"]).status == Status.OK
        run = box.run_program("wordle", "", seed=1)
        assert (run.status, run.stdout) == (Status.OK, "started a sleeper\n")
        assert "subprocess" in run.forbidden_imports
        assert box.import_module("easy_wordle").status == Status.OK
    # the sandbox() helper asserts that no sleeper is left


@pytest.mark.parametrize("privileged", JAILED)
def test_fork_bomb_is_bounded(privileged):
    with sandbox(hostile("fork_bomb"), privileged) as box:
        assert box.call("wordle", "check_word", ["LERED", "RADIO"]).status in (Status.RAISED, Status.CRASHED, Status.TIMEOUT)


@pytest.mark.parametrize("privileged", JAILED)
def test_writes_stay_inside_the_sandbox(privileged):
    with sandbox(hostile("writes_files"), privileged) as box:
        parent = box.temp.parent
        assert box.call("wordle", "check_word", ["LERED", "RADIO"]).status == Status.OK
        written = box.call("wordle", "known_word", [[]]).value
        run = box.run_program("easy_wordle", "", seed=1)
    assert "big.bin (10 MB)" not in written              # RLIMIT_FSIZE
    assert "../results.json" not in written and "/results.json" not in written.split(",")
    assert run.stdout.startswith("could not write")
    for path in ("/tmp/wordle_kit_hostile_was_here.txt", "/results.json", parent / "results.json",
                 "/autograder/results/results.json", KIT_ROOT / "results.json"):
        assert not Path(path).exists()


@pytest.mark.parametrize("privileged", JAILED)
def test_reference_and_tests_cannot_be_read(privileged):
    with sandbox(hostile("reads_reference"), privileged) as box:
        found = box.call("wordle", "known_word", [[]])
        listing = box.call("easy_wordle", "filter_word_list", [[], []]).value
        landlock = any(line.startswith("Landlock") for line in box.protections)
    assert (found.status, found.value) == (Status.OK, "")
    assert "work" not in listing and "root" not in listing
    # the jail's root holds the submission's folder; Landlock lets none of it be listed
    assert listing == [] if landlock else "box" in listing


@pytest.mark.parametrize("privileged", JAILED)
def test_grader_and_pytest_cannot_be_imported(privileged):
    with sandbox(hostile("imports_grader"), privileged) as box:
        assert box.call("wordle", "known_word", [[]]).value == ""
        run = box.run_program("easy_wordle", "", seed=1)
    assert run.status == Status.OK and run.forbidden_imports == ["socket", "subprocess"]


@pytest.mark.parametrize("privileged", MODES)
def test_objects_that_equal_everything_score_nothing(privileged):
    with sandbox(hostile("always_equal"), privileged) as box:
        check = box.call("wordle", "check_word", ["LERED", "RADIO"])
        assert (check.status, check.value) == (Status.BAD_VALUE, None) and "Anything" in check.detail
        assert box.call("easy_wordle", "filter_word_list", [[], []]).status == Status.BAD_VALUE
        assert box.call("wordle", "no_letters", [[("RADIO", RADIO_CLUE)]]).value == "AIO"


@pytest.mark.parametrize("privileged", MODES)
def test_str_subclass_and_generator_are_bad_values(privileged):
    with sandbox(hostile("str_subclass"), privileged) as box:
        known = box.call("wordle", "known_word", [[]])
        assert (known.status, known.value) == (Status.BAD_VALUE, None) and "SlyString" in known.detail
        assert box.call("wordle", "yes_letters", [[]]).status == Status.BAD_VALUE


@pytest.mark.parametrize("privileged", MODES)
def test_recursion_bombs(privileged):
    with sandbox(hostile("recursion_bomb"), privileged) as box:
        assert box.call("wordle", "check_word", ["LERED", "RADIO"]).status in (Status.CRASHED, Status.RAISED)
        assert "RecursionError" in box.call("wordle", "known_word", [[]]).detail
        assert box.call("wordle", "yes_letters", [[]]).status == Status.BAD_VALUE
        assert box.call("easy_wordle", "filter_word_list", [[], []]).status == Status.BAD_VALUE


@pytest.mark.parametrize("privileged", MODES)
def test_ignoring_sigterm_does_not_help(privileged):
    with sandbox(hostile("ignores_sigterm"), privileged) as box:
        statuses = [box.call("wordle", "check_word", ["LERED", "RADIO"], timeout=0.5) for _ in range(2)]
        assert [result.status for result in statuses] == [Status.TIMEOUT] * 2
        assert box.run_program("wordle", "", seed=1, timeout=1).timed_out


@pytest.mark.parametrize("privileged", MODES)
def test_writing_to_the_protocol_socket_fails_the_call(privileged):
    with sandbox(hostile("protocol_fd"), privileged) as box:
        forged = box.call("wordle", "check_word", ["LERED", "RADIO"])
        assert forged.status == Status.CRASHED and forged.value is None
        assert box.call("wordle", "known_word", [[("RADIO", RADIO_CLUE)]]).value == "_____"
        run = box.run_program("easy_wordle", "", seed=1)
        assert run.status == Status.OK and '"status": "ok"' in run.stdout   # printed, not taken as protocol


CHANGES_THE_WORD_LIST = '''
def filter_word_list(words, clues):
    if clues == "drop":
        words.pop()
    if clues == "same":
        return words
    return list(words)
'''


@pytest.mark.parametrize("privileged", MODES)
def test_the_full_word_list_is_named_both_ways_and_changes_to_it_are_seen(tmp_path, privileged):
    folder = write_submission(tmp_path / "sub", "def check_word(secret, guess):\n    return []\n",
                             CHANGES_THE_WORD_LIST)
    words = list(reference.load().words)
    with sandbox(folder, privileged) as box:
        dropped = box.call("easy_wordle", "filter_word_list", [list(words), "drop"])
        copy = box.call("easy_wordle", "filter_word_list", [list(words), "copy"])
        same = box.call("easy_wordle", "filter_word_list", [list(words), "same"])
        assert list(box._known.lists) == ["list0"]  # sent once, named in every call
    assert copy.value == words and type(copy.value) is list and copy.returned_argument is None
    assert copy.args_after == [words, "copy"]
    assert same.value == words and same.returned_argument == 0
    assert dropped.value == words[:-1] and dropped.args_after == [words[:-1], "drop"]


@pytest.mark.parametrize("privileged", MODES)
def test_huge_values_mutation_and_returned_argument(privileged):
    with sandbox(hostile("huge_values"), privileged) as box:
        assert box.call("wordle", "check_word", ["LERED", "RADIO"], timeout=5).status == Status.BAD_VALUE
        assert box.call("wordle", "known_word", [[]], timeout=5).status == Status.BAD_VALUE
        same = box.call("easy_wordle", "filter_word_list", [["aaaaa"], []])
    assert same.returned_argument == 0
    assert same.args_after == [["aaaaa", "zzzzz"], []]


# ------------------------------------------------------------------ the grader itself killed

SPINS = '''
def check_word(secret, guess):
    while True:
        pass
if __name__ == "__main__":
    while True:
        pass
'''

SPAWNS_AND_SLEEPS = '''
import os, subprocess, time
def spawn_and_sleep():
    subprocess.Popen(["sleep", "300"])
    if os.fork() == 0:
        os.setsid()
        time.sleep(300)
        os._exit(0)
    time.sleep(300)
def check_word(secret, guess):
    spawn_and_sleep()
if __name__ == "__main__":
    spawn_and_sleep()
'''

GRADE = '''
import functools, sys
from grader import grading
from grader.results.rubric import load_rubric
from grader.sandbox.box import Sandbox
grading.grade(sys.argv[1], load_rubric(None, [spec.id for spec in grading.ALL_SPECS]),
              sandbox_factory=functools.partial(Sandbox, privileged=sys.argv[2] == "jailed"),
              unsafe_no_jail=sys.argv[2] != "jailed")
'''


def command_line(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return handle.read()
    except OSError:
        return b""


def jail_uid(pid):
    """The uid a process runs as when it is one of the jail's, else None."""
    try:
        uid = os.stat(f"/proc/{pid}").st_uid
    except OSError:
        return None
    return uid if uid >= JAIL_UID_BASE else None


def grading_is_busy(pids, privileged):
    """A call and a run of wordle.py are busy: as root each has started its sleep, else both
    children (the calls child and the run) are there.  (SPINS imports nothing: a forbidden
    import reported to a grader already gone would end its child before the kernel does.)"""
    commands = [command_line(pid) for pid in pids]
    if privileged:
        return sum(command.startswith(b"sleep\0") for command in commands) >= 2
    return all(any(child in command for command in commands)
               for child in (b'"mode": "program", "module": "wordle"', b'"mode": "calls"'))


# Without a PID namespace the processes a student starts are found and killed by the grader, so
# they outlive a grader killed by SIGKILL: that mode only promises that its own children die.
KILLED_GRADER_CASES = [pytest.param(False, SPINS, id="plain")] + (
    [pytest.param(True, SPAWNS_AND_SLEEPS, id="jailed")] if IS_ROOT else [])


@pytest.mark.parametrize("privileged, source", KILLED_GRADER_CASES)
def test_killing_the_grader_with_sigkill_ends_every_process_of_its_sandboxes(tmp_path, privileged,
                                                                           source):
    temp = tmp_path / "tmp"
    temp.mkdir()
    submission = write_submission(tmp_path / "submission", source)
    grading = subprocess.Popen(
        [sys.executable, "-c", GRADE, str(submission), "jailed" if privileged else "plain"],
        cwd=KIT_ROOT, env={"PATH": "/usr/bin:/bin", "TMPDIR": str(temp)},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    uids = set()
    try:
        # the grading never ends by itself: wait for the moment it is busy, however loaded the
        # machine (30 s was not enough beside four busy loops and another test run)
        deadline = time.monotonic() + 240
        busy = False
        while not busy and grading.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
            found = [pid for pid in sandbox_processes(temp, uids) if pid != grading.pid]
            uids.update(uid for uid in map(jail_uid, found) if uid is not None)
            busy = grading_is_busy(found, privileged)
        assert busy, "the grading never got to the endless call and program run"
        grading.kill()
        grading.wait()
        assert wait_until_gone(temp, uids, seconds=5) == []
    finally:
        grading.kill()
        for pid in sandbox_processes(temp, uids):
            os.kill(pid, signal.SIGKILL)


def test_a_jail_holds_the_installation_of_an_interpreter_outside_the_system_paths():
    """A TA's pyenv or conda Python, used where the jail is built without root."""
    assert "/home/ta/.pyenv/versions/3.12.1" in \
        modes.jail_paths("/home/ta/.pyenv/versions/3.12.1/bin/python3.12")
    assert modes.jail_paths("/usr/bin/python3.11") == [
        path for path in modes.SYSTEM_PATHS if os.path.lexists(path)]


@pytest.mark.parametrize("privileged", MODES)
def test_the_course_files_are_compiled_once_for_all_the_children(tmp_path, privileged):
    """words.py's bytecode is made when the sandbox opens; the children load it instead of
    compiling the 14,855-word list each (the source changed afterwards shows it is not read)."""
    source = write_submission(tmp_path / "s", "import words\ndef count(guess):\n"
                                              "    return len(words.words)\n")
    with sandbox(source, privileged) as box:
        assert list((box.temp / "box" / "__pycache__").glob("words.*.pyc"))
        (box.temp / "box" / "words.py").write_text("words = []\n")
        assert box.call("wordle", "count", ["x"]).value == 14855
        run = box.run_program("wordle", "", seed=1)
        assert run.status == Status.OK


def test_the_course_files_are_compiled_once_a_process(tmp_path, monkeypatch):
    source = write_submission(tmp_path / "s", "import words\ndef count(guess):\n"
                                              "    return len(words.words)\n")
    with sandbox(source, False) as box:
        made = sorted(path.name for path in (box.temp / "box" / "__pycache__").iterdir())
    compiled = []
    real_run = subprocess.run
    monkeypatch.setattr(subprocess, "run", lambda command, **options: (
        compiled.append(command), real_run(command, **options))[1])
    with sandbox(source, False) as box:
        assert sorted(path.name for path in (box.temp / "box" / "__pycache__").iterdir()) == made
        assert box.call("wordle", "count", ["x"]).value == 14855
    assert not [command for command in compiled if bytecode.PRECOMPILE in command]


STOPS_ITSELF = '''
import os, signal
def check_word(secret, guess):
    os.kill(os.getpid(), signal.SIGSTOP)
if __name__ == "__main__":
    check_word("A", "B")
'''


@pytest.mark.parametrize("privileged", MODES)
def test_a_process_that_stops_itself_is_ended_as_such_not_waited_for(tmp_path, privileged):
    """SIGSTOP costs no CPU: without a look at the worker's state only the wall-clock safety
    net (minutes for a call with a large CPU limit) would end it."""
    with sandbox(write_submission(tmp_path / "stops", STOPS_ITSELF), privileged) as box:
        call = box.call("wordle", "check_word", ["A", "B"], timeout=600, cpu_limit=20)
        assert call.status == Status.CRASHED and "stopped itself (SIGSTOP" in call.detail
        run = box.run_program("wordle", "", seed=1, timeout=600)
        assert run.status == Status.CRASHED and "stopped itself (SIGSTOP" in run.detail


# ------------------------------------------------------------------ the grader's own bounds

ORPHAN_DOES_THE_WORK = '''
import os, time


def burn(seconds):
    started = time.process_time()
    while time.process_time() - started < seconds:
        pass


def check_word(secret, guess):
    """The work is done by a grandchild orphaned at once (its parent exits before it ends)."""
    read, write = os.pipe()
    if os.fork() == 0:
        if os.fork() == 0:
            burn(float(secret))
            os.write(write, b"done")
            os._exit(0)
        os._exit(0)
    os.close(write)
    os.wait()
    answer = os.read(read, 4).decode()
    os.close(read)
    return [answer]


if __name__ == "__main__":
    for _ in range(3):          # three orphans, each under the kernel's limit of a process
        if os.fork() == 0:
            if os.fork() == 0:
                burn(0.8)
            os._exit(0)
        os.wait()
    time.sleep(30)
'''


@pytest.mark.parametrize("privileged", MODES)
def test_cpu_spent_by_an_orphan_counts_against_the_call_and_the_run(tmp_path, privileged):
    """The worker is the subreaper of what it starts: an orphan's CPU time is its own."""
    folder = write_submission(tmp_path / "s", ORPHAN_DOES_THE_WORK)
    with sandbox(folder, privileged) as box:
        quick = box.call("wordle", "check_word", ["0.2", "X"], timeout=60, cpu_limit=5)
        assert quick.status == Status.OK and quick.value == ["done"]
        assert 0.15 <= quick.cpu_seconds < 1.5
        slow = box.call("wordle", "check_word", ["3", "X"], timeout=60, cpu_limit=0.5)
        assert slow.status == Status.TIMEOUT and "0.5 s of CPU" in slow.detail
        started = time.monotonic()
        run = box.run_program("wordle", "", seed=1, timeout=60, cpu_limit=1)
        assert run.cpu_exhausted and time.monotonic() - started < 20


# PR_SET_CHILD_SUBREAPER (36) cleared: the orphans go to the jail's init, which reaps them
CLEARS_THE_SUBREAPER = "import ctypes\nctypes.CDLL(None).prctl(36, 0, 0, 0, 0)\n" + \
    ORPHAN_DOES_THE_WORK


@pytest.mark.parametrize("privileged", JAILED)
def test_cpu_spent_by_an_orphan_counts_when_the_code_clears_the_subreaper_flag(tmp_path,
                                                                              privileged):
    """The orphans reaped by the jail's init count as the worker's own."""
    folder = write_submission(tmp_path / "s", CLEARS_THE_SUBREAPER)
    with sandbox(folder, privileged) as box:
        slow = box.call("wordle", "check_word", ["3", "X"], timeout=60, cpu_limit=0.5)
        assert slow.status == Status.TIMEOUT and "0.5 s of CPU" in slow.detail
        run = box.run_program("wordle", "", seed=1, timeout=60, cpu_limit=1)
        assert run.cpu_exhausted


FLOODS_THE_PROTOCOL = '''
import os, sys
MESSAGE = b'{"x": "' + b"a" * SIZE + b'"}\\n' if SIZE else b"{}\\n"
for fd in range(3, 64):
    try:
        os.fstat(fd)
    except OSError:
        continue
    try:
        for _ in range(COUNT):
            os.write(fd, MESSAGE)
    except OSError:
        pass
'''


@pytest.mark.parametrize("privileged", MODES)
@pytest.mark.parametrize("size, count", [(0, 1_000_000), (2 ** 20, 300)])
def test_a_flood_on_the_protocol_socket_ends_the_run_as_a_violation(tmp_path, privileged,
                                                                   size, count):
    """Tiny messages or 300 MiB of big ones: the run ends at once, and the grader holds no
    more of them than the caps (its peak memory does not grow by what was sent)."""
    import resource
    source = "SIZE = %d\nCOUNT = %d\n" % (size, count) + FLOODS_THE_PROTOCOL
    folder = write_submission(tmp_path / "s", source)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    with sandbox(folder, privileged) as box:
        run = box.run_program("wordle", "", seed=1, timeout=60)
        assert run.status == Status.CRASHED and "protocol violation" in run.detail
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - peak
    assert grown < 50 * 2 ** 20


SLOW_IMPORT_THEN_CRASHES = '''
import os, time
time.sleep(1.2)


def check_word(secret, guess):
    os._exit(1)
'''

BUSY_IMPORT_THEN_CRASHES = '''
import os, time
started = time.process_time()
while time.process_time() - started < 1.2:
    pass


def check_word(secret, guess):
    os._exit(1)
'''


@pytest.mark.parametrize("privileged", MODES)
@pytest.mark.parametrize("code, limits", [
    (SLOW_IMPORT_THEN_CRASHES, Limits(import_timeout=5, restart_import_seconds=1.5,
                                      free_import_wall_seconds=0.5)),
    (BUSY_IMPORT_THEN_CRASHES, Limits(import_timeout=30, restart_import_seconds=1.5,
                                      free_import_seconds=0.5))], ids=["waits", "computes"])
def test_restarting_a_slow_import_after_crashes_stops_at_its_budget(tmp_path, privileged, code,
                                                                    limits):
    folder = write_submission(tmp_path / "s", code)
    with sandbox(folder, privileged, limits) as box:
        statuses = [box.call("wordle", "check_word", ["A", "B"]).status for _ in range(10)]
        spent = box.call("wordle", "check_word", ["A", "B"])
    # the first import, then restarts while their charges (1.2 s of wall-clock time and the
    # child's start, or 1.2 s of CPU time and the worker's start, less 0.5 s free) fit in
    # 1.5 s: one or two on a quiet machine, none where a busy one makes a start take 0.8 s
    # (of wall-clock time), so at most 3 imports of 1.2 s (not 11), counted rather than timed
    crashes = statuses.count(Status.CRASHED)
    assert 1 <= crashes <= 3
    assert statuses == [Status.CRASHED] * crashes + [Status.RESTARTS_SPENT] * (10 - crashes)
    assert "started again %d times" % (crashes - 1) in spent.detail
    assert "at most 1.5 s" in spent.detail


def test_a_restart_s_import_is_charged_what_it_computes_or_waits_beyond_its_share():
    """A quick import is never charged, even where a busy machine made it take over a second;
    one that computes is charged its CPU time beyond 0.5 s, one that waits its wall-clock
    time beyond 1.5 s (the kinds above)."""
    limits = Limits()
    assert limits.import_charge(1.4, 0.04) == 0
    assert limits.import_charge(0.2, 1.2) == pytest.approx(0.7)
    assert limits.import_charge(9.0, 0.01) == pytest.approx(7.5)
    assert limits.import_charge(1.0, None) == 0


def unstarted_child(mode):
    """A ChildProcess with no process behind it, for its reading alone."""
    child = child_process.ChildProcess.__new__(child_process.ChildProcess)
    child.limits, child.mode, child.truncated = Limits(), mode, False
    child.buffers = {"stdout": bytearray(), "stderr": bytearray(), "protocol": bytearray()}
    child.protocol_bytes, child.last_output, child.message_count = 0, 0.0, 0
    child.protocol_error = None
    child.selector = child_process.selectors.DefaultSelector()
    return child


def test_a_reply_that_came_is_taken_even_when_the_grader_looks_after_the_deadline():
    """A call's reply already in the socket when the grader (late, on a busy machine) looks
    after the wall-clock net has passed is the call's reply, not a timeout."""
    child = unstarted_child("calls")
    ours, theirs = socket.socketpair()
    with ours, theirs:
        theirs.sendall(codec.dump_message({"id": 7, "nonce": "n7", "status": Status.OK,
                                           "value": 42}))
        child.selector.register(ours, child_process.selectors.EVENT_READ, "protocol")
        reply = child._wait_for_reply(7, "n7", timeout=0)
    assert reply is not None and reply["value"] == 42 and not child.timed_out


def test_what_a_program_wrote_is_read_even_when_the_grader_wakes_after_the_deadline():
    """On a busy machine the grader may look at a child's pipes only after the short drain
    that follows its exit has passed: what the child wrote before exiting (its last screen)
    is still read, as far as the output cap, or a game would lose its end under load."""
    child = unstarted_child("program")
    last_screen = b"Answer: CRANE\n" * 4000         # less than a pipe holds
    read_end, write_end = os.pipe()
    writer = subprocess.Popen([sys.executable, "-c", "import os; os.write(%d, b'Answer: CRANE\\n'"
                               " * 4000)" % write_end], pass_fds=[write_end])
    os.close(write_end)
    writer.wait(timeout=60)
    with open(read_end, "rb", buffering=0) as stdout:
        child.selector.register(stdout, child_process.selectors.EVENT_READ, "stdout")
        assert child._pump(time.monotonic() - 1.0) is False
        assert bytes(child.buffers["stdout"]) == last_screen
        assert not child.selector.get_map()          # read to its end, then let go
