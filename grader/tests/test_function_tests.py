"""Function tests: the catalogue matches the course, and wrong answers are caught and explained."""
import dataclasses
import subprocess
import sys
import threading
from collections import Counter

import pytest

from grader import KIT_ROOT, assignment, grading, reference
from grader.checks import function_cases as F
from grader.checks import function_runner as R
from grader.checks.give_up import GIVE_UP_AFTER, NEVER_RETURNED_AFTER
from words import words
from grader.sandbox.child_reports import CallResult
from grader.sandbox import Status
from grader.tests.fakes import FakeBox, reference_functions


def run_with(**replacements):
    functions = reference_functions()
    functions.update(replacements)
    return R.run_function_tests(FakeBox(functions))


def looping_where(loops):
    """A FakeBox whose student functions time out at their CPU limit on the calls
    loops(function, args) picks, as an endless loop does, and answer as the reference's
    otherwise."""
    class LoopingBox(FakeBox):
        def call(self, module, function, args, timeout=2.0, cpu_limit=None,
                 largest_limit=None):
            if loops(function, args):
                self.calls.append((function, args))
                return CallResult(Status.TIMEOUT, cpu_seconds=cpu_limit)
            return super().call(module, function, args, timeout, cpu_limit)
    return LoopingBox(reference_functions())


def failed_ids(outcomes):
    return {test_id for test_id, outcome in outcomes.items() if not outcome.passed}


def text(outcome):
    return "\n".join(str(line) for line in outcome.details + outcome.notes)


def cases(test_id):
    return F.cases_of(next(t for t in F.FUNCTION_TESTS if t.spec.id == test_id))


def test_the_reference_passes_every_function_test():
    assert failed_ids(run_with()) == set()


def test_each_group_has_a_readable_number_of_tests():
    per_group = Counter(test.spec.group for test in F.FUNCTION_TESTS)
    assert per_group == {"check_word": 8, "known_word": 5, "no_letters": 5, "yes_letters": 5,
                         "filter_word_list": 6}


def test_cases_are_the_same_every_time_they_are_built():
    for test in F.FUNCTION_TESTS:
        assert test.make_cases() == list(F.cases_of(test))


COLOURS = {"green", "yellow", "grey"}


def spec_problem(clues, word_list, upper_words):
    """Why a clue list is not one the spec defines (a list of (guess, clue) tuples from a real
    game: guesses are words in capitals, clues 5 colours some secret of the list gives), or None."""
    check_word = reference.load().wordle.check_word
    if type(clues) is not list or any(type(item) is not tuple or len(item) != 2 for item in clues):
        return "not a list of tuples"
    for guess, clue in clues:
        if guess not in upper_words:
            return "guess %r is not a word in capitals" % guess
        if type(clue) is not list or len(clue) != 5 or not set(clue) <= COLOURS:
            return "clue %r is not 5 colours" % clue
    secrets = upper_words | {word.upper() for word in word_list}
    if clues and not any(all(check_word(secret, guess) == clue for guess, clue in clues)
                         for secret in secrets):
        return "no secret gives these clues"
    return None


def test_every_case_is_a_call_the_spec_defines():
    """Secrets and guesses are words in capitals, word lists lower case, clue lists as the spec
    shapes them. The official tester's ZUMBA (not in words.py) is the course's own call."""
    upper_words = {word.upper() for word in reference.load().words}
    problems = []
    for test in F.FUNCTION_TESTS:
        for case in F.cases_of(test):
            name = test.function.name
            if name == "check_word":
                problem = None if set(case.args) <= upper_words else "not words in capitals"
            elif name == "filter_word_list":
                word_list, clues = case.args
                problem = ("a word list not in lower case"
                           if any(word != word.lower() for word in word_list)
                           else spec_problem(clues, word_list, upper_words | {"ZUMBA"}))
            else:
                problem = spec_problem(case.args[0], (), upper_words | {"ZUMBA"})
            if problem:
                problems.append((test.spec.id, case.call_text[:60], problem))
    assert problems == []


