"""Grade one submission: load it, run every test through the sandbox, score it.

The list of tests is fixed (``ALL_SPECS``) whatever the submission does. Both
programs are first imported (the guard checks), side by side; an import that
never finishes is not tried again by the function tests. Then the function
tests (calls to one long-lived child) run in the grading thread while each
program's runs go on in a thread of their own: the student's code works in its
own processes, so they overlap.
"""
import dataclasses
import functools
import threading
import time
import traceback

from grader import KIT_ROOT, assignment, seed_key
from grader.checks import (expected_cache, function_cases, function_runner, import_failures,
                           information, transcripts)
from grader.results.scoring import GradeResult, score_tests
from grader.sandbox.box import Sandbox, SandboxError
from grader.sandbox.child_reports import CallResult, RunResult
from grader.sandbox.modes import UNSAFE
from grader.sandbox import Status
from grader.sandbox import cpu_quota, temp_folders
from grader.submission import LoadError, load_submission

MAX_REMOVED_NOTES = 10  # lines of the staff output on what children's uids left
ALL_SPECS = (tuple(test.spec for test in function_cases.FUNCTION_TESTS) + transcripts.SPECS
             + information.SPECS)


class CannotGrade(Exception):
    """The submission cannot be graded: its path is unreadable, or the sandbox cannot start."""

    def __init__(self, message, sandbox_failed=False):
        super().__init__(message)
        self.sandbox_failed = sandbox_failed


class GraderFailed(Exception):
    """The grader's own code raised during a grading: the grader failed, not the student's
    code (which runs in other processes), so there is no score to give; trace is the
    traceback, for staff."""

    def __init__(self, message, trace=""):
        super().__init__(message, trace)    # both in args: it crosses a process pool too
        self.trace = trace

    def __str__(self):
        return self.args[0]

    @classmethod
    def of(cls, error):
        return cls("%s: %s" % (type(error).__name__, error),
                   "".join(traceback.format_exception(type(error), error, error.__traceback__)))


class MachineTooBusy(GraderFailed):
    """The grading's wall-clock limit ran out while the student's code had used little of the
    machine: other work kept it waiting for a CPU, so no test can be judged fairly; grade it
    again when the machine is less busy."""

    @classmethod
    def after(cls, wall_limit, cpu, budget):
        return cls("the machine was too busy to grade this submission: the grading's %g s of "
                   "wall-clock time ran out while the student's code had used %.0f s of CPU "
                   "time in all, less than its %g s budget (the rest of the time it was ready to "
                   "run but waiting for a CPU); nothing was scored, so grade it again when the "
                   "machine is less busy" % (wall_limit, cpu, budget))


