"""A call that waits instead of computing is stopped once it has waited its wait limit, and
says where (sandbox/child_process.py); a game found waiting where such a call was stopped is
stopped at once (sandbox/endless_loops.py); neither where the waits are not measured, nor for
computing, nor for waiting elsewhere."""
import pytest

from grader import assignment
from grader.checks import function_runner as R
from grader.checks.transcripts import judging
from grader.checks.transcripts.programs import EASY_WORDLE
from grader.sandbox import WAITED, Status, endless_loops
from grader.sandbox.child_process import ChildProcess
from grader.sandbox.child_reports import CallResult, RunResult
from grader.tests.fakes import FakeBox, reference_functions
from grader.tests.test_sandbox import MODES, sandbox, write_submission

SLEEPERS = '''
import time


def nap(words):
    for word in words:
        time.sleep(0.01)
    return len(words)


def walk(steps):
    j = 0
    while j < steps:
        j = j + 1
    return j


def pause():
    time.sleep(1.5)


if __name__ == "__main__":
    if input() == "nap":
        print(nap(["crane"] * 3000))
    else:
        pause()
        print(walk(10))
'''
NAP = ("wordle.py", 7, "nap")
WAIT_LIMIT = 1.0


def call(box, function, *args, **limits):
    return box.call("wordle", function, list(args), **dict(
        dict(timeout=60, cpu_limit=5.0, wait_limit=WAIT_LIMIT), **limits))


@pytest.mark.parametrize("privileged", MODES)
def test_a_call_that_waits_is_stopped_then_a_game_waiting_in_its_function(tmp_path, privileged):
    with sandbox(write_submission(tmp_path / "sleeper", SLEEPERS), privileged) as box:
        walking = call(box, "walk", 20_000_000)     # a second or so of computing
        napping = call(box, "nap", ["crane"] * 3000)    # 30 s of sleep
        paused = box.run_program("wordle", "walk\n", seed=1, timeout=60, cpu_limit=10)
        game = box.run_program("wordle", "nap\n", seed=1, timeout=60, cpu_limit=10)
    assert walking.status == Status.OK and walking.waited is None
    assert napping.status == Status.TIMEOUT and napping.stopped_at == NAP
    assert WAIT_LIMIT <= napping.waited < 30 and napping.cpu_seconds < 1
    # a game that waits elsewhere (a pause between guesses) is not stopped for it
    assert paused.status == Status.OK and paused.stdout == "10\n"
    assert game.status == Status.TIMEOUT and game.stopped_early == WAITED
    assert game.stopped_at == NAP and not game.cpu_exhausted
    assert game.own_seconds < 10        # sampled every WAIT_SAMPLE_EVERY of its waits


@pytest.mark.parametrize("privileged", MODES[-1:])
def test_where_waits_are_not_measured_a_call_is_never_stopped_for_waiting(tmp_path, privileged,
                                                                          monkeypatch):
    monkeypatch.setattr(ChildProcess, "queued_seconds", lambda self: None)
    with sandbox(write_submission(tmp_path / "sleeper", SLEEPERS), privileged) as box:
        box.stop_places.waits.add(("wordle.py", "nap"))     # as if a call was stopped there
        napping = call(box, "nap", ["crane"] * 3000, timeout=2 * WAIT_LIMIT + 1)
        game = box.run_program("wordle", "nap\n", seed=1, timeout=2, cpu_limit=10)
    assert napping.status == Status.TIMEOUT and napping.waited is None
    assert napping.detail == "did not return in time (or stopped reading)"
    assert game.status == Status.TIMEOUT and game.stopped_early is None


def sample(line, invocation, function="nap"):
    return {"file": "wordle.py", "line": line, "function": function, "repeated": False,
            "invocation": invocation}


def test_a_run_is_stopped_only_waiting_in_one_invocation_of_a_waiting_place():
    places = endless_loops.StopPlaces()
    watch = places.watch(10.0, "wordle", run=True)
    assert not watch.due(0.0, 5.0)      # no waiting place known: no sample
    places.watch(1.0, "wordle.check_word").waited_out(sample(7, 1))
    assert places.waits == {("wordle.py", "nap")}
    assert not watch.due(0.0, None)     # waits not measured: no sample for them
    step = endless_loops.WAIT_SAMPLE_EVERY
    assert watch.due(0.0, step) and not watch.seen(sample(3, 9, "main"))  # waiting elsewhere
    assert not watch.due(0.0, 1.5 * step)
    assert watch.due(0.0, 2 * step) and not watch.seen(sample(7, 2))     # first seen there
    assert watch.due(0.0, 3 * step) and not watch.seen(sample(7, 3))     # another invocation
    assert watch.due(0.0, 4 * step) and watch.seen(sample(7, 3))
    assert watch.stopped_early == WAITED and watch.stopped_at == ("wordle.py", 7, "nap")


def test_a_call_stopped_for_waiting_is_explained_and_its_function_given_up():
    waited = CallResult(Status.TIMEOUT, cpu_seconds=0.01, waited=5.2,
                        stopped_at=("easy_wordle.py", 12, "filter_word_list"))
    box = FakeBox(dict(reference_functions(), filter_word_list=waited))
    outcomes = R.run_function_tests(box)
    tests = [spec_id for spec_id in outcomes if spec_id.startswith("filter_word_list.")]
    assert sum(1 for name, _ in box.calls if name == "filter_word_list") == 2
    first = "\n".join(map(str, outcomes[tests[0]].details))
    assert "it waited 5.2 s without computing (as in a sleep or a blocked read), and a call " \
           "may wait %g s" % assignment.WAIT_LIMIT in first
    assert "stopped at easy_wordle.py, line 12, in filter_word_list" in first
    assert "not called again after 2 calls that waited without computing" in \
        "\n".join(map(str, outcomes[tests[1]].details))


def test_a_game_stopped_for_waiting_is_explained():
    run = RunResult(Status.TIMEOUT, stopped_early=WAITED,
                    stopped_at=("easy_wordle.py", 12, "filter_word_list"))
    assert judging.run_problems(EASY_WORDLE, run, ()) == [
        "the program did not finish: it was stopped at easy_wordle.py, line 12, in "
        "filter_word_list, where an earlier call was stopped for waiting instead of computing, "
        "once it was found waiting there too (as in a sleep or a blocked read)"]
