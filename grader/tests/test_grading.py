"""grading.py: what a grading does as a whole (threads, its own failures)."""
import ast
import csv
import dataclasses
import json
import os
import pathlib
import shutil
import threading
import time

import pytest

from grader import assignment, grading
from grader.staff import batch, class_folder, cli
from grader.checks import function_cases, transcripts
from grader.sandbox.child_reports import CallResult
from grader.sandbox import Status
from grader.submission import load_submission
from grader.tests.fakes import FakeBox, reference_functions, reference_program

SUBMISSIONS = pathlib.Path(__file__).resolve().parent / "submissions"


def reference_box():
    return FakeBox(reference_functions(), {program.module: reference_program(program)
                                           for program in transcripts.PROGRAMS})


def test_no_two_threads_of_a_grading_parse_source_at_once(monkeypatch):
    """CPython's AST construction is not thread-safe (gh-106905): each parse is made to
    linger so that two unlocked ones would overlap."""
    real_parse, inside, overlaps, parsers = ast.parse, [], [], set()
    guard = threading.Lock()

    def lingering_parse(*args, **kwargs):
        with guard:
            if inside:
                overlaps.append(threading.current_thread().name)
            inside.append(1)
            parsers.add(threading.current_thread().name)
        try:
            time.sleep(0.2)
            return real_parse(*args, **kwargs)
        finally:
            with guard:
                inside.pop()
    monkeypatch.setattr(ast, "parse", lingering_parse)
    with load_submission(SUBMISSIONS / "correct_counts", assignment.REQUIRED_FILES) as submission:
        outcomes, _ = grading.run_everything(grading.BudgetedBox(reference_box()), submission,
                                          transcripts.Seeds(1913))
    assert all(outcomes[spec.id].passed for spec in grading.ALL_SPECS)
    assert {program.module for program in transcripts.PROGRAMS} <= parsers  # both threads parsed
    assert overlaps == []


def raising_race(*args, **kwargs):
    raise SystemError("AST constructor recursion depth mismatch (before=27, after=18)")


def test_a_grader_failure_is_tried_once_more_and_then_said_to_be_the_graders(monkeypatch):
    calls = []

    def fails_once(*args):
        calls.append(args)
        if len(calls) == 1:
            raising_race()
        return "graded"
    monkeypatch.setattr(grading, "_grade", fails_once)
    assert grading.grade_retrying("some/path", None) == "graded" and len(calls) == 2
    monkeypatch.setattr(grading, "_grade", raising_race)
    with pytest.raises(grading.GraderFailed, match="SystemError: AST constructor") as raised:
        grading.grade_retrying("some/path", None)
    assert "raising_race" in raised.value.trace     # the traceback, for staff


def test_grade_says_the_grader_failed_not_the_student_and_how_to_regrade(tmp_path, monkeypatch,
                                                                         capsys):
    monkeypatch.setattr(grading, "submission_seeds", raising_race)  # an injected fault
    results = tmp_path / "results.json"
    assert cli.main(["grade", str(SUBMISSIONS / "correct_counts"), "--json", str(results)]) == 1
    data = json.loads(results.read_text())
    assert data["tests"] == [] and "not in the submitted code" in data["output"]
    assert "SystemError" not in data["output"]      # what raised is the staff's
    assert "SystemError" in data["extra_data"]["grader_failed"]
    assert "Regrade" in data["extra_data"]["regrade"]
    out, err = capsys.readouterr()
    assert "not in the submitted code" in out and "Traceback" in out
    assert "the grader failed twice" in err and "python -m grader grade" in err


def test_grade_on_a_machine_too_busy_grades_once_and_says_so(tmp_path, monkeypatch, capsys):
    """Grading again would double the wall-clock time, past Gradescope's limit: staff regrade."""
    calls = []

    def too_busy(*args):
        calls.append(args)
        raise grading.MachineTooBusy.after(280, 12.3, 240)
    monkeypatch.setattr(grading, "_grade", too_busy)
    results = tmp_path / "results.json"
    assert cli.main(["grade", str(SUBMISSIONS / "correct_counts"), "--json", str(results)]) == 1
    assert len(calls) == 1
    data = json.loads(results.read_text())
    assert data["tests"] == [] and "not in the submitted code" in data["output"]
    assert "the machine was too busy" in data["extra_data"]["grader_failed"]
    out, err = capsys.readouterr()
    assert "the grader failed on" in err and "had used 12 s of CPU time in all, less than its 240 s" in err


def test_grade_all_grades_again_once_then_reports_the_graders_failure(tmp_path, monkeypatch,
                                                                      capsys):
    attempts = tmp_path / "attempts"

    def counted_fault(submission):
        with open(attempts, "a") as handle:     # written by the batch's forked children
            handle.write("x")
        raising_race()
    monkeypatch.setattr(grading, "submission_seeds", counted_fault)
    shutil.copytree(SUBMISSIONS / "correct_counts", tmp_path / "class" / "ann")
    csv_path = tmp_path / "grades.csv"
    summary = batch.grade_class(class_folder.find_students([str(tmp_path / "class")]), csv_path,
                                out=tmp_path / "out", unsafe_no_jail=os.geteuid() != 0)
    assert attempts.read_text() == "xx"
    row = list(csv.DictReader(csv_path.open()))[1]
    assert row["score"] == "" and "the grader failed on this submission, not the student" in \
        row["error"] and "SystemError" in row["error"]
    assert any("because the grader itself failed" in line for line in summary)
    assert "grade-all command" in (tmp_path / "out" / "ann" / "error.txt").read_text()