class BudgetedBox:
    """A sandbox that keeps the student's code within the grading's budget.

    The budget (assignment.GRADING_BUDGET) counts the student's own time: the wall-clock time
    of its calls and games less what the kernel kept it waiting for a CPU, so code that
    computes or waits (sleeps, blocked reads) spends it alike on a quiet machine and a busy
    one. Each line of work (the function tests, each program's games) has its own clock, and
    the calls made for the games' sake start at the longest of them (end_phase). A call or
    game is given what is left; once it is spent none is made (Status.BUDGET_SPENT, whose
    detail says so), and one stopped by its end is BUDGET_SPENT too. A call may also wait
    (sleep, block) instead of computing for assignment.WAIT_LIMIT seconds at most: a timeout.

    The grading's wall-clock time is bounded as well (assignment.grading_wall_limit: the budget
    and a slack, more where a CPU quota or affinity gives the grader less than 2 CPUs), a
    bound that grows by the time the code waited for a CPU (the longest line's, phase by
    phase, as its own time is counted) up to assignment.GRADING_WALL_GROWTH times itself.
    Once it runs out no call or game is made (BUDGET_SPENT too); those running are stopped at
    the longest bound, since until then the time they take is their own, which the budget
    bounds, or their waits, which grow the bound. Whose doing that was is judged once every
    line has ended (judge_the_wall_clock): on a quiet machine only code whose lines together
    used the budget's worth of CPU time can take that long (lines running side by side hold
    each other up on few CPUs); with less, a busy machine kept it waiting, and the grading
    ends with MachineTooBusy, the grader's failure, so no test fails for the machine's sake."""

    def __init__(self, box, budget=None):
        self.box = box
        self.budget = assignment.GRADING_BUDGET if budget is None else budget
        cpus = cpu_quota.available_cpus()
        self.wall_limit = assignment.grading_wall_limit(self.budget, cpus)
        self.longest_wall = assignment.longest_grading_wall(self.budget, cpus)
        self.started = time.monotonic()
        self._before = 0.0  # the own time of the phases before this one (the longest line's)
        self._spent = {}    # thread id: the own time of its calls and games in this phase
        self._cpu = []      # the CPU seconds of each call and game (appended from every line)
        self._waited_before = 0.0   # as _before, for the time the code waited for a CPU
        self._waited = {}           # as _spent
        self._lock = threading.Lock()
        self.wall_clock_ran_out = False
        self.ran_out_after = None   # the wall-clock bound, in seconds, when it ran out
        self.doing = {}     # thread id: the call or game it is making now (for progress lines)

    def call(self, module, function, args, timeout=2.0, cpu_limit=None, largest_limit=None):
        def make(wall, own):
            return self.box.call(module, function, args, timeout=wall, cpu_limit=cpu_limit,
                                 own_limit=own, wait_limit=assignment.WAIT_LIMIT,
                                 largest_limit=largest_limit)
        return self._doing("calling %s" % function, make, CallResult, timeout)

    def calls_in(self, process):
        self.box.calls_in(process)

    def import_module(self, module):
        return self.box.import_module(module)

    def run_program(self, module, stdin, seed, timeout=10.0, quiet_timeout=None, cpu_limit=None,
                    honour_seeds=False, clock=None):
        def make(wall, own):
            return self.box.run_program(
                module, stdin, seed, timeout=wall,
                quiet_timeout=None if quiet_timeout is None else min(quiet_timeout, wall),
                cpu_limit=cpu_limit, honour_seeds=honour_seeds, clock=clock, own_limit=own)
        return self._doing("playing %s.py" % module, make, RunResult, timeout)

    def _doing(self, what, make, result_type, timeout):
        """_budgeted, with what recorded in doing meanwhile."""
        self.doing[threading.get_ident()] = what
        try:
            return self._budgeted(make, result_type, timeout)
        finally:
            self.doing.pop(threading.get_ident(), None)

    def end_phase(self):
        """The lines of work running side by side have all ended: what comes next starts at
        the longest one's own time."""
        with self._lock:
            self._before += max(self._spent.values(), default=0.0)
            self._spent.clear()
            self._waited_before += max(self._waited.values(), default=0.0)
            self._waited.clear()

    def own_time(self):
        """The own time the student's code has taken in this thread's line of work."""
        return self._before + self._spent.get(threading.get_ident(), 0.0)

    def wall_bound(self):
        """The grading's wall-clock bound now, in seconds from its start: wall_limit and the
        time the code waited for a CPU, at most longest_wall."""
        with self._lock:
            waited = self._waited_before + max(self._waited.values(), default=0.0)
        return min(self.longest_wall, self.wall_limit + waited)

    def cpu_time(self):
        """The CPU seconds of the student's code in all its calls and games so far."""
        return sum(self._cpu)

    def judge_the_wall_clock(self):
        """Raise MachineTooBusy where the wall-clock limit ran out while the student's code had
        used less CPU time in all than its budget (call once every line has ended)."""
        if self.wall_clock_ran_out and self.cpu_time() < self.budget:
            raise MachineTooBusy.after(self.ran_out_after, self.cpu_time(), self.budget)

    def _budgeted(self, make, result_type, timeout):
        """make(wall-clock timeout, own-time limit)'s result, within the budget and the
        grading's wall-clock limit."""
        left = self.budget - self.own_time()
        if left <= 0:
            return result_type(Status.BUDGET_SPENT, detail=self.spent())
        started = time.monotonic()
        if started - self.started >= self.wall_bound():
            return result_type(Status.BUDGET_SPENT, detail=self._ran_out(self.wall_bound()))
        longest_left = self.started + self.longest_wall - started
        result = make(min(timeout, longest_left), left)
        ended = time.monotonic()
        self._cpu.append(result.cpu_seconds or 0.0)
        ident = threading.get_ident()
        if result.own_seconds is not None:
            with self._lock:
                self._waited[ident] = self._waited.get(ident, 0.0) + max(
                    0.0, ended - started - result.own_seconds)
        if result.own_time_out:
            own = left
        elif result.own_seconds is not None:
            own = result.own_seconds
        else:
            own = ended - started
        with self._lock:
            self._spent[ident] = self._spent.get(ident, 0.0) + own
        if result.own_time_out:
            return dataclasses.replace(result, status=Status.BUDGET_SPENT, detail=self.spent())
        if result.status == Status.TIMEOUT and longest_left < timeout and \
                ended - self.started >= self.longest_wall:
            return dataclasses.replace(result, status=Status.BUDGET_SPENT,
                                       detail=self._ran_out(self.longest_wall))
        return result

    def spent(self):
        return ("this grading's %g s for running the student's code were spent (its own time: "
                "computing or waiting, as by sleeps or reads that block, not the time a busy "
                "machine kept it waiting for a CPU)" % self.budget)

    def _ran_out(self, bound):
        """Note that the wall-clock bound ran out (at bound seconds); what a call or game it
        stopped says."""
        with self._lock:
            if not self.wall_clock_ran_out:
                self.wall_clock_ran_out, self.ran_out_after = True, round(bound, 1)
        return ("this grading's %g s of wall-clock time ran out: the student's code, "
                "computing in several lines of work at once (the function tests, the games), "
                "used more than its %g s budget of CPU time in all"
                % (self.ran_out_after, self.budget))


