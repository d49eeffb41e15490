"""Function tests: the five required functions, case by case, against the reference.

Every case is a call with plain-data arguments; its expected value comes from
the kit's reference solution, computed here in the trusted process. The
student's function is called through the sandbox (``box.call``), so only
plain data comes back. A case passes when the call returns without error, a
value of exactly the right type, the expected value, and leaves its arguments
unchanged; a ``filter_word_list`` test can also require a new list rather
than the argument itself.

Cases are grouped into named tests (several per rubric group) so a report
stays readable; a failed test lists its failing cases (up to a cap).
"""
import functools
import random
import re
import time
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from grader import reference
from grader.checks import expected_cache
from grader.results.outcome import Outcome, TestSpec
from grader.sandbox.child.codec import Status

CALL_TIMEOUT = 2.0  # seconds for one call of a clue function
FILTER_TIMEOUT = 5.0  # filter_word_list goes over up to 14,855 words
SHOWN_FAILURES = 4  # failing cases listed per test
GIVE_UP_AFTER = 2  # timeouts, crashes or memory errors of one function before its other calls are skipped
# Wall seconds all calls of one function may take (correct code needs a fraction of this),
# so that a function that is merely very slow, or returns huge values, cannot stall grading.
TIME_BUDGET = {"filter_word_list": 30.0}
DEFAULT_TIME_BUDGET = 6.0

WORDS = reference.WORDS
UPPER_WORDS = tuple(word.upper() for word in WORDS)


@dataclass(frozen=True)
class Case:
    """One call: its arguments, the reference's answer, and how to show the call."""

    args: tuple
    expected: object
    call_text: str


@dataclass(frozen=True)
class FunctionTest:
    """A named test: calls of one student function, built lazily by ``make_cases``."""

    spec: TestSpec
    module: str
    function: str
    make_cases: Callable
    requires_new_list: bool = False


# ---------------------------------------------------------------- words and games

def clue_of(secret, guess):
    """The reference clue for guess when the secret is secret (both upper case)."""
    return reference.wordle.check_word(secret, guess)


def game(secret, guesses):
    """The clue list a player builds guessing guesses against secret."""
    return [(guess, clue_of(secret, guess)) for guess in guesses]


def repeated_letters(word):
    """The letters that occur more than once in word, in alphabetical order (a set's order
    would change from run to run, and the cases must not)."""
    return sorted(letter for letter, count in Counter(word).items() if count > 1)


def find_pairs(seed, count, wanted):
    """Up to count distinct (secret, guess) pairs of upper-case words with wanted(secret, guess).

    Deterministic: the pairs depend only on seed and the word list.
    """
    rng = random.Random(seed)
    pairs = []
    for _ in range(400_000):
        pair = (rng.choice(UPPER_WORDS), rng.choice(UPPER_WORDS))
        if pair not in pairs and wanted(*pair):
            pairs.append(pair)
            if len(pairs) == count:
                break
    return pairs


def prefixes(clues):
    """The clue list grown one guess at a time: [], [c1], [c1, c2], ..."""
    return [clues[:n] for n in range(len(clues) + 1)]


# ---------------------------------------------------------------- cases

def check_word_cases(pairs):
    return [Case((secret, guess), clue_of(secret, guess),
                 "check_word(%r, %r)" % (secret, guess)) for secret, guess in pairs]


def clue_function_cases(name, clue_lists):
    function = getattr(reference.wordle, name)
    return [Case((clues,), function(clues), "%s(%r)" % (name, clues)) for clues in clue_lists]


def filter_cases(word_list, list_text, clue_lists):
    """Cases of filter_word_list on one word list (shown as list_text) for each clue list."""
    function = reference.easy_wordle.filter_word_list
    return [Case((list(word_list), clues), function(list(word_list), clues),
                 "filter_word_list(%s, %r)" % (list_text, clues)) for clues in clue_lists]


