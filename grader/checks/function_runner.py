"""Running the function tests: each case called through the sandbox and judged.

The student's function is called through the sandbox (``box.call``), so only
plain data comes back. A case passes when the call returns without error, a
value of exactly the right type, the expected value, and leaves its arguments
unchanged; a test can also require a new list rather than the argument itself.
A failed test lists its failing cases (up to a cap). Each call's time limit is
in CPU seconds of the child, set against the reference's CPU time for the same
call (assignment.cpu_limit); when to stop calling a function is give_up's to
decide.
"""
import json
from collections import Counter
from dataclasses import dataclass, field

from grader import assignment, reference
from grader.checks.function_cases import (FUNCTION_TESTS, cases_of, largest_reference_cpu,
                                          limit_reference_cpu)
from grader.checks.give_up import FATAL_STATUSES, WALL_TIMEOUT, CallLog, trouble_kind
from grader.results.outcome import Outcome
from grader.sandbox import Status, place_text, why_stopped_early

SHOWN_FAILURES = 4  # failing cases listed per test
SLOW_NOTE_CPU = 0.5  # CPU seconds from which a test names its slowest call
ANY_ORDER_NOTE = ("some calls returned the right words in another order than the word list's: "
                  "any order is accepted here (the course's own tester compares in order)")


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
        # a word the list holds twice: every copy is right, and so is one (the spec's "the
        # words in the input word list which could be the secret word" says neither)
        if Counter(value) not in (Counter(case.expected), Counter(set(case.expected))):
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


def cpu_text(seconds):
    """CPU seconds for people: 2.5 s, 40 ms, 0.02 ms."""
    if seconds is None:
        return "an unknown time"
    if seconds >= 1:
        return "%.1f s" % seconds
    if seconds >= 0.001:
        return "%.0f ms" % (seconds * 1000)
    return "%.2f ms" % (seconds * 1000) if seconds >= 0.00001 else "under 0.01 ms"


def timeout_problem(function, case, result, cpu_limit):
    """Why a call that timed out failed, with its measured CPU time against the reference's."""
    if result.waited is not None:
        return ("did not return: it waited %.1f s without computing (as in a sleep or a blocked "
                "read), and a call may wait %g s (a correct call computes, however slowly)%s"
                % (result.waited, assignment.WAIT_LIMIT, "" if result.stopped_at is None else
                   ": stopped at " + place_text(result.stopped_at)))
    if trouble_kind(result, cpu_limit) == WALL_TIMEOUT:
        return ("did not return within %g s of wall-clock time while using only %s of CPU "
                "(sleeping or waiting for something?)"
                % (assignment.wall_limit(cpu_limit), cpu_text(result.cpu_seconds)))
    limit = ("did not return within its CPU time limit of %s (the reference needs at most %s "
             "for a call of %s on input this large; the limit is %d times that, at least %s)"
             % (cpu_text(cpu_limit), cpu_text(limit_reference_cpu(function, case)),
                function.name, assignment.CPU_MULTIPLE, cpu_text(assignment.CPU_FLOOR)))
    if result.stopped_early:
        return "%s: %s" % (limit, why_stopped_early(result))
    if result.stopped_at is not None:
        return "%s: stopped at %s (an endless loop, or far too slow)" % (
            limit, place_text(result.stopped_at))
    return limit + ": an endless loop, or far too slow"


def largest_cpu_limit(function):
    """The most CPU time any call of function is given in its tests (its largest input's)."""
    return assignment.cpu_limit(largest_reference_cpu(function))


def call_problems(test, case, result, cpu_limit):
    """Why one call failed, as lines; an empty list when it passed."""
    if result.status == Status.OK:
        problems = value_problems(test, case, result.value)
        return problems + side_effect_problems(test, case, result)
    if result.status == Status.RAISED:
        return ["raised %s" % result.detail]
    if result.status == Status.TIMEOUT:
        return [timeout_problem(test.function, case, result, cpu_limit)]
    if result.status == Status.CRASHED:
        return ["the call ended the program: %s" % result.detail]
    if result.status == Status.BAD_VALUE:
        return ["returned something that is not plain data: %s" % result.detail]
    return ["%s: %s" % (result.status, result.detail)]


def slow_note(case, result):
    return ("its slowest call took %s of CPU time (the reference needs %s for it): %s"
            % (cpu_text(result.cpu_seconds), cpu_text(case.reference_cpu), case.call_text))


def call_key(args):
    """A call's arguments as a key (plain data: lists, strings)."""
    return json.dumps(args)


@dataclass
class FunctionTestRun:
    """What the function tests found: {test id: Outcome}, and each value a failed function
    returned, {function name: {call_key(args): value}} (what the games' rejudging holds the
    student's functions to)."""

    outcomes: dict
    answers: dict = field(default_factory=dict)

    def failed_functions(self, tests=FUNCTION_TESTS):
        """The names of the functions that failed at least one of their tests."""
        return {test.function.name for test in tests if test.spec.id in self.outcomes
                and not self.outcomes[test.spec.id].passed}


