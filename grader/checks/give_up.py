"""When to stop calling a student's function: the one give-up policy.

Giving up is per test, so a function that loops on some inputs keeps the points
of the tests it passes: after GIVE_UP_AFTER calls of one test that went over
their CPU limit, crashed, ran out of memory or returned a value that could not
be brought back (too big, or not plain data), the test's other calls are not
made (the report says "not called again in this test after 2 timeouts"), and
the next test calls the function afresh. A function that loops on some inputs
costs at most GIVE_UP_AFTER CPU limits per test; one that never returns, at most
NEVER_RETURNED_AFTER in the whole grading (below).

Four things stop every later call of the function: a status after which no call
can succeed (its file or itself missing, its import failing); GIVE_UP_AFTER
calls that waited past their wait limit or the wall-clock safety net while using
little CPU (code that waits, e.g. time.sleep, waits on every input alike);
NEVER_RETURNED_AFTER calls that went over their CPU limit or crashed (so in two
tests at least) while no call of it has ever come back (a function that never
returns, e.g. ``while True: pass`` or ``os._exit(1)``, would otherwise cost GIVE_UP_AFTER
limits, or restarts of the student's code, in every test); and the sandbox's
budget for starting the student's code again after such calls being spent (an
import that sleeps 9 s would otherwise cost 9 s a crash). A function that
loops or crashes only on some inputs has come back from the others (with a value
or an error), so it keeps being called, test by test; slow but correct code never
times out at all (the limits are hundreds of times the reference's CPU time).
"""
import re

from grader.sandbox import Status

GIVE_UP_AFTER = 2  # troubled calls of one test before its other calls are skipped
NEVER_RETURNED_AFTER = 2 * GIVE_UP_AFTER  # CPU timeouts of a function no call of which came back
# Statuses after which no call of the function can succeed.
FATAL_STATUSES = (Status.MISSING_MODULE, Status.MISSING_FUNCTION, Status.IMPORT_FAILED,
                  Status.RESTARTS_SPENT, Status.BUDGET_SPENT)

CPU_TIMEOUT = "timeout"
WALL_TIMEOUT = "wall-clock timeout"    # or stopped at its wait limit: it waited
CRASH = "crash"
MEMORY = "memory error"
BAD_VALUE = "bad value"


def trouble_kind(result, cpu_limit):
    """What went wrong with a call that timed out, crashed, or ran out of memory; else None."""
    if result.status == Status.TIMEOUT:
        # one stopped early (sandbox/endless_loops.py) is stopped as at its limit
        if result.cpu_seconds is None or result.cpu_seconds >= cpu_limit or \
                result.stopped_early:
            return CPU_TIMEOUT
        return WALL_TIMEOUT
    if result.status == Status.CRASHED:
        return CRASH
    if result.status == Status.RAISED and result.detail.startswith("MemoryError"):
        return MEMORY
    if result.status == Status.BAD_VALUE:
        return BAD_VALUE
    return None


def fatal_reason(function, result, restarting_tests=()):
    """The explanation for a status that stops every call of the function (restarting_tests:
    the tests whose calls crashed or timed out, each making the student's code start again)."""
    if result.status == Status.RESTARTS_SPENT:
        return ("%s was not called again in this grading: calls that crashed or timed out "
                "(in %s) each started the student's code again, and %s" % (
                    function.name, ", ".join(restarting_tests) or "earlier tests",
                    result.detail.replace("the student's code was", "it was", 1)))
    if result.status == Status.BUDGET_SPENT:
        return "%s was not called again in this grading: %s" % (function.name, result.detail)
    if result.status == Status.MISSING_MODULE:
        return "%s was not found in the submission, so %s could not be called" % (
            function.file, function.name)
    if result.status == Status.MISSING_FUNCTION:
        return "%s has no function %s (check the name and that it is not inside another " \
               "block)" % (function.file, function.name)
    detail = re.sub(r"^importing \w+ failed: ", "", result.detail)
    return "importing %s failed, so %s could not be called: %s" % (function.file, function.name,
                                                                   detail)


class CallLog:
    """Remembers which functions cannot or should no longer be called, in this test or at all."""

    def __init__(self):
        self.fatal = {}  # function name -> explanation
        self.waits = {}  # function name -> timeouts for waiting so far (WALL_TIMEOUT)
        self.came_back = set()  # names of the functions a call of which ended without a timeout
        self.cpu_timeouts = {}  # function name -> {test id: CPU timeouts and crashes}, in order
        self.restarting_tests = []  # tests a call of which crashed or timed out (ended the child)
        self.test_troubles = []  # the kinds of trouble of the current test's calls
        self.test_id = None

    def start_test(self, test_id):
        self.test_troubles = []
        self.test_id = test_id

    def never_call(self, function, reason):
        """function is not to be called in this grading (its file does not import), for
        reason."""
        self.fatal[function.name] = reason

    def blocked(self, function):
        """Why function (an assignment.Function) must not be called now, or None."""
        name = function.name
        if name in self.fatal:
            return self.fatal[name]
        if self.waits.get(name, 0) >= GIVE_UP_AFTER:
            return ("%s was not called again after %d calls that waited without computing "
                    "(sleeping or waiting for something?)" % (name, GIVE_UP_AFTER))
        never = self.never_returned(name)
        if never:
            return never
        if len(self.test_troubles) >= GIVE_UP_AFTER:
            kinds = set(self.test_troubles)
            what = ("timeouts" if kinds == {CPU_TIMEOUT}
                    else "calls that timed out, crashed, ran out of memory or returned values "
                         "that could not be read")
            return "%s was not called again in this test after %d %s" % (name, GIVE_UP_AFTER, what)
        return None

    def never_returned(self, name):
        """The explanation when name has used up NEVER_RETURNED_AFTER CPU limits and no call
        of it ever came back; else None."""
        by_test = self.cpu_timeouts.get(name, {})
        count = sum(by_test.values())
        if name in self.came_back or count < NEVER_RETURNED_AFTER:
            return None
        where = ", ".join("%d in %s" % (number, test_id) for test_id, number in by_test.items())
        return ("%s was not called again in this grading: none of its calls ever returned, and "
                "%d went over their CPU time limit or crashed (%s)" % (name, count, where))

    def record(self, function, result, cpu_limit):
        if result.status in FATAL_STATUSES:
            self.fatal[function.name] = fatal_reason(function, result, self.restarting_tests)
            return
        if result.status not in (Status.TIMEOUT, Status.CRASHED):
            self.came_back.add(function.name)
        elif self.test_id not in self.restarting_tests:
            self.restarting_tests.append(self.test_id)
        kind = trouble_kind(result, cpu_limit)
        if kind in (CPU_TIMEOUT, CRASH):
            by_test = self.cpu_timeouts.setdefault(function.name, {})
            by_test[self.test_id] = by_test.get(self.test_id, 0) + 1
        if kind == WALL_TIMEOUT:
            self.waits[function.name] = self.waits.get(function.name, 0) + 1
        if kind is not None:
            self.test_troubles.append(kind)

    def cannot_call(self, function):
        """Whether the function could not be called at all (not a wrong answer)."""
        return function.name in self.fatal