def test_the_official_cases_give_the_courses_answers():
    filters = {len(case.args[1]): case.expected for case in cases("filter_word_list.official")
               if case.args[1] and case.args[1][0][0] == "RAISE"}
    assert len(filters[1]) == 39 and {"peris", "meris", "siver", "icers"} <= set(filters[1])
    assert sorted(filters[2]) == ["meris", "peris"] and filters[3] == ["peris"]
    no_letters = {repr(c.args[0]): c.expected for c in cases("no_letters.official")}
    assert no_letters[repr([("BOOKS", ["grey", "yellow", "grey", "grey", "green"])])] == "BK"
    known = [c.expected for c in cases("known_word.official")]
    assert known[:4] == ["_____", "_____", "____D", "LERED"] and known[-1] == "AUNTS"
    pairs = {c.args: c.expected for c in cases("check_word.official")}
    assert pairs[("ROBOT", "REORG")] == ["green", "grey", "yellow", "grey", "grey"]


def test_repeated_letter_tests_really_hold_their_shape():
    for case in cases("check_word.left_to_right"):
        secret, guess = case.args
        assert any(guess.count(l) == 2 and secret.count(l) == 1 for l in set(guess))
    for case in cases("check_word.triple_letters"):
        assert max(Counter(case.args[0] + "").values()) >= 3 or \
            max(Counter(case.args[1]).values()) >= 3
    for case in cases("no_letters.grey_copy_before"):
        (guess, clue), = case.args[0]
        assert any(clue[guess.index(l)] == "grey" and "grey" != clue[guess.rindex(l)]
                   for l in set(guess) if guess.count(l) > 1)


def test_clue_lists_come_from_real_games():
    for test in F.FUNCTION_TESTS:
        if test.function.return_type is str:
            for case in F.cases_of(test):
                clues = case.args[0]
                assert any(all(reference.load().wordle.check_word(w.upper(), g) == c for g, c in clues)
                           for w in reference.load().words), case.call_text


def naive_check_word(secret, guess):
    """Yellow whenever the letter is anywhere in the secret (ERROR against ROVER)."""
    return ["green" if g == s else "yellow" if g in secret else "grey"
            for s, g in zip(secret, guess)]


def test_a_naive_check_word_fails_the_repeated_letter_tests_and_says_why():
    outcomes = run_with(check_word=naive_check_word)
    failed = failed_ids(outcomes)
    assert {"check_word.left_to_right", "check_word.green_first",
            "check_word.official"} <= failed
    assert "check_word.distinct_letters" not in failed
    explanation = text(outcomes["check_word.left_to_right"])
    assert "check_word('CRANE', 'BEEPS')" in explanation
    assert "expected ['grey', 'yellow', 'grey', 'grey', 'grey']" in explanation
    assert "got      ['grey', 'yellow', 'yellow', 'grey', 'grey']" in explanation


def test_a_filter_built_on_a_wrong_check_word_points_to_check_word():
    def filter_with_naive_check(words, clues):
        return [w for w in words if all(naive_check_word(w.upper(), g) == c for g, c in clues)]
    outcomes = run_with(check_word=naive_check_word, filter_word_list=filter_with_naive_check)
    assert "fixing check_word may fix this too" in text(outcomes["filter_word_list.official"])


def test_returning_a_list_instead_of_a_string_fails_with_an_explanation():
    outcomes = run_with(known_word=lambda clues: list(reference.load().wordle.known_word(clues)))
    assert failed_ids(outcomes) == {t.spec.id for t in F.FUNCTION_TESTS
                                    if t.function.name == "known_word"}
    assert "expected a string, got a list" in text(outcomes["known_word.official"])


def test_a_tuple_is_not_a_list():
    outcomes = run_with(check_word=lambda s, g: tuple(reference.load().wordle.check_word(s, g)))
    assert "expected a list of 5 strings, got a tuple" in text(outcomes["check_word.official"])


def test_returning_the_input_list_fails_only_the_new_list_test():
    def lazy_filter(words, clues):
        if not clues:
            return words
        return reference.load().easy_wordle.filter_word_list(words, clues)
    outcomes = run_with(filter_word_list=lazy_filter)
    assert failed_ids(outcomes) == {"filter_word_list.new_list"}
    assert "returned the list it was given ('words')" in text(outcomes["filter_word_list.new_list"])