def run_test(box, test, log, wrong_lists=None, returned=None):
    """Run one test's cases through box; return its Outcome. With wrong_lists (a dict), the
    first call that returned a wrong list of words is kept there: {test id: (case, value)};
    with returned (a list), each call that returned is added to it as (args, value)."""
    cases = cases_of(test)
    function = test.function
    failures = []
    slowest = None  # (cpu seconds, case, result) of the slowest call that returned
    reordered = False  # a right list in another order than the reference's
    stopped = None  # why the test's last calls were not made
    log.start_test(test.spec.id)
    for index, case in enumerate(cases):
        reason = log.blocked(function)
        if reason is not None:
            if not failures:
                return Outcome.skipped(reason)
            stopped = "%s: the last %d of its calls were not made" % (reason, len(cases) - index)
            break
        cpu_limit = assignment.cpu_limit(limit_reference_cpu(function, case))
        result = box.call(function.module, function.name, list(case.args),
                          timeout=assignment.wall_limit(cpu_limit), cpu_limit=cpu_limit,
                          largest_limit=largest_cpu_limit(function))
        log.record(function, result, cpu_limit)
        if returned is not None and result.status == Status.OK:
            returned.append((case.args, result.value))
        if result.status in FATAL_STATUSES:
            return (Outcome.failed if failures else Outcome.skipped)(log.blocked(function))
        if result.status != Status.TIMEOUT and result.cpu_seconds is not None and (
                slowest is None or result.cpu_seconds > slowest[0]):
            slowest = (result.cpu_seconds, case, result)
        problems = call_problems(test, case, result, cpu_limit)
        if problems:
            failures.append((case, problems))
            if wrong_lists is not None and result.status == Status.OK and \
                    has_return_type(function, result.value):
                wrong_lists.setdefault(test.spec.id, (case, result.value))
        elif function.any_order and result.value != case.expected and \
                Counter(result.value) == Counter(case.expected):
            reordered = True
    notes = [slow_note(*slowest[1:])] if slowest and slowest[0] >= SLOW_NOTE_CPU else []
    if reordered:
        notes.append(ANY_ORDER_NOTE)
    if not failures:
        return Outcome(True, notes=["all %d calls right" % len(cases)] + notes)
    details = ["%d of %d calls wrong:" % (len(failures), len(cases))]
    for case, problems in failures[:SHOWN_FAILURES]:
        details.append(case.call_text)
        details.extend("    " + line for line in problems)
    if len(failures) > SHOWN_FAILURES:
        details.append("... and %d more wrong calls" % (len(failures) - SHOWN_FAILURES))
    if stopped:
        details.append(stopped)
    return Outcome(False, details, notes)


EXPLAINED_WORDS = 12  # wrong words of a filter call checked against the student's check_word


def base_explains(box, base, case, value, log):
    """A note when the words a filter call got wrong are exactly those the student's own
    check_word (base) mis-scores: each wrong word is in or out of the student's list just as
    the student's check_word, run on it and each clue's guess, says. None otherwise."""
    words, clues = case.args
    wrong = sorted(set(value) ^ set(case.expected))[:EXPLAINED_WORDS]
    check_word = reference.load().wordle.check_word
    example = None
    for word in wrong:
        fits = True
        for guess, clue in clues:
            if log.blocked(base):
                return None
            cpu_limit = assignment.CPU_FLOOR
            result = box.call(base.module, base.name, [word.upper(), guess],
                              timeout=assignment.wall_limit(cpu_limit), cpu_limit=cpu_limit,
                              largest_limit=largest_cpu_limit(base))
            if result.status != Status.OK:
                return None
            right = check_word(word.upper(), guess)
            if result.value != right and example is None:
                example = "check_word(%r, %r) returned %s instead of %s" % (
                    word.upper(), guess, shown(result.value, 80), shown(right, 80))
            fits = fits and result.value == clue
        if fits != (word in value):
            return None
    if example is None:
        return None
    return ("the words this call gets wrong are exactly the ones your check_word mis-scores (%s): "
            "fixing check_word may fix this too" % example)


def run_function_tests(box, tests=FUNCTION_TESTS):
    """Run the function tests (all of them unless given); return {test id: Outcome}."""
    return function_tests(box, tests).outcomes


def function_tests(box, tests=FUNCTION_TESTS, not_run=None):
    """Run the function tests (all of them unless given); return a FunctionTestRun.
    not_run: {module: why its functions are not called (its file does not import)}."""
    log = CallLog()
    for test in tests:
        if test.function.module in (not_run or {}):
            log.never_call(test.function, not_run[test.function.module])
    wrong_lists = {}
    returned = {}
    outcomes = {test.spec.id: run_test(box, test, log, wrong_lists,
                                       returned.setdefault(test.function.name, []))
                for test in tests}
    run = FunctionTestRun(outcomes)
    failed = run.failed_functions(tests)
    for name in failed:     # only a failed function answers for itself in the games
        run.answers[name] = {call_key(args): value for args, value in returned[name]}
    for test in tests:
        base = assignment.FUNCTIONS.get(test.function.builds_on)
        if base is None or base.name not in failed or test.spec.id not in wrong_lists:
            continue
        note = base_explains(box, base, *wrong_lists[test.spec.id], log)
        if note:
            outcomes[test.spec.id].notes.append(note)
    return run