class WaitingBox(FakeBox):
    """The reference's functions, but filter_word_list waits out whatever own time it is given
    (as one that sleeps a little a word does on the whole list); remembers the own-time limit
    each call was given and how much of the budget its thread had used by then."""

    def __init__(self):
        misspelt = {"easy_wordle": lambda screen: screen.replace(" words possible",
                                                                 " word possible")}
        super().__init__(reference_functions(), {
            program.module: reference_program(program, edit=misspelt.get(program.module))
            for program in transcripts.PROGRAMS})
        self.given = []
        self.budgeted = None

    def call(self, module, function, args, timeout=2.0, cpu_limit=None, own_limit=None,
             wait_limit=None, largest_limit=None):
        self.given.append((self.budgeted.own_time(), own_limit))
        if function == "filter_word_list":
            time.sleep(own_limit)
            return CallResult(Status.TIMEOUT, detail="own-time limit", cpu_seconds=0.01,
                              own_seconds=own_limit, own_time_out=True)
        return super().call(module, function, args, timeout, cpu_limit, own_limit)


def test_a_grading_that_waits_stops_at_its_budget_and_says_so():
    box, budget = WaitingBox(), 3.0
    box.budgeted = budgeted = grading.BudgetedBox(box, budget)
    with load_submission(SUBMISSIONS / "correct_counts", assignment.REQUIRED_FILES) as submission:
        outcomes, _ = grading.run_everything(budgeted, submission, transcripts.Seeds(1913))
    # each call is given what is left of its line's budget, none is made once it is spent
    assert box.given and all(used < budget and limit <= budget - used + 1e-9
                             for used, limit in box.given)
    spent = "this grading's 3 s for running the student's code were spent (its own time"
    filter_tests = [test.spec.id for test in function_cases.FUNCTION_TESTS
                    if test.function.name == "filter_word_list"]
    for test_id in filter_tests:
        details = "\n".join(map(str, outcomes[test_id].details))
        assert not outcomes[test_id].passed and spent in details
    # the easy games' screens differ: they are not judged again through the student's filter
    for spec in transcripts.EASY_WORDLE.specs:
        assert "not judged again through your own functions: " + spent in "\n".join(
            map(str, outcomes[spec.id].details))
    others = [spec.id for spec in grading.ALL_SPECS if spec.id not in filter_tests
              and not spec.id.startswith(("easy_wordle_program", "checks.imports"))]
    assert [test_id for test_id in others if not outcomes[test_id].passed] == []


class QueuedBox(FakeBox):
    """Calls that each take `wall` seconds, `queued` of them ready to run but waiting for a CPU
    (as on a busy machine), or, given less wall-clock time than that, time out."""

    def __init__(self, wall, queued):
        super().__init__(reference_functions())
        self.wall, self.queued = wall, queued

    def call(self, module, function, args, timeout=2.0, cpu_limit=None, own_limit=None,
             wait_limit=None, largest_limit=None):
        time.sleep(min(self.wall, timeout))
        if timeout < self.wall:
            return CallResult(Status.TIMEOUT, detail="wall-clock limit", cpu_seconds=0.0,
                              own_seconds=timeout * (1 - self.queued / self.wall))
        return dataclasses.replace(super().call(module, function, args),
                                   own_seconds=self.wall - self.queued)


def test_the_budget_counts_the_code_s_own_time_not_the_time_a_busy_machine_kept_it_waiting():
    budgeted = grading.BudgetedBox(QueuedBox(wall=0.05, queued=0.045), budget=0.1)
    results = [budgeted.call("wordle", "known_word", [[]], timeout=5.0) for _ in range(8)]
    # 0.4 s of wall-clock time, 0.04 s of it the code's own: the budget is not spent
    assert [result.status for result in results] == [Status.OK] * 8
    assert 0.03 < budgeted.own_time() < 0.1


def test_code_that_spends_its_own_time_spends_the_budget():
    budgeted = grading.BudgetedBox(QueuedBox(wall=0.05, queued=0.0), budget=0.1)
    results = [budgeted.call("wordle", "known_word", [[]], timeout=5.0) for _ in range(4)]
    assert [result.status for result in results][:2] == [Status.OK] * 2
    assert results[-1].status == Status.BUDGET_SPENT and "0.1 s" in results[-1].detail