def test_changing_the_input_is_caught():
    def destructive_filter(words, clues):
        keep = reference.load().easy_wordle.filter_word_list(words, clues)
        words[:] = keep
        return list(keep)
    outcomes = run_with(filter_word_list=destructive_filter)
    assert "it changed its argument 'words'" in text(outcomes["filter_word_list.official"])

    def clue_eater(clues):
        answer = reference.load().wordle.yes_letters(clues)
        clues.clear()
        return answer
    outcomes = run_with(yes_letters=clue_eater)
    assert "it changed its argument 'clues'" in text(outcomes["yes_letters.official"])


def test_results_may_come_in_any_order():
    outcomes = run_with(filter_word_list=lambda words, clues: list(reversed(
        reference.load().easy_wordle.filter_word_list(words, clues))))
    assert failed_ids(outcomes) == set()
    assert R.ANY_ORDER_NOTE in outcomes["filter_word_list.official"].notes
    assert R.ANY_ORDER_NOTE not in run_with()["filter_word_list.official"].notes


def test_a_word_the_list_holds_twice_may_come_back_every_time_or_once():
    """The spec's "the words in the input word list which could be the secret word" says
    neither; more copies, or none, is wrong; a filter that loops on such a list fails."""
    reference_filter = reference.load().easy_wordle.filter_word_list

    def once_each(words, clues):
        return list(dict.fromkeys(reference_filter(words, clues)))

    def thrice(words, clues):
        found = reference_filter(words, clues)
        return found + [word for word in found if found.count(word) > 1]

    def none_of_them(words, clues):
        return [word for word in reference_filter(words, clues) if words.count(word) == 1]

    assert any(len(set(case.args[0])) < len(case.args[0]) and
               len(set(case.expected)) < len(case.expected)
               for case in cases("filter_word_list.foreign_lists"))
    once = run_with(filter_word_list=once_each)
    assert failed_ids(once) == set()
    assert R.ANY_ORDER_NOTE not in once["filter_word_list.foreign_lists"].notes
    for wrong in (thrice, none_of_them):
        assert failed_ids(run_with(filter_word_list=wrong)) == {"filter_word_list.foreign_lists"}

    outcomes = R.run_function_tests(looping_where(
        lambda function, args: function == "filter_word_list" and
        len(set(args[0])) < len(args[0])))
    assert failed_ids(outcomes) == {"filter_word_list.foreign_lists"}


def flips_between_copies(secret, guess):
    """A student's check_word (the corpus's cw_loops_on_a_letter_three_times_in_both) that
    takes a yellow's copy of the secret from its first copy or, taken, its last, back and
    forth: None where it would go on for ever (the first and last taken, the middle free)."""
    result, used = ["grey"] * 5, [False] * 5
    for i in range(5):
        if guess[i] == secret[i]:
            result[i], used[i] = "green", True
    for i in range(5):
        letter = guess[i]
        if result[i] != "green" and any(secret[j] == letter and not used[j] for j in range(5)):
            result[i] = "yellow"
            j = secret.find(letter)
            for _ in range(10):
                if not used[j]:
                    break
                j = secret.rfind(letter) if j == secret.find(letter) else secret.find(letter)
            else:
                return None
            used[j] = True
    return result


def test_the_triple_letter_test_has_a_letter_three_times_in_both_words():
    """GEESE against EERIE: the secret's first and last E taken before its middle one."""
    check_word = reference.load().wordle.check_word
    assert all(flips_between_copies(*pair) in (None, check_word(*pair))
               for pair in F.find_pairs("flips", 2000, lambda secret, guess: True))
    outcomes = R.run_function_tests(looping_where(
        lambda function, args: function == "check_word" and
        flips_between_copies(*args) is None))
    assert failed_ids(outcomes) == {"check_word.triple_letters"}
    assert "check_word('GEESE', 'EERIE')" in text(outcomes["check_word.triple_letters"])


