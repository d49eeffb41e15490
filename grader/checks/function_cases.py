"""The function tests' catalogue: the five required functions, case by case.

Every case is a call with plain-data arguments; its expected value comes from
the kit's reference solution, computed in the trusted process (and kept in the
cache of expected values). Cases are grouped into named tests (several per
rubric group) so a report stays readable. ``function_runner`` makes the calls
and judges them.
"""
import functools
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from grader import reference
from grader.assignment import FUNCTIONS
from grader.checks import expected_cache
from grader.results.outcome import TestSpec



@dataclass(frozen=True)
class Case:
    """One call: its arguments, the reference's answer, how to show the call, and the CPU
    seconds the reference took for it on this machine (what the call's time limit is set
    against)."""

    args: tuple
    expected: object
    call_text: str
    reference_cpu: float = field(default=0.0, compare=False, repr=False)  # varies run to run


@dataclass(frozen=True)
class FunctionTest:
    """A named test: calls of one student function, built lazily by ``make_cases``."""

    spec: TestSpec
    function: object  # assignment.Function
    make_cases: Callable
    requires_new_list: bool = False


# ---------------------------------------------------------------- words and games

def kit_words():
    """The kit's word list (lower case)."""
    return reference.load().words


@functools.cache
def upper_words():
    return tuple(word.upper() for word in kit_words())


def clue_of(secret, guess):
    """The reference clue for guess when the secret is secret (both upper case)."""
    return reference.load().wordle.check_word(secret, guess)


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
    rng, words = random.Random(seed), upper_words()
    pairs = []
    for _ in range(400_000):
        pair = (rng.choice(words), rng.choice(words))
        if pair not in pairs and wanted(*pair):
            pairs.append(pair)
            if len(pairs) == count:
                break
    return pairs


def prefixes(clues):
    """The clue list grown one guess at a time: [], [c1], [c1, c2], ..."""
    return [clues[:n] for n in range(len(clues) + 1)]


# ---------------------------------------------------------------- cases

def reference_case(function, args, call_text):
    """A Case: the reference function called on args, its answer and its CPU time."""
    started = time.process_time()
    expected = function(*args)
    return Case(args, expected, call_text, time.process_time() - started)


def check_word_cases(pairs):
    function = reference.load().wordle.check_word
    return [reference_case(function, (secret, guess), "check_word(%r, %r)" % (secret, guess))
            for secret, guess in pairs]


def clue_function_cases(name, clue_lists):
    function = getattr(reference.load().wordle, name)
    return [reference_case(function, (clues,), "%s(%r)" % (name, clues)) for clues in clue_lists]


