"""A loop is found once (sandbox/endless_loops.py, child/stack.py, child/counting.py): a call
stopped for time says where it was; a later call found in the same state at such a place, or
in the same state but for counts its loop does nothing else with, is stopped at once, as at its
limit; a call that makes progress there, or passes through it and returns, is not."""
import builtins
import sys

import pytest

from grader.sandbox import Status, endless_loops
from grader.sandbox.child import counting, stack
from grader.sandbox.child_reports import CallResult
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
            seen = seen + 1             # a count, but j is never advanced
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


def count_compared(guess):
    seen = 0
    j = 0
    while j < len(guess):
        if guess.count(guess[j]) > 1:
            seen = seen + 1             # a count the loop compares: it could end it
            if seen < 0:
                break
        else:
            j = j + 1
    return seen


def through_compared(words):
    return [count_compared(word) for word in words]


def rounds(total):
    done = 0
    while done < total:                 # the count ends the loop around
        j = 0
        while j < 3:
            j = j + 1
            done = done + 1             # only counted in this loop
    return done
'''
LIMIT = 1.0
LONG_LIMIT = 10.0
REPEATS_LOOP = [("wordle.py", line, "count_repeats") for line in (5, 6, 7)]
GROWING_LOOP = [("wordle.py", line, "count_growing") for line in (15, 16, 17, 19)]
WALK_LOOP = [("wordle.py", line, "walk") for line in (33, 34)]
COMPARED_LOOP = [("wordle.py", line, "count_compared") for line in range(41, 48)]
ROUNDS_LOOP = [("wordle.py", line, "rounds") for line in range(57, 62)]


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
        growing_again = call(box, "count_growing", "LEVEL")
        growing_through = box.call("wordle", "through_growing", [["CRANE", "SPEED"]],
                                   timeout=60, cpu_limit=LONG_LIMIT)
        compared = call(box, "count_compared", "SPEED")
        compared_through = box.call("wordle", "through_compared", [["CRANE", "SPEED"]],
                                    timeout=60, cpu_limit=LONG_LIMIT)
    assert first.status == Status.TIMEOUT and first.stopped_early is None
    assert first.cpu_seconds >= LIMIT and first.stopped_at in REPEATS_LOOP
    for cut in (again, nested):
        assert cut.status == Status.TIMEOUT and cut.stopped_early == endless_loops.ENDLESS
        assert cut.stopped_at in REPEATS_LOOP and cut.counters == ()
        assert cut.cpu_seconds < LIMIT - endless_loops.SAMPLE_EVERY
    # a loop whose state changes only by a count nothing in it reads: at its limit the first
    # time, then, there, at once, directly or through another function
    assert growing.status == Status.TIMEOUT and growing.stopped_early is None
    assert growing.cpu_seconds >= LIMIT and growing.stopped_at in GROWING_LOOP
    for cut in (growing_again, growing_through):
        assert cut.status == Status.TIMEOUT and cut.stopped_early == endless_loops.ENDLESS
        assert cut.stopped_at in GROWING_LOOP and cut.counters == ("seen",)
        assert cut.cpu_seconds < LIMIT - endless_loops.SAMPLE_EVERY
    # a count the loop compares is never taken for one: called directly it runs to its limit,
    # and through another function until one invocation outlasts its limit a few times over
    assert compared.status == Status.TIMEOUT and compared.stopped_early is None
    assert compared.cpu_seconds >= LIMIT and compared.stopped_at in COMPARED_LOOP
    assert compared_through.status == Status.TIMEOUT
    assert compared_through.stopped_early == endless_loops.OUTLASTED
    assert compared_through.stopped_at in COMPARED_LOOP
    assert endless_loops.OUTLAST_MULTIPLE * LIMIT <= compared_through.cpu_seconds < LONG_LIMIT


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
        # a count of an inner loop that the loop around it reads: not cut short
        rounds_stopped = call(box, "rounds", 10 ** 12)
        rounds = call(box, "rounds", 9_000_000)     # about half a second
    assert stopped.status == Status.TIMEOUT and stopped.stopped_at in WALK_LOOP
    assert slow.status == Status.OK and slow.value == 4_000_000
    assert rounds_stopped.status == Status.TIMEOUT and rounds_stopped.stopped_at in ROUNDS_LOOP
    assert rounds.status == Status.OK and rounds.value == 9_000_000


@pytest.mark.parametrize("privileged", MODES)
def test_a_call_on_larger_input_than_the_stopped_one_is_held_to_its_own_limit(tmp_path,
                                                                              privileged):
    """A function stopped on a small input, then given a larger one that takes it many times
    the small call's limit: that call of it, and a run through it, return (its largest
    limit bounds the run); only a call of another function is cut short there."""
    short, steps = 0.15, 30_000_000     # steps: half a second or more of CPU time
    program = LOOPS + '\nif __name__ == "__main__":\n    print(walk(%d))\n' % steps
    with sandbox(write_submission(tmp_path / "walk", program), privileged) as box:
        stopped = box.call("wordle", "walk", [10 ** 12], timeout=60, cpu_limit=short,
                           largest_limit=LONG_LIMIT)
        larger = box.call("wordle", "walk", [steps], timeout=60, cpu_limit=LONG_LIMIT)
        game = box.run_program("wordle", "", seed=1, timeout=60, cpu_limit=LONG_LIMIT)
    assert stopped.status == Status.TIMEOUT and stopped.stopped_at in WALK_LOOP
    assert larger.status == Status.OK and larger.value == steps
    assert larger.cpu_seconds > endless_loops.OUTLAST_MULTIPLE * short
    assert game.status == Status.OK and game.stdout.strip() == str(steps)


STUDENT_FRAMES = """
def same_place(sample, values):
    return sample()


def holds(sample, values):
    found = []
    for _ in range(2):
        found.append(sample())
        values.append(0)
    while len(values) < 4:
        if sample()["repeated"]:        # at the very instruction, nothing changed
            values.append(0)
    return found + [sample(), sample()]     # at two points of one line: not the same state


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
    sampler = stack.StackSampler(Channel(), str(tmp_path), counting.counters)
    sampler.start(7, "n")

    def sample():
        sampler.handle(stack.SAMPLE_SIGNAL, sys._getframe(1))
        return sampler.channel.sent[-1]["sample"]

    first = student["same_place"](sample, [1, 2])
    assert dict(first, invocation=0) == {"file": "wordle.py", "line": 3, "function": "same_place",
                                         "repeated": False, "counters": [], "invocation": 0}
    # a new invocation, though all else is equal
    second = student["same_place"](sample, [1, 2])
    assert second["repeated"] is False and second["invocation"] != first["invocation"]
    # the same invocation: repeated once nothing changed between two samples at one instruction
    before = len(sampler.channel.sent)
    student["holds"](sample, [])
    assert [each["sample"]["repeated"] for each in sampler.channel.sent[before:]] == [
        False, False, False, True, False, True, False, False]
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


COUNTING = """
def letters_before(guess, i):
    earlier = 0
    j = guess.find(guess[i])
    while j < i:
        earlier = earlier + 1
        j = guess.find(guess[i], j)     # here: the count is never read
    return earlier


def compared(guess, i):
    seen = 0
    while i < len(guess):
        seen += 1                       # here
        if seen > 10:
            break
    return seen


def around(total):
    done = 0
    while done < total:
        j = 0
        while j < 3:
            j = j + 1
            done = done + 1             # here: the loop around reads it
    return done


def each_word(words):
    count = 0
    for word in words:
        while word:
            count -= 2                  # here: a for loop around comes back by its iterator
    return count


def own(word):
    return word


def calls_own(word):
    n = 0
    while word:
        n += 1
        word = own(word)                # here: the student's function could read anything
    return n


def measures(word):
    n = 0
    while len(word) > 0:
        n = 1 + n                       # here
    return n


def prints(word):
    n = 0
    while word:
        n += 1
        print(word)                     # here: not a plain operation
    return n


def in_a_for(word):
    n = 0
    for letter in word * 1000:
        n += 1                          # here: the innermost loop is a for
    return n
"""


class Frame:
    """What counting.counters reads of a frame."""

    def __init__(self, function, line, variables, names=None):
        self.f_code, self.f_lineno, self.f_locals = function.__code__, line, variables
        self.f_globals = names if names is not None else function.__globals__
        self.f_builtins = vars(builtins)


def counting_functions(folder):
    """COUNTING's functions, compiled from a file of folder, and the line marked in each."""
    path = folder / "wordle.py"
    path.write_text(COUNTING)
    namespace = {}
    exec(compile(COUNTING, str(path), "exec"), namespace)
    lines, current = {}, None
    for number, text in enumerate(COUNTING.split("\n"), 1):
        if text.startswith("def "):
            current = text[4:text.index("(")]
        if "# here" in text:
            lines[current] = number
    return namespace, lines


@pytest.mark.parametrize("name, before, now, found", [
    ("letters_before", {"guess": "SLUSH", "i": 3, "earlier": 5, "j": 0},
     {"guess": "SLUSH", "i": 3, "earlier": 917, "j": 0}, ("earlier",)),
    # all else must be equal, and what changed whole numbers
    ("letters_before", {"guess": "SLUSH", "i": 3, "earlier": 5, "j": 0},
     {"guess": "SLUSH", "i": 3, "earlier": 6, "j": 1}, ()),
    ("letters_before", {"guess": "SLUSH", "i": 3, "earlier": 5, "j": 0},
     {"guess": "SLUSH", "i": 3, "earlier": 5.5, "j": 0}, ()),
    ("letters_before", {"guess": "SLUSH", "i": 3, "earlier": [5], "j": 0},
     {"guess": "SLUSH", "i": 3, "earlier": [5, 5], "j": 0}, ()),
    ("compared", {"guess": "SLUSH", "i": 3, "seen": 4}, {"guess": "SLUSH", "i": 3, "seen": 9}, ()),
    ("around", {"total": 10 ** 9, "done": 3, "j": 1}, {"total": 10 ** 9, "done": 30, "j": 1}, ()),
    ("each_word", {"words": ["A"], "word": "A", "count": -2},
     {"words": ["A"], "word": "A", "count": -8}, ("count",)),
    ("calls_own", {"word": "A", "n": 1}, {"word": "A", "n": 7}, ()),
    ("measures", {"word": "A", "n": 1}, {"word": "A", "n": 7}, ("n",)),
    ("prints", {"word": "A", "n": 1}, {"word": "A", "n": 7}, ()),
    ("in_a_for", {"word": "A", "letter": "A", "n": 1}, {"word": "A", "letter": "A", "n": 7}, ()),
])
def test_a_state_repeats_but_for_counts_only_those_its_loop_does_nothing_else_with(
        tmp_path, name, before, now, found):
    """child/counting.py on the loops of COUNTING: found (the counters' names) or ()."""
    namespace, lines = counting_functions(tmp_path)
    function = namespace[name]
    frames = [Frame(function, lines[name], variables) for variables in (before, now)]
    states = [stack.state_of([frame]) for frame in frames]
    assert counting.counters(frames[1], *states) == found


def test_a_loop_that_calls_a_builtin_the_student_replaced_is_not_counting(tmp_path):
    namespace, lines = counting_functions(tmp_path)
    function = namespace["measures"]
    replaced = dict(function.__globals__, len=lambda word: 1)
    frames = [Frame(function, lines["measures"], {"word": "A", "n": n}, replaced)
              for n in (1, 7)]
    states = [stack.state_of([frame]) for frame in frames]
    assert counting.counters(frames[1], *states) == ()


def test_the_explanation_names_the_counts_a_state_was_repeated_but_for():
    place = ("wordle.py", 38, "check_word")
    counting_cut = CallResult(Status.TIMEOUT, stopped_at=place,
                              stopped_early=endless_loops.ENDLESS, counters=("earlier", "n"))
    exact_cut = CallResult(Status.TIMEOUT, stopped_at=place, stopped_early=endless_loops.ENDLESS)
    assert "line 38, in check_word" in endless_loops.why_stopped_early(counting_cut)
    assert "except for earlier and n, which" in endless_loops.why_stopped_early(counting_cut)
    assert "(every variable the same)" in endless_loops.why_stopped_early(exact_cut)
    # what the child sends is plain names, capped, or nothing
    assert endless_loops.counters_of({"counters": ["earlier"]}) == ("earlier",)
    assert endless_loops.counters_of({"counters": ["x" * 500]}) == ("x" * endless_loops.MAX_NAME,)
    for sent in ({}, {"counters": "earlier"}, {"counters": [1]}, {"counters": [["a"]]}):
        assert endless_loops.counters_of(sent) == ()