def test_extra_and_missing_words_are_named():
    def letter_filter(words, clues):
        return [w for w in words if all(
            all((c != "green" or w.upper()[i] == g[i]) and (c != "grey" or g[i] not in w.upper())
                for i, c in enumerate(clue)) for g, clue in clues)]
    outcome = run_with(filter_word_list=letter_filter)["filter_word_list.repeated_letters"]
    assert not outcome.passed
    assert "missing (possible, not returned)" in text(outcome) or "extra (returned" in text(outcome)


def test_a_missing_function_is_explained_once_per_test():
    functions = reference_functions()
    del functions["no_letters"]
    outcomes = R.run_function_tests(FakeBox(functions))
    assert failed_ids(outcomes) == {t.spec.id for t in F.FUNCTION_TESTS
                                    if t.function.name == "no_letters"}
    assert outcomes["no_letters.official"].details == [
        "wordle.py has no function no_letters (check the name and that it is not inside another "
        "block)"]


def test_a_function_that_never_returns_is_given_up_after_two_tests():
    box = FakeBox(dict(reference_functions(), check_word=CallResult(Status.TIMEOUT, detail="slow")))
    outcomes = R.run_function_tests(box)
    first, second, *rest = [t.spec.id for t in F.FUNCTION_TESTS if t.function.name == "check_word"]
    calls = sum(1 for name, _ in box.calls if name == "check_word")
    assert calls == NEVER_RETURNED_AFTER == 2 * GIVE_UP_AFTER   # bounded, two tests tried
    reason = ("check_word was not called again in this grading: none of its calls ever "
              "returned, and 4 went over their CPU time limit or crashed (2 in %s, 2 in %s)"
              % (first, second))
    assert "not called again in this test after 2 timeouts" in text(outcomes[first])
    assert reason + ": the last %d of its calls were not made" % (len(cases(second)) - 2) in text(
        outcomes[second])
    for test_id in (first, second):
        assert "did not return within its CPU time limit" in text(outcomes[test_id])
    for test_id in rest:
        assert outcomes[test_id].details == [reason]


def test_a_function_that_only_crashes_is_given_up_after_two_tests():
    box = FakeBox(dict(reference_functions(), yes_letters=CallResult(
        Status.CRASHED, detail="the child process exited with status 1")))
    outcomes = R.run_function_tests(box)
    first, second, *rest = [t.spec.id for t in F.FUNCTION_TESTS if t.function.name == "yes_letters"]
    assert sum(1 for name, _ in box.calls if name == "yes_letters") == NEVER_RETURNED_AFTER
    for test_id in rest:
        assert "none of its calls ever returned, and 4 went over their CPU time limit or " \
               "crashed" in text(outcomes[test_id])
    assert all(outcomes[t.spec.id].passed for t in F.FUNCTION_TESTS
               if t.function.name != "yes_letters")


def test_once_restarting_the_student_s_code_is_too_slow_no_call_is_made_naming_the_tests():
    spent = CallResult(Status.RESTARTS_SPENT, detail=(
        "the student's code was started again 2 times after calls that crashed or timed out, "
        "and importing it again took 18.0 s of wall-clock time in all (at most 10 s are spent "
        "on that)"))

    class Restarting(FakeBox):
        def call(self, module, function, args, timeout=2.0, cpu_limit=None,
                 largest_limit=None):
            crashes = sum(1 for name, _ in self.calls if name == "check_word")
            if function == "check_word" and crashes >= 2:   # the third call
                self.calls.append((function, args))
                return spent
            return super().call(module, function, args, timeout, cpu_limit)

    box = Restarting(dict(reference_functions(), check_word=CallResult(
        Status.CRASHED, detail="the child process exited with status 1")))
    outcomes = R.run_function_tests(box)
    second = [t.spec.id for t in F.FUNCTION_TESTS if t.function.name == "check_word"][1]
    reason = text(outcomes[second])
    assert sum(1 for name, _ in box.calls if name == "check_word") == 3
    assert "check_word was not called again in this grading: calls that crashed or timed " \
           "out (in check_word.official) each started the student's code again, and it was " \
           "started again 2 times" in reason