def filter_cases(word_list, list_text, clue_lists):
    """Cases of filter_word_list on one word list (shown as list_text) for each clue list."""
    function = reference.load().easy_wordle.filter_word_list
    return [reference_case(function, (list(word_list), clues),
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
    return (filter_cases(kit_words(), "words", clue_lists)
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
    # and a letter three times in both (a rare pair: picked, not drawn), the copies matched
    # green, then yellow, in different orders
    in_both = [("GEESE", "EERIE"), ("TEPEE", "GEESE"), ("EERIE", "EMCEE"), ("NANNY", "NINNY")]
    return check_word_cases([("XVIII", "IMIDE"), ("SISSY", "ISSEI"), ("ESSES", "SASSY"),
                             ("SASSY", "ESSES")] + in_both + found)


def check_word_random_cases():
    return check_word_cases(find_pairs("check_word.random", 100, lambda s, g: True))


# --- known_word, no_letters, yes_letters

def clue_lists(seed, count, length, wanted=None):
    """count clue lists of length guesses against a random secret each.

    Every guess's clue satisfies wanted(guess, clue) when wanted is given.
    """
    rng, words = random.Random(seed), upper_words()
    lists = []
    while len(lists) < count:
        secret = rng.choice(words)
        clues = []
        for _ in range(2000):
            guess = rng.choice(words)
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


def several_grey_copies(guess, clue):
    """A letter whose first copy is yellow or green and two or more others grey (MOMMA against
    MIRTH: green, then three grey Ms): code that removes items from a list while looping over
    it skips one of them."""
    for letter in repeated_letters(guess):
        colours = [clue[i] for i in range(5) if guess[i] == letter]
        if colours.count("grey") >= 2 and colours[0] != "grey":
            return True
    return False


def several_grey_copies_lists(seed, count):
    """MOMMA green-grey-grey-grey-grey, then random guesses with several grey copies of a
    found letter."""
    return [game("MIRTH", ["MOMMA"])] + clue_lists(seed, count, 1, several_grey_copies)


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
    return kit_words()[::step], "words[::%d]" % step


def filter_full_list_cases():
    lists = [game(secret, guesses) for secret, guesses in
             [("SHIRE", ["ADIEU"]), ("GECKO", ["TRAIN", "SLOTH"]), ("MAMMA", ["LLAMA", "MADAM"])]]
    return filter_cases(kit_words(), "words", lists)


def filter_repeated_letters_cases():
    word_list, text = every_nth_word(3)
    lists = clue_lists("filter.repeated", 6, 2, grey_copy_of_found_letter(False))
    lists += clue_lists("filter.repeated.before", 3, 1, grey_copy_of_found_letter(True))
    lists += [game("ELBOW", ["BOOKS"]), game("SPOOL", ["BOOKS"]), game("LOOPS", ["POLOS"])]
    return filter_cases(word_list, text, lists)


# A word list other than words.py, lower case as the spec's word lists are, with words the
# full list does not have; the guesses are words of words.py, as the games check them.
FOREIGN_LIST = ["aaaaa", "abbey", "zzzzz", "qwert", "proxy", "broom", "rooms", "groom",
                "mooms", "xviii", "boost", "boots", "stoob", "zumba", "kayak"]


# A word list may hold a word twice: which copies are returned is compared in
# function_runner.value_problems (every copy, or one).
TWICE_LIST = ["broom", "groom", "broom", "proxy", "groom"]


def filter_foreign_list_cases():
    lists = [game(secret, guesses) for secret, guesses in
             [("BROOM", ["BOOKS"]), ("BOOST", ["ROOMS"]), ("ZUMBA", ["ABBEY"]),
              ("KAYAK", ["QUERY"]), ("ZZZZZ", ["JAZZY"]), ("PROXY", ["GROOM", "BROOM"])]]
    return (filter_cases(FOREIGN_LIST, repr(FOREIGN_LIST), lists)
            + filter_cases([], "[]", lists[:1])
            + filter_cases(TWICE_LIST, repr(TWICE_LIST), [[], lists[0]]))


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
    spec = TestSpec("%s.%s" % (function, key), function, "%s: %s" % (function, name))
    return FunctionTest(spec, FUNCTIONS[function], make_cases, requires_new_list)


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
               lambda: clue_lists("no_letters.after", 8, 1, grey_copy_of_found_letter(False))
               + several_grey_copies_lists("no_letters.several", 4)),
    _clue_test("no_letters", "grey_copy_before", "a grey copy before a yellow or green copy of "
               "the same letter (the letter is in the word)",
               lambda: clue_lists("no_letters.before", 8, 1, grey_copy_of_found_letter(True))),

    _official_clue_test("yes_letters"),
    _clue_test("yes_letters", "all_grey", "no clues, or only grey clues",
               lambda: [[]] + clue_lists("yes_letters.grey", 3, 2, all_grey)),
    _grown_clue_test("yes_letters"),
    _clue_test("yes_letters", "repeated_letters", "guesses with a repeated letter: each letter "
               "listed once", lambda: clue_lists("yes_letters.repeated", 8, 2, repeated_letter_found)
               + several_grey_copies_lists("yes_letters.several", 4)),
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
    expected_cache.save({test_id: [(case.args, case.expected, case.call_text, case.reference_cpu)
                                   for case in cases]
                         for test_id, cases in table.items()})
    return table


def cases_of(test):
    """The cases of a test (built once: they never change)."""
    return all_cases()[test.spec.id]


def input_size(args):
    """What the work of a call grows with: the length of its longest list argument (0: none)."""
    return max((len(arg) for arg in args if isinstance(arg, (list, tuple))), default=0)


@functools.cache
def _reference_cpus():
    """{function name: [(input size, the reference's CPU seconds)] of all its calls}."""
    table = {}
    for test in FUNCTION_TESTS:
        table.setdefault(test.function.name, []).extend(
            (input_size(case.args), case.reference_cpu) for case in cases_of(test))
    return table


def limit_reference_cpu(function, case):
    """The reference's CPU seconds a call's time limit is set against: the most it took for
    any call of the function on input no larger than the case's. A correct function may do
    its work in another way than the reference: go through the whole list where the
    reference stops at once (no clues: 1 ms), or check each word against the list, so a
    call's limit does not hang on a shortcut the reference takes for it."""
    size = input_size(case.args)
    return max([cpu for other, cpu in _reference_cpus()[function.name] if other <= size]
               + [case.reference_cpu])


@functools.cache
def largest_reference_cpu(function):
    """The most CPU seconds the reference took for any call of the function in its tests."""
    return max(cpu for _, cpu in _reference_cpus()[function.name])