def test_a_machine_too_busy_for_the_budget_ends_the_grading_as_the_graders_failure(monkeypatch):
    monkeypatch.setattr(assignment, "GRADING_WALL_SLACK", 0.1)
    monkeypatch.setattr(assignment, "GRADING_WALL_GROWTH", 1)
    budgeted = grading.BudgetedBox(QueuedBox(wall=0.5, queued=0.49), budget=0.1)
    first = budgeted.call("wordle", "known_word", [[]], timeout=5.0)
    # the grading's other lines of work stop at their next call, not at their own limits
    started = time.monotonic()
    second = budgeted.call("wordle", "known_word", [[]], timeout=5.0)
    assert time.monotonic() - started < 0.1
    assert first.status == second.status == Status.BUDGET_SPENT
    # with every line ended: its code used no CPU, so the machine was too busy, which is the
    # grader's failure (the CLI does not grade it again: that would double the time)
    with pytest.raises(grading.MachineTooBusy) as raised:
        budgeted.judge_the_wall_clock()
    assert "the machine was too busy" in str(raised.value) and "0.2 s of wall-clock" in \
        str(raised.value)
    assert isinstance(raised.value, grading.GraderFailed)


def test_the_wall_clock_bound_grows_by_the_code_s_waits_for_a_cpu_up_to_its_longest(
        monkeypatch):
    """Each call waits 0.49 s of its 0.5 s for a CPU: the 0.2 s bound grows by each wait, so
    the calls a busy machine holds up are made and come back, until the longest bound (10
    times 0.2 s here), where the grading is the machine's failure all the same."""
    monkeypatch.setattr(assignment, "GRADING_WALL_SLACK", 0.1)
    monkeypatch.setattr(assignment, "GRADING_WALL_GROWTH", 10)
    budgeted = grading.BudgetedBox(QueuedBox(wall=0.5, queued=0.49), budget=0.1)
    results = [budgeted.call("wordle", "known_word", [[]], timeout=5.0) for _ in range(6)]
    assert [result.status for result in results[:3]] == [Status.OK] * 3
    assert results[-1].status == Status.BUDGET_SPENT and "2 s of wall-clock" in \
        results[-1].detail
    assert time.monotonic() - budgeted.started < 2.0 + 0.5   # stopped at the longest bound
    with pytest.raises(grading.MachineTooBusy, match="the grading's 2 s of wall-clock"):
        budgeted.judge_the_wall_clock()


class ComputingBox(QueuedBox):
    """As QueuedBox, each call also reporting the CPU time it used: the student's code kept
    the CPUs busy itself (lines of work side by side holding each other up)."""

    def call(self, module, function, args, timeout=2.0, cpu_limit=None, own_limit=None,
             wait_limit=None, largest_limit=None):
        return dataclasses.replace(super().call(module, function, args, timeout, cpu_limit,
                                                own_limit), cpu_seconds=0.4)


def test_code_that_kept_the_cpus_busy_itself_spends_its_budget_when_the_wall_clock_runs_out(
        monkeypatch):
    """Its lines used more CPU time than the budget in all: the wall-clock time was its own
    doing, on any machine, so the calls it stops fail, said so, and nothing is raised."""
    monkeypatch.setattr(assignment, "GRADING_WALL_SLACK", 0.1)
    monkeypatch.setattr(assignment, "GRADING_WALL_GROWTH", 1)
    budgeted = grading.BudgetedBox(ComputingBox(wall=0.5, queued=0.49), budget=0.1)
    results = [budgeted.call("wordle", "known_word", [[]], timeout=5.0) for _ in range(2)]
    budgeted.judge_the_wall_clock()
    assert [result.status for result in results] == [Status.BUDGET_SPENT] * 2
    assert "wall-clock time ran out: the student's code" in results[0].detail


def test_each_line_of_work_has_its_own_clock_and_what_follows_starts_at_the_longest():
    budgeted = grading.BudgetedBox(QueuedBox(wall=0.05, queued=0.0), budget=1.0)
    used = {}

    def line(name, calls):
        for _ in range(calls):
            budgeted.call("wordle", "known_word", [[]], timeout=5.0)
        used[name] = budgeted.own_time()
    grading.in_threads({"short": lambda: line("short", 1), "long": lambda: line("long", 4)},
                       meanwhile=lambda: line("meanwhile", 2))
    assert used["short"] < used["meanwhile"] < used["long"] < 0.5
    budgeted.end_phase()
    assert budgeted.own_time() == pytest.approx(used["long"])


def test_an_import_made_only_when_the_game_runs_reaches_the_imports_check():
    """The imports check hears from the programs' runs too (an import inside main()), not only
    from the import runs: each step returns what it found."""
    def importing_os(program):
        play = reference_program(program)

        def run(stdin, seed):
            return dataclasses.replace(play(stdin, seed), forbidden_imports=["os"])
        return run
    box = FakeBox(reference_functions(), {program.module: importing_os(program)
                                          for program in transcripts.PROGRAMS})
    with load_submission(SUBMISSIONS / "correct_counts", assignment.REQUIRED_FILES) as submission:
        outcomes, _ = grading.run_everything(box, submission, transcripts.Seeds(1913))
    imports = outcomes["checks.imports"]
    assert not imports.passed and "imported os" in imports.details[0]
    assert all(outcomes[spec.id].passed for spec in grading.ALL_SPECS
               if spec.id != "checks.imports")
