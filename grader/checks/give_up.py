"""When to stop calling a student's function: the one give-up policy.

A function that cannot be called (its file or itself missing, its import
failing) is not called again; nor is one after GIVE_UP_AFTER calls that timed
out, crashed or ran out of memory, or once its calls have taken more than its
time budget (assignment.FUNCTIONS) in all, so that a function that is merely
very slow, or returns huge values, cannot stall grading. The explanation says
which rule stopped the calls.
"""
import re
from collections import Counter

from grader.sandbox.child.codec import Status

GIVE_UP_AFTER = 2  # timeouts, crashes or memory errors of one function before its other calls are skipped
# Statuses after which no call of the function can succeed.
FATAL_STATUSES = (Status.MISSING_MODULE, Status.MISSING_FUNCTION, Status.IMPORT_FAILED)


def is_trouble(result):
    """A call that timed out, crashed, or ran out of memory."""
    return result.status in (Status.TIMEOUT, Status.CRASHED) or (
        result.status == Status.RAISED and result.detail.startswith("MemoryError"))


def fatal_reason(function, result):
    """The explanation for a status that stops every call of the function."""
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
    """Remembers, across tests, functions that cannot or should no longer be called."""

    def __init__(self):
        self.fatal = {}  # function name -> explanation
        self.troubles = Counter()  # function name -> timeouts, crashes and memory errors so far
        self.seconds = Counter()  # function name -> wall time its calls took

    def blocked(self, function):
        """Why function (an assignment.Function) must not be called again, or None."""
        name = function.name
        if name in self.fatal:
            return self.fatal[name]
        if self.troubles[name] >= GIVE_UP_AFTER:
            return ("%s was not called again after %d calls that timed out, ran out of memory "
                    "or ended the program" % (name, GIVE_UP_AFTER))
        if self.seconds[name] > function.time_budget:
            return ("%s was not called again: its calls had taken more than %g s in all (correct "
                    "code needs a small fraction of that)" % (name, function.time_budget))
        return None

    def record(self, function, result, seconds):
        self.seconds[function.name] += seconds
        if result.status in FATAL_STATUSES:
            self.fatal[function.name] = fatal_reason(function, result)
        elif is_trouble(result):
            self.troubles[function.name] += 1

    def cannot_call(self, function):
        """Whether the function could not be called at all (not a wrong answer)."""
        return function.name in self.fatal