OFFICIAL_CHECK_WORD = [
    ("LERED", "RADIO"), ("LERED", "DRUID"), ("LERED", "LERED"), ("PERIS", "RAISE"),
    ("OPENS", "EPICS"), ("MISTS", "MISTY"), ("ELUDE", "LEDGE"), ("CRANE", "BEEPS"),
    ("ROBOT", "REORG"), ("BOOKS", "SHOES"),
]

# The official tester's clue lists, each grown one guess at a time.
OFFICIAL_GAMES = {
    "known_word": [("LERED", ["RADIO", "DRUID", "LERED"]),
                   ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY", "AUNTS"])],
    "no_letters": [("LERED", ["RADIO", "DRUID", "LERED"]),
                   ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS", "HIPPO", "SOCKS"])],
    "yes_letters": [("LERED", ["RADIO", "DRUID", "LERED"]),
                    ("ELBOW", ["BOOKS", "ELECT"])],
}
# Clue lists of the official tester that are not prefixes of a game above.
OFFICIAL_EXTRA_CLUES = {
    "known_word": [],
    "no_letters": [[("BOOKS", ["grey", "yellow", "grey", "grey", "green"])]],
    "yes_letters": [[("BEBOP", ["grey", "yellow", "green", "green", "grey"])]],
}


def official_clue_lists(name):
    lists = []
    for secret, guesses in OFFICIAL_GAMES[name]:
        lists.extend(prefixes(game(secret, guesses))[1 if lists else 0:])
    return lists + OFFICIAL_EXTRA_CLUES[name]


def official_filter_cases():
    """The official tester's filter_word_list calls: clue lists on the full word list."""
    clue_lists = [[]]
    for secret, guesses, sizes in [("PERIS", ["RAISE", "SERIF", "MERIS"], (1, 2, 3)),
                                   ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY", "AUNTS"], (1, 4, 5)),
                                   ("BUMPS", ["YELPS", "ZUMBA", "YELPS"], (2, 3)),
                                   ("LERED", ["RADIO", "DRUID", "LERED"], (2, 3)),
                                   ("ELBOW", ["BOOKS", "ELECT"], (2,)),
                                   ("ELBOW", ["BEBOP"], (1,))]:
        clues = game(secret, guesses)
        clue_lists.extend(clues[:size] for size in sizes)
    apple = [("APPLE", ["green", "grey", "grey", "grey", "grey"])]
    return (filter_cases(WORDS, "words", clue_lists)
            + filter_cases(["aaaaa", "bbbbb", "ccccc", "ddddd"],
                           "['aaaaa', 'bbbbb', 'ccccc', 'ddddd']", [apple]))


# --- check_word

def letter_once_in_secret_twice_in_guess(green_copy):
    """wanted(secret, guess): a letter twice in guess, once in secret, with or without a green copy."""
    def wanted(secret, guess):
        for letter in repeated_letters(guess):
            if guess.count(letter) == 2 and secret.count(letter) == 1:
                has_green = any(guess[i] == letter == secret[i] for i in range(5))
                if has_green == green_copy:
                    return True
        return False
    return wanted


def check_word_distinct_cases():
    distinct = find_pairs("check_word.distinct", 18,
                          lambda s, g: len(set(s)) == 5 and len(set(g)) == 5 and s != g)
    return check_word_cases([("CRANE", "CRANE"), ("OCTAL", "BUMPY")] + distinct)


def check_word_yellow_left_to_right_cases():
    found = find_pairs("check_word.left_to_right", 18, letter_once_in_secret_twice_in_guess(False))
    return check_word_cases([("CRANE", "BEEPS"), ("OCTAL", "BOOKS")] + found)


def check_word_green_first_cases():
    found = find_pairs("check_word.green_first", 18, letter_once_in_secret_twice_in_guess(True))
    return check_word_cases([("LERED", "DRUID"), ("ROVER", "ERROR")] + found)


def check_word_double_in_secret_cases():
    def wanted(secret, guess):
        return any(guess.count(letter) == 1 for letter in repeated_letters(secret))
    found = find_pairs("check_word.double_in_secret", 18, wanted)
    return check_word_cases([("MISTS", "MISTY"), ("ERROR", "ROVER")] + found)


def check_word_double_in_both_cases():
    def wanted(secret, guess):
        return bool(set(repeated_letters(secret)) & set(repeated_letters(guess))) and secret != guess
    found = find_pairs("check_word.double_in_both", 16, wanted)
    return check_word_cases([("STEDS", "ISSUE"), ("ISSUE", "STEDS"), ("OUTGO", "BOOKS"),
                             ("ELUDE", "LEDGE")] + found)


def check_word_triple_cases():
    def has_triple(word):
        return max(Counter(word).values()) >= 3

    def wanted(secret, guess):
        triples = [w for w in (secret, guess) if has_triple(w)]
        shared = set(secret) & set(guess)
        return len(triples) == 1 and any(triples[0].count(letter) >= 3 for letter in shared)
    found = find_pairs("check_word.triple", 16, wanted)
    return check_word_cases([("XVIII", "IMIDE"), ("SISSY", "ISSEI"), ("ESSES", "SASSY"),
                             ("SASSY", "ESSES")] + found)


def check_word_random_cases():
    return check_word_cases(find_pairs("check_word.random", 100, lambda s, g: True))


# --- known_word, no_letters, yes_letters

def clue_lists(seed, count, length, wanted=None):
    """count clue lists of length guesses against a random secret each.

    Every guess's clue satisfies wanted(guess, clue) when wanted is given.
    """
    rng = random.Random(seed)
    lists = []
    while len(lists) < count:
        secret = rng.choice(UPPER_WORDS)
        clues = []
        for _ in range(2000):
            guess = rng.choice(UPPER_WORDS)
            clue = clue_of(secret, guess)
            if guess != secret and (wanted is None or wanted(guess, clue)):
                clues.append((guess, clue))
                if len(clues) == length:
                    lists.append(clues)
                    break
    return lists


def grown(lists):
    """Every clue list grown one guess at a time (the empty list once)."""
    result = [[]]
    for clues in lists:
        result.extend(prefixes(clues)[1:])
    return result


def no_green(guess, clue):
    return "green" not in clue


def all_grey(guess, clue):
    return clue == ["grey"] * 5


def distinct_letters(guess, clue):
    return len(set(guess)) == 5


def repeated_letter_found(guess, clue):
    """A repeated letter of the guess with at least one yellow or green copy."""
    return any(clue[i] != "grey" and guess[i] in repeated_letters(guess) for i in range(5))


def grey_copy_of_found_letter(grey_first):
    """wanted: a letter with a grey copy and a yellow/green copy, the grey one first (or not)."""
    def wanted(guess, clue):
        for letter in repeated_letters(guess):
            colours = [clue[i] for i in range(5) if guess[i] == letter]
            if "grey" in colours and set(colours) != {"grey"}:
                return (colours[0] == "grey") == grey_first
        return False
    return wanted


def green_then_lost(seed, count):
    """Clue lists where a position green in the first guess is not green in the last one."""
    def lost(clues):
        return any(clues[0][1][i] == "green" and clues[-1][1][i] != "green" for i in range(5))
    return [clues for clues in clue_lists(seed, 10 * count, 2) if lost(clues)][:count]


def reverse_alphabetical(seed, count):
    """Clue lists whose found letters come in reverse alphabetical order."""
    def unsorted(clues):
        letters = [guess[i] for guess, clue in clues for i in range(5) if clue[i] != "grey"]
        return len(set(letters)) >= 2 and letters != sorted(letters)
    return [clues for clues in clue_lists(seed, 6 * count, 2) if unsorted(clues)][:count]


# --- filter_word_list

def every_nth_word(step):
    """A slice of the word list and how a student would write it."""
    return WORDS[::step], "words[::%d]" % step


def filter_full_list_cases():
    lists = [game(secret, guesses) for secret, guesses in
             [("SHIRE", ["ADIEU"]), ("GECKO", ["TRAIN", "SLOTH"]), ("MAMMA", ["LLAMA", "MADAM"])]]
    return filter_cases(WORDS, "words", lists)


def filter_repeated_letters_cases():
    word_list, text = every_nth_word(3)
    lists = clue_lists("filter.repeated", 6, 2, grey_copy_of_found_letter(False))
    lists += clue_lists("filter.repeated.before", 3, 1, grey_copy_of_found_letter(True))
    lists += [game("ELBOW", ["BOOKS"]), game("SPOOL", ["BOOKS"]), game("LOOPS", ["POLOS"])]
    return filter_cases(word_list, text, lists)


FOREIGN_LIST = ["aaaaa", "abbey", "zzzzz", "qwert", "proxy", "broom", "rooms", "groom",
                "mooms", "xviii", "boost", "boots", "stoob", "zumba", "kayak"]


def filter_foreign_list_cases():
    lists = [game(secret, guesses) for secret, guesses in
             [("BROOM", ["BOOKS"]), ("BOOST", ["ROOMS"]), ("ZUMBA", ["ABBEY"]),
              ("KAYAK", ["QWERT"]), ("ZZZZZ", ["AAAAA"]), ("PROXY", ["GROOM", "BROOM"])]]
    upper_list = [word.upper() for word in FOREIGN_LIST]
    return (filter_cases(FOREIGN_LIST, repr(FOREIGN_LIST), lists)
            + filter_cases(upper_list, repr(upper_list), lists[:2])
            + filter_cases([], "[]", lists[:1]))


def filter_new_list_cases():
    word_list, text = every_nth_word(5)
    short = ["crane", "slate", "lered", "peris", "meris"]
    return (filter_cases(word_list, text, [[], game("SLATE", ["CRANE"])])
            + filter_cases(short, repr(short), [[], game("PERIS", ["RAISE"])]))


def filter_grown_cases():
    word_list, text = every_nth_word(4)
    return filter_cases(word_list, text, grown(clue_lists("filter.grown", 2, 4))[1:])


# ---------------------------------------------------------------- the catalogue

def _test(function, key, name, make_cases, requires_new_list=False):
    module = "easy_wordle" if function == "filter_word_list" else "wordle"
    spec = TestSpec("%s.%s" % (function, key), function, "%s: %s" % (function, name))
    return FunctionTest(spec, module, function, make_cases, requires_new_list)


def _clue_test(function, key, name, make_lists):
    return _test(function, key, name, lambda: clue_function_cases(function, make_lists()))


def _official_clue_test(function):
    return _clue_test(function, "official", "the official tester's cases",
                      lambda: official_clue_lists(function))


def _grown_clue_test(function):
    return _clue_test(function, "one_guess_at_a_time",
                      "random games, the clue list grown one guess at a time",
                      lambda: grown(clue_lists(function + ".grown", 4, 5)))


FUNCTION_TESTS = (
    _test("check_word", "official", "the official tester's cases",
          lambda: check_word_cases(OFFICIAL_CHECK_WORD)),
    _test("check_word", "distinct_letters", "words without repeated letters",
          check_word_distinct_cases),
    _test("check_word", "left_to_right", "a letter twice in the guess, once in the secret: "
          "only the first copy is yellow", check_word_yellow_left_to_right_cases),
    _test("check_word", "green_first", "a letter twice in the guess, once in the secret and "
          "in place: green wins over yellow", check_word_green_first_cases),
    _test("check_word", "double_in_secret", "a letter twice in the secret",
          check_word_double_in_secret_cases),
    _test("check_word", "double_in_both", "a letter repeated in both words",
          check_word_double_in_both_cases),
    _test("check_word", "triple_letters", "a letter three times", check_word_triple_cases),
    _test("check_word", "random_pairs", "random pairs from the word list",
          check_word_random_cases),

    _official_clue_test("known_word"),
    _clue_test("known_word", "no_greens", "no clues, or no green clues",
               lambda: [[]] + clue_lists("known_word.no_greens", 4, 3, no_green)),
    _grown_clue_test("known_word"),
    _clue_test("known_word", "repeated_letters", "guesses with a repeated letter",
               lambda: clue_lists("known_word.repeated", 8, 2, repeated_letter_found)),
    _clue_test("known_word", "green_stays_known", "a green stays known when a later guess "
               "misses it", lambda: green_then_lost("known_word.kept", 8)),

    _official_clue_test("no_letters"),
    _clue_test("no_letters", "distinct_letters", "no clues, and guesses without repeated letters",
               lambda: grown(clue_lists("no_letters.distinct", 2, 3, distinct_letters))),
    _grown_clue_test("no_letters"),
    _clue_test("no_letters", "grey_copy_after", "a grey copy after a yellow or green copy of the "
               "same letter (the letter is in the word)",
               lambda: clue_lists("no_letters.after", 8, 1, grey_copy_of_found_letter(False))),
    _clue_test("no_letters", "grey_copy_before", "a grey copy before a yellow or green copy of "
               "the same letter (the letter is in the word)",
               lambda: clue_lists("no_letters.before", 8, 1, grey_copy_of_found_letter(True))),

    _official_clue_test("yes_letters"),
    _clue_test("yes_letters", "all_grey", "no clues, or only grey clues",
               lambda: [[]] + clue_lists("yes_letters.grey", 3, 2, all_grey)),
    _grown_clue_test("yes_letters"),
    _clue_test("yes_letters", "repeated_letters", "guesses with a repeated letter: each letter "
               "listed once", lambda: clue_lists("yes_letters.repeated", 8, 2, repeated_letter_found)),
    _clue_test("yes_letters", "alphabetical", "letters found out of alphabetical order",
               lambda: reverse_alphabetical("yes_letters.order", 8)),

    _test("filter_word_list", "official", "the official tester's cases", official_filter_cases),
    _test("filter_word_list", "full_list", "random games on the full word list",
          filter_full_list_cases),
    _test("filter_word_list", "one_guess_at_a_time", "random games, the clue list grown one "
          "guess at a time", filter_grown_cases),
    _test("filter_word_list", "repeated_letters", "clues with repeated letters (use check_word, "
          "not letter rules)", filter_repeated_letters_cases),
    _test("filter_word_list", "foreign_lists", "word lists other than words.py",
          filter_foreign_list_cases),
    _test("filter_word_list", "new_list", "returns a new list and leaves its arguments unchanged",
          filter_new_list_cases, requires_new_list=True),
)

SPECS = tuple(test.spec for test in FUNCTION_TESTS)


@functools.cache
def all_cases():
    """{test id: cases} for every function test: read from the cache of
    expected values when it has them, else built from the reference (and
    stored for the next process)."""
    test_ids = [test.spec.id for test in FUNCTION_TESTS]
    stored = expected_cache.load(test_ids)
    if stored is not None:
        return {test_id: tuple(Case(*case) for case in cases) for test_id, cases in stored.items()}
    table = {test.spec.id: tuple(test.make_cases()) for test in FUNCTION_TESTS}
    expected_cache.save({test_id: [(case.args, case.expected, case.call_text) for case in cases]
                         for test_id, cases in table.items()})
    return table


def cases_of(test):
    """The cases of a test (built once: they never change)."""
    return all_cases()[test.spec.id]


# ---------------------------------------------------------------- running and judging

RETURN_KINDS = {
    "check_word": "a list of 5 strings",
    "known_word": "a string",
    "no_letters": "a string",
    "yes_letters": "a string",
    "filter_word_list": "a list of strings",
}
# Statuses after which no call of the function can succeed.
FATAL_STATUSES = (Status.MISSING_MODULE, Status.MISSING_FUNCTION, Status.IMPORT_FAILED)


def shown(value, limit=300):
    """repr of a value, cut short if long (a hostile value can be huge)."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "... (%d characters)" % len(text)


def has_return_type(function, value):
    if function in ("known_word", "no_letters", "yes_letters"):
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
        return ["expected %s, got a %s: %s" % (RETURN_KINDS[function], type(value).__name__,
                                               shown(value)),
                "%s must return %s, e.g. %s" % (function, RETURN_KINDS[function],
                                                shown(case.expected, 80))]
    if function == "filter_word_list":
        if Counter(value) != Counter(case.expected):
            return word_list_difference(case.expected, value)
        return []
    if value != case.expected:
        return ["expected %s" % shown(case.expected), "got      %s" % shown(value)]
    return []


ARGUMENT_NAMES = {"check_word": ("secret", "guess"), "filter_word_list": ("words", "clues")}


def side_effect_problems(test, case, result):
    """Lines about arguments the call changed, or an argument it returned as its result."""
    names = ARGUMENT_NAMES.get(test.function, ("clues",))
    problems = ["it changed its argument %r (it must leave it as it was)" % name
                for name, before, after in zip(names, case.args, result.args_after or ())
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


def fatal_reason(test, result):
    """The explanation for a status that stops every call of the function."""
    source = test.module + ".py"
    if result.status == Status.MISSING_MODULE:
        return "%s was not found in the submission, so %s could not be called" % (
            source, test.function)
    if result.status == Status.MISSING_FUNCTION:
        return "%s has no function %s (check the name and that it is not inside another " \
               "block)" % (source, test.function)
    detail = re.sub(r"^importing \w+ failed: ", "", result.detail)
    return "importing %s failed, so %s could not be called: %s" % (source, test.function, detail)


class CallLog:
    """Remembers, across tests, functions that cannot or should no longer be called."""

    def __init__(self):
        self.fatal = {}  # function -> explanation
        self.troubles = Counter()  # function -> timeouts, crashes and memory errors so far
        self.seconds = Counter()  # function -> wall time its calls took

    def blocked(self, function):
        if function in self.fatal:
            return self.fatal[function]
        if self.troubles[function] >= GIVE_UP_AFTER:
            return ("%s was not called again after %d calls that timed out, ran out of memory "
                    "or ended the program" % (function, GIVE_UP_AFTER))
        budget = TIME_BUDGET.get(function, DEFAULT_TIME_BUDGET)
        if self.seconds[function] > budget:
            return ("%s was not called again: its calls had taken more than %g s in all (correct "
                    "code needs a small fraction of that)" % (function, budget))
        return None

    def record(self, test, result, seconds):
        self.seconds[test.function] += seconds
        if result.status in FATAL_STATUSES:
            self.fatal[test.function] = fatal_reason(test, result)
        elif result.status in (Status.TIMEOUT, Status.CRASHED) or (
                result.status == Status.RAISED and result.detail.startswith("MemoryError")):
            self.troubles[test.function] += 1


def run_test(box, test, log):
    """Run one test's cases through box; return its Outcome."""
    cases = cases_of(test)
    timeout = FILTER_TIMEOUT if test.function == "filter_word_list" else CALL_TIMEOUT
    failures = []
    for case in cases:
        reason = log.blocked(test.function)
        if reason is not None:
            if not failures:
                return Outcome.failed(reason)
            unmade = len(cases) - cases.index(case)
            failures.append((case, ["this and the other %d calls were not made: %s"
                                    % (unmade - 1, reason)]))
            break
        started = time.monotonic()
        result = box.call(test.module, test.function, list(case.args), timeout=timeout)
        log.record(test, result, time.monotonic() - started)
        if result.status in FATAL_STATUSES:
            return Outcome.failed(log.blocked(test.function))
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


# Functions the assignment builds on others: their failures may come from those.
BUILDS_ON = {"filter_word_list": "check_word"}


def run_function_tests(box):
    """Run every function test; return {test id: Outcome}."""
    log = CallLog()
    outcomes = {test.spec.id: run_test(box, test, log) for test in FUNCTION_TESTS}
    wrong_answers = {test.function for test in FUNCTION_TESTS
                     if not outcomes[test.spec.id].passed and test.function not in log.fatal}
    for test in FUNCTION_TESTS:
        base = BUILDS_ON.get(test.function)
        if base in wrong_answers and test.function in wrong_answers \
                and not outcomes[test.spec.id].passed:
            outcomes[test.spec.id].notes.append(
                "%s uses %s, which failed its own tests: fixing %s may fix this too"
                % (test.function, base, base))
    return outcomes
