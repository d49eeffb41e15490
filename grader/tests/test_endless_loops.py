"""A loop is found once (sandbox/endless_loops.py, child/stack.py): a call stopped for time
says where it was; a later call found in the same state at such a place is stopped at once,
as at its limit; a call that makes progress there, or passes through it and returns, is not."""
import sys

import pytest

from grader.sandbox import Status, endless_loops
from grader.sandbox.child import stack
from grader.tests.test_sandbox import MODES, sandbox, write_submission

LOOPS = '''
def count_repeats(guess):
    seen = 0
    j = 0
    while j < len(guess):
        if guess.count(guess[j]) > 1:
            continue                    # j is never advanced
        j = j + 1
    return seen


def count_growing(guess):
    seen = 0
    j = 0
    while j < len(guess):
        if guess.count(guess[j]) > 1:
            seen = seen + 1             # progress, but j is never advanced
        else:
            j = j + 1
    return seen


def through(words):
    return [count_repeats(word) for word in words]


def through_growing(words):
    return [count_growing(word) for word in words]


def walk(steps):
    j = 0
    while j < steps:
        j = j + 1                       # stopped for a huge steps, returns otherwise
    return j
'''
LIMIT = 1.0
LONG_LIMIT = 10.0
REPEATS_LOOP = [("wordle.py", line, "count_repeats") for line in (5, 6, 7)]
GROWING_LOOP = [("wordle.py", line, "count_growing") for line in (15, 16, 17, 19)]
WALK_LOOP = [("wordle.py", line, "walk") for line in (33, 34)]


def call(box, function, *args):
    return box.call("wordle", function, list(args), timeout=60, cpu_limit=LIMIT)


@pytest.mark.parametrize("privileged", MODES)
def test_a_loop_is_stopped_at_its_limit_once_then_at_once_where_it_repeats_a_state(
        tmp_path, privileged):
    with sandbox(write_submission(tmp_path / "loops", LOOPS), privileged) as box:
        first = call(box, "count_repeats", "LEVEL")
        again = call(box, "count_repeats", "RADAR")
        nested = call(box, "through", ["CRANE", "SPEED"])
        growing = call(box, "count_growing", "SPEED")
        growing_through = box.call("wordle", "through_growing", [["CRANE", "SPEED"]],
                                   timeout=60, cpu_limit=LONG_LIMIT)
    assert first.status == Status.TIMEOUT and first.stopped_early is None
    assert first.cpu_seconds >= LIMIT and first.stopped_at in REPEATS_LOOP
    for cut in (again, nested):
        assert cut.status == Status.TIMEOUT and cut.stopped_early == endless_loops.ENDLESS
        assert cut.stopped_at in REPEATS_LOOP
        assert cut.cpu_seconds < LIMIT - endless_loops.SAMPLE_EVERY
    # a loop whose state changes is never found repeating: called directly it runs to its limit,
    # and through another function until one invocation outlasts its limit a few times over
    assert growing.status == Status.TIMEOUT and growing.stopped_early is None
    assert growing.cpu_seconds >= LIMIT and growing.stopped_at in GROWING_LOOP
    assert growing_through.status == Status.TIMEOUT
    assert growing_through.stopped_early == endless_loops.OUTLASTED
    assert growing_through.stopped_at in GROWING_LOOP
    assert endless_loops.OUTLAST_MULTIPLE * LIMIT <= growing_through.cpu_seconds < LONG_LIMIT


@pytest.mark.parametrize("privileged", MODES)
def test_a_game_caught_where_a_call_was_stopped_is_stopped_as_at_its_cpu_limit(tmp_path,
                                                                               privileged):
    program = LOOPS + '\nif __name__ == "__main__":\n    print(count_repeats("LEVEL"))\n'
    with sandbox(write_submission(tmp_path / "game", program), privileged) as box:
        call(box, "count_repeats", "RADAR")
        game = box.run_program("wordle", "", seed=1, timeout=60, cpu_limit=LONG_LIMIT)
    assert game.status == Status.CRASHED and game.cpu_exhausted
    assert game.stopped_early == endless_loops.ENDLESS and game.stopped_at in REPEATS_LOOP
    assert game.cpu_seconds < LONG_LIMIT / 2


@pytest.mark.parametrize("privileged", MODES)
def test_a_slow_call_through_a_place_where_another_was_stopped_returns(tmp_path, privileged):
    with sandbox(write_submission(tmp_path / "walk", LOOPS), privileged) as box:
        stopped = call(box, "walk", 10 ** 12)
        slow = call(box, "walk", 4_000_000)     # a few tenths of a second, sampled there
    assert stopped.status == Status.TIMEOUT and stopped.stopped_at in WALK_LOOP
    assert slow.status == Status.OK and slow.value == 4_000_000


STUDENT_FRAMES = """
def same_place(sample, values):
    return sample()


def holds(sample, values):
    found = []
    for _ in range(2):
        found.append(sample())
        values.append(0)
    return found + [sample(), sample()]


def with_iterator(look):
    iterator = iter([1, 2])
    return look()
"""


class Channel:
    def __init__(self):
        self.sent = []

    def send(self, message):
        self.sent.append(message)


def student_functions(folder):
    """The functions of STUDENT_FRAMES, compiled as a file of folder (the "student's")."""
    namespace = {}
    exec(compile(STUDENT_FRAMES, str(folder / "wordle.py"), "exec"), namespace)
    return namespace


def test_a_sample_is_repeated_only_for_the_same_invocation_in_the_same_state(tmp_path):
    """The handler itself, on frames of this process."""
    student = student_functions(tmp_path)
    sampler = stack.StackSampler(Channel(), str(tmp_path))
    sampler.start(7, "n")

    def sample():
        sampler.handle(stack.SAMPLE_SIGNAL, sys._getframe(1))
        return sampler.channel.sent[-1]["sample"]

    first = student["same_place"](sample, [1, 2])
    assert dict(first, invocation=0) == {"file": "wordle.py", "line": 3, "function": "same_place",
                                         "repeated": False, "invocation": 0}
    # a new invocation, though all else is equal
    second = student["same_place"](sample, [1, 2])
    assert second["repeated"] is False and second["invocation"] != first["invocation"]
    # the same invocation: repeated once nothing changed between two samples
    assert [each["repeated"] for each in student["holds"](sample, [])] == [
        False, False, False, True]
    assert sampler.channel.sent[-1]["id"] == 7 and sampler.channel.sent[-1]["nonce"] == "n"
    sampler.end()
    count = len(sampler.channel.sent)
    student["same_place"](sample, [])
    assert len(sampler.channel.sent) == count     # no call running: nothing is sent


def test_state_that_cannot_be_compared_is_never_repeated(tmp_path):
    student = student_functions(tmp_path)
    assert student["same_place"](lambda: stack.state_of([sys._getframe(1)]), [1]) is not None
    # an iterator's position is hidden: it could change unseen
    assert student["with_iterator"](lambda: stack.state_of([sys._getframe(1)])) is None
