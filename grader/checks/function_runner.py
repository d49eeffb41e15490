"""Running the function tests: each case called through the sandbox and judged.

The student's function is called through the sandbox (``box.call``), so only
plain data comes back. A case passes when the call returns without error, a
value of exactly the right type, the expected value, and leaves its arguments
unchanged; a test can also require a new list rather than the argument itself.
A failed test lists its failing cases (up to a cap). When to stop calling a
function is give_up's to decide.
"""
import time
from collections import Counter

from grader.checks.function_cases import FUNCTION_TESTS, cases_of
from grader.checks.give_up import FATAL_STATUSES, CallLog
from grader.results.outcome import Outcome
from grader.sandbox.child.codec import Status

SHOWN_FAILURES = 4  # failing cases listed per test


def shown(value, limit=300):
    """repr of a value, cut short if long (a hostile value can be huge)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "... (%d characters)" % len(text)


def has_return_type(function, value):
    if function.return_type is str:
        return type(value) is str
    return type(value) is list and all(type(item) is str for item in value)


def plural(count, noun):
    return "%d %s%s" % (count, noun, "" if count == 1 else "s")


def word_list_difference(expected, got):
    """Lines saying which words are missing from got and which should not be there."""
    missing = sorted((Counter(expected) - Counter(got)).elements())
    extra = sorted((Counter(got) - Counter(expected)).elements())
    lines = ["expected %s, got %d" % (plural(len(expected), "word"), len(got))]
    for label, listed in (("missing (possible, not returned)", missing),
                          ("extra (returned, not possible)", extra)):
        if listed:
            more = " ..." if len(listed) > 12 else ""
            lines.append("%s: %d: %s%s" % (label, len(listed), ", ".join(listed[:12]), more))
    return lines


def value_problems(test, case, value):
    """Why value is not the right answer for case (an empty list when it is)."""
    function = test.function
    if not has_return_type(function, value):
        return ["expected %s, got a %s: %s" % (function.returns, type(value).__name__,
                                               shown(value)),
                "%s must return %s, e.g. %s" % (function.name, function.returns,
                                                shown(case.expected, 80))]
    if function.any_order:
        if Counter(value) != Counter(case.expected):
            return word_list_difference(case.expected, value)
        return []
    if value != case.expected:
        return ["expected %s" % shown(case.expected), "got      %s" % shown(value)]
    return []


def side_effect_problems(test, case, result):
    """Lines about arguments the call changed, or an argument it returned as its result."""
    names = test.function.arguments
    if result.args_after is None:
        return ["its arguments could not be read back after the call (%s), so it is not shown to "
                "leave them unchanged" % result.args_problem]
    problems = ["it changed its argument %r (it must leave it as it was)" % name
                for name, before, after in zip(names, case.args, result.args_after)
                if before != after]
    if test.requires_new_list and result.returned_argument is not None:
        problems.append("it returned the list it was given (%r) instead of a new list"
                        % names[result.returned_argument])
    return problems


def call_problems(test, case, result):
    """Why one call failed, as lines; an empty list when it passed."""
    if result.status == Status.OK:
        problems = value_problems(test, case, result.value)
        return problems + side_effect_problems(test, case, result)
    if result.status == Status.RAISED:
        return ["raised %s" % result.detail]
    if result.status == Status.TIMEOUT:
        return ["did not return within the time limit (an infinite loop?)"]
    if result.status == Status.CRASHED:
        return ["the call ended the program: %s" % result.detail]
    if result.status == Status.BAD_VALUE:
        return ["returned something that is not plain data: %s" % result.detail]
    return ["%s: %s" % (result.status, result.detail)]


def run_test(box, test, log):
    """Run one test's cases through box; return its Outcome."""
    cases = cases_of(test)
    function = test.function
    failures = []
    for case in cases:
        reason = log.blocked(function)
        if reason is not None:
            if not failures:
                return Outcome.failed(reason)
            unmade = len(cases) - cases.index(case)
            failures.append((case, ["this and the other %d calls were not made: %s"
                                    % (unmade - 1, reason)]))
            break
        started = time.monotonic()
        result = box.call(function.module, function.name, list(case.args),
                          timeout=function.call_timeout)
        log.record(function, result, time.monotonic() - started)
        if result.status in FATAL_STATUSES:
            return Outcome.failed(log.blocked(function))
        problems = call_problems(test, case, result)
        if problems:
            failures.append((case, problems))
    if not failures:
        return Outcome(True, notes=["all %d calls right" % len(cases)])
    details = ["%d of %d calls wrong:" % (len(failures), len(cases))]
    for case, problems in failures[:SHOWN_FAILURES]:
        details.append(case.call_text)
        details.extend("    " + line for line in problems)
    if len(failures) > SHOWN_FAILURES:
        details.append("... and %d more wrong calls" % (len(failures) - SHOWN_FAILURES))
    return Outcome(False, details)


def run_function_tests(box, tests=FUNCTION_TESTS):
    """Run the function tests (all of them unless given); return {test id: Outcome}."""
    log = CallLog()
    outcomes = {test.spec.id: run_test(box, test, log) for test in tests}
    wrong_answers = {test.function.name for test in tests
                     if not outcomes[test.spec.id].passed and not log.cannot_call(test.function)}
    for test in tests:
        name, base = test.function.name, test.function.builds_on
        if base in wrong_answers and name in wrong_answers and not outcomes[test.spec.id].passed:
            outcomes[test.spec.id].notes.append(
                "%s uses %s, which failed its own tests: fixing %s may fix this too"
                % (name, base, base))
    return outcomes