def test_a_function_that_returned_once_is_given_up_per_test_only():
    returned = []

    def loops_after_one_call(secret, guess):
        if returned:
            raise TimeoutError
        returned.append(secret)
        return reference.load().wordle.check_word(secret, guess)

    class TimingOutBox(FakeBox):
        def call(self, module, function, args, timeout=2.0, cpu_limit=None,
                 largest_limit=None):
            result = super().call(module, function, args, timeout, cpu_limit)
            if result.status == Status.RAISED:
                return CallResult(Status.TIMEOUT, cpu_seconds=cpu_limit)
            return result

    box = TimingOutBox(dict(reference_functions(), check_word=loops_after_one_call))
    outcomes = R.run_function_tests(box)
    check_word_tests = [t for t in F.FUNCTION_TESTS if t.function.name == "check_word"]
    calls = sum(1 for name, _ in box.calls if name == "check_word")
    assert calls == 1 + GIVE_UP_AFTER * len(check_word_tests)   # every test tried
    for test in check_word_tests:
        assert "not called again in this test after 2 timeouts" in text(outcomes[test.spec.id])
    assert "in this grading" not in "".join(text(outcome) for outcome in outcomes.values())


def test_a_function_looping_on_repeated_letters_keeps_its_other_tests():
    outcomes = R.run_function_tests(looping_where(
        lambda function, args: function == "check_word" and len(set(args[1])) < 5))
    assert outcomes["check_word.distinct_letters"].passed
    assert not outcomes["check_word.triple_letters"].passed
    assert "not called again in this test after 2 timeouts" in text(
        outcomes["check_word.triple_letters"])


def test_a_call_that_waits_past_the_wall_clock_net_gives_the_function_up():
    box = FakeBox(dict(reference_functions(),
                       known_word=CallResult(Status.TIMEOUT, cpu_seconds=0.01)))
    outcomes = R.run_function_tests(box)
    assert sum(1 for name, _ in box.calls if name == "known_word") == GIVE_UP_AFTER
    assert "sleeping or waiting" in text(outcomes["known_word.official"])
    assert "calls that waited without computing" in text(outcomes["known_word.no_greens"])


def test_calls_get_cpu_limits_set_against_the_reference_and_a_wall_net_far_above():
    class Recorder(FakeBox):
        limits = []

        def call(self, module, function, args, timeout=2.0, cpu_limit=None,
                 largest_limit=None):
            self.limits.append((function, cpu_limit, timeout))
            return super().call(module, function, args, timeout, cpu_limit)

    box = Recorder(reference_functions())
    R.run_function_tests(box)
    assert all(cpu >= assignment.CPU_FLOOR and wall >= 10 * cpu for _, cpu, wall in box.limits)
    filter_limit = max(cpu for name, cpu, _ in box.limits if name == "filter_word_list")
    slowest = max(c.reference_cpu for t in F.FUNCTION_TESTS if t.function.name == "filter_word_list"
                  for c in F.cases_of(t))
    assert filter_limit == assignment.cpu_limit(slowest) >= 100 * slowest


def test_slow_calls_are_named_by_their_cpu_time_against_the_reference():
    class Slow(FakeBox):
        def call(self, *args, **kwargs):
            result = super().call(*args, **kwargs)
            result.cpu_seconds = 0.7
            return result

    outcome = R.run_function_tests(Slow(reference_functions()))["known_word.official"]
    assert outcome.passed and "slowest call took 700 ms of CPU time (the reference needs" in text(outcome)


def test_an_error_is_reported_with_the_call():
    def crashing(clues):
        if len(clues) > 2:
            raise IndexError("list index out of range")
        return reference.load().wordle.no_letters(clues)
    outcome = run_with(no_letters=crashing)["no_letters.one_guess_at_a_time"]
    assert "raised IndexError: list index out of range" in text(outcome)
    assert text(outcome).splitlines()[1].startswith("no_letters([(")