def in_threads(tasks, meanwhile=None):
    """({key: task()} for {key: task}, meanwhile()): each task runs in a thread of its own,
    meanwhile (if given) in this thread; an exception raised in a task is re-raised here once
    all have ended."""
    results, failure = {}, []

    def run(key, task):
        try:
            results[key] = task()
        except BaseException as error:  # re-raised in the calling thread
            failure.append(error)

    threads = [threading.Thread(target=run, args=item, name=str(item[0])) for item in tasks.items()]
    for thread in threads:
        thread.start()
    here = meanwhile() if meanwhile is not None else None
    for thread in threads:
        thread.join()
    if failure:
        raise failure[0]
    return results, here


def program_findings(box, submission, program, seeds, imports, failure):
    """The guard check and the transcript tests of one program (a ProgramFindings, the guard's
    outcome among its outcomes), given {module: its import run} of both programs and its
    ImportFailure (None when it imports)."""
    module = program.module
    imported = imports[module]
    blamed = information.blamed_file(submission, program, imports)
    guard_outcome = information.guard_outcome(module, submission, imported, blamed, failure)
    skip = None
    if failure is not None and failure.never_parsed:
        skip = failure.not_run()
    elif imported.status == Status.TIMEOUT:
        skip = ("not run: importing %s.py never finished, so running it cannot finish "
                "either (an endless loop outside the __main__ guard?)" % module)
    found = transcripts.test_program(box, program, seeds, guard_outcome.details, skip)
    information.blame(found.outcomes, program.file, blamed)
    found.outcomes = {information.GUARD_SPECS[module].id: guard_outcome, **found.outcomes}
    return found


def run_everything(box, submission, seeds):
    """({test id: Outcome} for every test in ALL_SPECS, {module: ImportFailure} of the files
    that do not import); the program runs drawn from seeds. The student's functions are
    called for the games' sake only after the function tests, so those calls cannot change
    what the function tests see; a file that does not import has none of its functions
    called."""
    imports, _ = in_threads({program.module: functools.partial(box.import_module, program.module)
                             for program in transcripts.PROGRAMS})
    failures = import_failures.import_failures(submission, transcripts.PROGRAMS, imports)
    programs, tested = in_threads(
        {program.module: functools.partial(program_findings, box, submission, program, seeds,
                                           imports, failures.get(program.module))
         for program in transcripts.PROGRAMS},
        meanwhile=functools.partial(function_runner.function_tests, box, not_run={
            module: failure.not_run() for module, failure in failures.items()}))
    outcomes = tested.outcomes
    for found in programs.values():
        outcomes.update(found.outcomes)
    box.end_phase()
    outcomes.update(transcripts.rejudge_through_own_functions(
        box, [game for found in programs.values() for game in found.rejudges], tested,
        seeds.number))
    outcomes.update(information.files_and_imports_outcomes(
        submission, list(imports.values()) + [found for found in programs.values()],
        list(failures.values())))
    return outcomes, failures


def open_sandbox(submission, sandbox_factory=Sandbox, **options):
    """A sandbox holding the submission's files (none: None) and the kit's handout files,
    reporting imports beyond the allowed ones made by the student's code (not the handout
    files')."""
    files = dict(submission.files) if submission is not None else {}
    files.update((name, KIT_ROOT / name) for name in assignment.HANDOUT_FILES)
    return sandbox_factory(files, allowed_imports=assignment.ALLOWED_IMPORTS,
                           unwatched_modules=[name[:-3] for name in assignment.HANDOUT_FILES],
                           precompiled=assignment.HANDOUT_FILES, **options)


def submission_seeds(submission):
    """The seeds of the submission's files under the kit's secret key."""
    contents = {name: path.read_bytes() for name, path in submission.files.items()}
    return transcripts.Seeds.for_submission(seed_key.key(), contents)