@pytest.mark.parametrize("count", [1, 4, 9])
def test_failures_are_listed_up_to_a_cap(count):
    wrong = set([c.args for c in cases("check_word.random_pairs")
                 if c.expected != ["grey"] * 5][:count])
    outcome = run_with(check_word=lambda s, g: ["grey"] * 5 if (s, g) in wrong
                       else reference.load().wordle.check_word(s, g))["check_word.random_pairs"]
    assert outcome.details[0] == "%d of 100 calls wrong:" % count
    shown = sum(1 for line in outcome.details if str(line).startswith("check_word("))
    assert shown == min(count, R.SHOWN_FAILURES)
    assert ("more wrong calls" in text(outcome)) == (count > R.SHOWN_FAILURES)


def test_cases_do_not_depend_on_the_hash_seed_of_the_process(tmp_path):
    digest = ("import hashlib; from grader.checks import function_cases as F; print(hashlib.sha256(repr("
              "[F.cases_of(t) for t in F.FUNCTION_TESTS]).encode()).hexdigest())")
    outputs = {subprocess.run([sys.executable, "-c", digest], capture_output=True, text=True,
                              env={"PYTHONHASHSEED": seed, "PYTHONPATH": str(KIT_ROOT),
                                   "WORDLE_KIT_CACHE": str(tmp_path / seed)},  # built, not read
                              check=True).stdout for seed in ("1", "2")}
    assert len(outputs) == 1


def filter_with(check_word):
    def filter_word_list(words, clues):
        return [w for w in words if all(check_word(w.upper(), g) == c for g, c in clues)]
    return filter_word_list


def test_check_word_is_named_as_the_cause_only_when_it_explains_the_wrong_words():
    outcomes = run_with(check_word=naive_check_word,
                        filter_word_list=filter_with(naive_check_word))
    outcome = outcomes["filter_word_list.repeated_letters"]
    assert not outcome.passed
    assert "exactly the ones your check_word mis-scores" in text(outcome)
    assert "fixing check_word may fix this too" in text(outcome)


def test_check_word_is_not_blamed_for_a_filter_that_fails_for_its_own_reasons():
    def letter_filter(words, clues):
        return [w for w in words if all(
            all((c != "green" or w.upper()[i] == g[i]) and (c != "grey" or g[i] not in w.upper())
                for i, c in enumerate(clue)) for g, clue in clues)]
    outcomes = run_with(check_word=naive_check_word, filter_word_list=letter_filter)
    failed = [o for o in outcomes.values() if not o.passed]
    assert outcomes["check_word.double_in_both"].passed is False
    assert not any("fixing check_word" in text(o) for o in failed)
    correct_filter = run_with(check_word=naive_check_word)
    assert not any("fixing check_word" in text(o) for o in correct_filter.values())


def test_in_threads_runs_the_tasks_beside_this_thread_and_passes_on_their_errors():
    names = {}
    results, here = grading.in_threads(
        {key: (lambda key=key: names.setdefault(key, threading.current_thread().name))
         for key in ("wordle", "easy_wordle")}, meanwhile=lambda: threading.current_thread().name)
    assert results == {"wordle": "wordle", "easy_wordle": "easy_wordle"}
    assert here == threading.main_thread().name

    def fails():
        raise ValueError("in a thread")
    with pytest.raises(ValueError, match="in a thread"):
        grading.in_threads({"bad": fails, "good": lambda: 1})


def test_a_call_s_limit_is_set_against_the_reference_s_slowest_call_on_input_no_larger():
    """filter_word_list(words, []) takes the reference about 1 ms (it checks nothing), but a
    correct filter may go through the list its own way: it gets the whole list's limit; a
    call on a short list does not get a long list's."""
    function = assignment.FUNCTIONS["filter_word_list"]
    cases = [case for test in F.FUNCTION_TESTS if test.function is function
             for case in F.cases_of(test)]
    whole = [case for case in cases if F.input_size(case.args) == len(words)]
    no_clues = next(case for case in whole if case.args[1] == [])
    slowest_whole = max(case.reference_cpu for case in whole)
    assert no_clues.reference_cpu < slowest_whole / 5
    assert F.limit_reference_cpu(function, no_clues) == slowest_whole
    short = min(cases, key=lambda case: F.input_size(case.args))
    assert F.limit_reference_cpu(function, short) < slowest_whole
    assert all(F.limit_reference_cpu(function, case) >= case.reference_cpu for case in cases)