def check_sandbox(unsafe_no_jail=False):
    """Raise CannotGrade (sandbox_failed) where no safe sandbox can be made here, unless
    unsafe_no_jail: a class batch stops before anyone is graded (and its gradings, forked
    after, find the course files' bytecode made)."""
    try:
        with open_sandbox(None, unsafe_no_jail=unsafe_no_jail):
            pass
    except SandboxError as error:
        raise CannotGrade("the sandbox could not start: %s" % error, sandbox_failed=True) from None


def grade(path, rubric, sandbox_factory=Sandbox, seed=None, unsafe_no_jail=False,
          private_paths=(), output_files=(), watch=None):
    """Grade the submission at path (a folder or .zip); return a GradeResult.

    seed (an int) replays an earlier grading's program runs; by default it is drawn from the
    submission's files and the kit's secret key (seed_key.py), so the same files always get
    the same runs; it is recorded in the result.  Student code never runs as the grading
    user unless unsafe_no_jail; the kit, the expected-value cache, private_paths (e.g. a
    class's results folder) and output_files (e.g. results.json) are kept from it; watch, if
    given, is handed the BudgetedBox once student code can run (its doing says what runs).  Raises
    CannotGrade when path cannot be read or the sandbox cannot start, GraderFailed when the
    grader's own code raised.
    """
    try:
        return _grade(path, rubric, sandbox_factory, seed, unsafe_no_jail, private_paths,
                      output_files, watch)
    except (CannotGrade, GraderFailed, KeyboardInterrupt, SystemExit):
        raise
    except Exception as error:   # the student's code runs elsewhere: this is the grader's fault
        raise GraderFailed.of(error) from error


def grade_retrying(path, rubric, **options):
    """grade(), once more when the grader itself failed (a fault of the grader's may pass,
    as a race does); GraderFailed when it failed both times. A machine too busy is not
    tried again: that would double a grading's wall-clock time (past Gradescope's limit)."""
    try:
        return grade(path, rubric, **options)
    except MachineTooBusy:
        raise
    except GraderFailed:
        return grade(path, rubric, **options)


def _grade(path, rubric, sandbox_factory, seed, unsafe_no_jail, private_paths, output_files,
           watch):
    started = time.monotonic()
    temp_folders.sweep()    # what graders killed before they could clean up left
    private = (KIT_ROOT, expected_cache.cache_folder()) + tuple(private_paths)
    try:
        with load_submission(path, assignment.REQUIRED_FILES) as submission:
            seeds = transcripts.Seeds(seed) if seed is not None else submission_seeds(submission)
            with open_sandbox(submission, sandbox_factory, unsafe_no_jail=unsafe_no_jail,
                              private_paths=private, output_files=output_files) as sandbox:
                if sandbox.mode == UNSAFE and expected_cache.distrust():
                    function_cases.all_cases.cache_clear()  # perhaps read from a changed cache
                    transcripts.reference_game_cpus.cache_clear()
                budgeted = BudgetedBox(sandbox)
                if watch is not None:
                    watch(budgeted)
                outcomes, failures = run_everything(budgeted, submission, seeds)
                budgeted.judge_the_wall_clock()
                missing_protections = list(sandbox.missing_protections)
                removed = sandbox.removed   # filled up to close(), which ends the calls child
                mode, protections = sandbox.mode, list(sandbox.protections)
            near_misses = dict(submission.near_misses)
            headline = "\n".join(line for line in [information.missing_files_line(submission)]
                                  + import_failures.headlines(failures) if line)
            flags = import_failures.flags(failures)
            no_python_file = not submission.files and not submission.other_python_files
    except LoadError as error:
        raise CannotGrade("cannot grade %s: %s" % (path, error)) from None
    except SandboxError as error:
        raise CannotGrade("the sandbox could not start: %s" % error, sandbox_failed=True) from None
    tests = score_tests(rubric, ALL_SPECS, outcomes)
    notes = ["protection not available: %s" % missing for missing in missing_protections]
    notes += ["removed after a run, as its uid left it: %s" % item
              for item in removed[:MAX_REMOVED_NOTES]]
    if len(removed) > MAX_REMOVED_NOTES:
        notes.append("removed after runs: %d more things their uids left" %
                     (len(removed) - MAX_REMOVED_NOTES))
    return GradeResult(str(path), tests, notes, round(time.monotonic() - started, 3), seeds.number,
                       near_misses, missing_protections, mode, protections, headline,
                       no_python_file, flags)
