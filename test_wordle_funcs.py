"""Tests for CSCI 1913 Project 1: Wordle.

Put this file next to your wordle.py and easy_wordle.py and run:

    python test_wordle_funcs.py

Every check prints PASS or FAIL; a FAIL shows the call, the value expected
and the value your function returned. A function that is missing, raises
an error or runs too long fails its checks and the tests go on. The last
line counts the checks: "N passed, N failed".
"""
import importlib
import io
import sys
import threading
import traceback

TIME_LIMIT = 5  # seconds one call may take before we call it stuck


class Tally:
    """Runs checks and keeps count of what passed and what failed."""

    def __init__(self):
        self.passed = 0
        self.failed = 0
        self.stuck = set()  # names of functions that ran out of time
        self.printed = ""  # what the student's code printed during the last call

    def section(self, title):
        print()
        print("== " + title + " ==")

    def pass_(self, call):
        self.passed += 1
        print("  PASS  " + call)
        self.show_printed()

    def fail(self, call, *reasons):
        self.failed += 1
        print("  FAIL  " + call)
        for reason in reasons:
            print("        " + reason)
        self.show_printed()

    def show_printed(self):
        if self.printed:
            print("        (it printed: %r)" % shorten(self.printed))
            self.printed = ""

    def call(self, call_text, name, function, args):
        """Call function(*args) with a time limit.

        Return (True, value) when it returned, or (False, None) after
        recording a failure that says why it did not.
        """
        if function is None:
            self.fail(call_text, name + " is missing (not defined, or its file could not be imported)")
            return False, None
        if name in self.stuck:
            self.fail(call_text, name + " did not finish an earlier call, so it is not called again")
            return False, None
        finished, value, error, self.printed = run_with_time_limit(function, args)
        if not finished:
            self.stuck.add(name)
            self.fail(call_text, "did not finish within %d seconds (an infinite loop?)" % TIME_LIMIT)
            return False, None
        if error is not None:
            self.fail(call_text, "raised " + error)
            return False, None
        return True, value

    def check(self, name, function, args, expected):
        """Check that function(*args) returns expected, of exactly its type."""
        call_text = name + "(" + ", ".join(repr(arg) for arg in args) + ")"
        returned, actual = self.call(call_text, name, function, args)
        if not returned:
            return
        if same_value(actual, expected):
            self.pass_(call_text)
        else:
            self.fail(call_text, "expected: " + show(expected), "got:      " + show(actual))


def run_with_time_limit(function, args):
    """Run function(*args) in a helper thread; wait at most TIME_LIMIT.

    Returns (finished, value, error, printed): error is a one-line
    description of an exception, or None; printed is what the function
    printed, kept apart so it cannot garble this report.
    """
    outcome = {}
    real_stdout = sys.stdout
    sys.stdout = io.StringIO()

    def target():
        try:
            outcome["value"] = function(*args)
        except BaseException as exc:  # SystemExit and KeyboardInterrupt too
            outcome["error"] = error_text(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(TIME_LIMIT)
    printed = sys.stdout.getvalue()
    sys.stdout = real_stdout
    if thread.is_alive():
        return False, None, None, printed
    return True, outcome.get("value"), outcome.get("error"), printed


def shorten(text):
    """At most 200 characters of text."""
    if len(text) > 200:
        return text[:200] + "..."
    return text


def error_text(exc):
    """Describe an exception in one line, with the line of code it came from."""
    text = type(exc).__name__ + ": " + str(exc)
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        text += " (%s, line %s)" % (last.filename.split("/")[-1].split("\\")[-1], last.lineno)
    return text


def same_value(actual, expected):
    """Compare strictly: same type all the way down, then same value."""
    if type(actual) is not type(expected):
        return False
    if type(expected) in (list, tuple):
        if len(actual) != len(expected):
            return False
        for i in range(len(expected)):
            if not same_value(actual[i], expected[i]):
                return False
        return True
    return expected == actual


def show(value):
    """Show a value with its type when that is not obvious from repr."""
    text = repr(value)
    if type(value) not in (str, list):
        text += "  (a " + type(value).__name__ + ")"
    return text


def colours(code):
    """Turn a short clue code like "y-g--" into a list of colour names."""
    names = {"g": "green", "y": "yellow", "-": "grey"}
    return [names[letter] for letter in code]


def load_module(tester, name):
    """Import a student module, with no keyboard input and a time limit.

    Returns the module, or None after explaining what went wrong.
    """
    real_stdin = sys.stdin
    sys.stdin = io.StringIO("")  # input() at import time fails at once
    try:
        finished, module, error, tester.printed = run_with_time_limit(importlib.import_module, [name])
    finally:
        sys.stdin = real_stdin
    if not finished:
        tester.fail("import " + name, "importing did not finish within %d seconds: "
                    "is the game outside `if __name__ == \"__main__\":`?" % TIME_LIMIT)
        return None
    if error is not None:
        advice = ""
        if error.startswith("EOFError"):
            advice = " - it asked for input while being imported: put the game under `if __name__ == \"__main__\":`"
        tester.fail("import " + name, "raised " + error + advice)
        return None
    tester.pass_("import " + name)
    return module


def function_of(module, name):
    """Return the module's function called name, or None."""
    if module is None:
        return None
    function = getattr(module, name, None)
    if callable(function):
        return function
    return None


def run_check_word_tests(tester, check_word):
    tester.section("check_word (examples from the assignment)")
    cases = [
        ("LERED", "RADIO", "y-y--"), ("LERED", "DRUID", "-y--g"), ("LERED", "LERED", "ggggg"),
        ("PERIS", "RAISE", "y-yyy"), ("OPENS", "EPICS", "yg--g"), ("MISTS", "MISTY", "gggg-"),
        ("ELUDE", "LEDGE", "yyy-g"), ("CRANE", "BEEPS", "-y---"), ("ROBOT", "REORG", "g-y--"),
        ("BOOKS", "SHOES", "--g-g"),
    ]
    for secret, guess, code in cases:
        tester.check("check_word", check_word, [secret, guess], colours(code))
    tester.section("check_word (repeated letters)")
    cases = [
        ("ISSUE", "STEDS", "y-y-y"),   # the second S is yellow too: ISSUE has two
        ("ROVER", "ERROR", "yy-yg"),   # only one R is left for a yellow
        ("XVIII", "IIIXV", "yygyy"),   # triple letters
        ("EERIE", "EEEEE", "gg--g"),   # greens use up all three E
        ("SASSY", "SISSY", "g-ggg"),   # no yellow for an S when all are green
        ("KEBAB", "ABBEY", "yygy-"),   # two B in both words
        ("SPEED", "ABIDE", "---yy"),
        ("OCTAL", "BOOKS", "-y---"),   # only one O in the secret
        ("OUTGO", "BOOKS", "-yy--"),   # two O in the secret
    ]
    for secret, guess, code in cases:
        tester.check("check_word", check_word, [secret, guess], colours(code))


CLUE_CODES = {
    ("LERED", "RADIO"): "y-y--", ("LERED", "DRUID"): "-y--g", ("LERED", "LERED"): "ggggg",
    ("AUNTS", "TUNES"): "ygg-g", ("AUNTS", "ALPHA"): "g----", ("AUNTS", "MONTH"): "--gg-",
    ("AUNTS", "DUMMY"): "-g---", ("AUNTS", "AUNTS"): "ggggg",
    ("BUMPS", "YELPS"): "---gg", ("BUMPS", "ZUMBA"): "-ggy-", ("BUMPS", "BOOKS"): "g---g",
    ("BUMPS", "HIPPO"): "---g-", ("BUMPS", "SOCKS"): "----g",
    ("ELBOW", "BOOKS"): "yy---", ("ELBOW", "ELECT"): "gg---", ("ELBOW", "BEBOP"): "-ygg-",
    ("PERIS", "RAISE"): "y-yyy", ("PERIS", "SERIF"): "yggg-", ("PERIS", "MERIS"): "-gggg",
    ("OASIS", "BOOKS"): "-y--g",
}


def clue_list(secret, guesses):
    """The clue list after guessing each of guesses against secret."""
    return [(guess, colours(CLUE_CODES[(secret, guess)])) for guess in guesses]


KNOWN_WORD_CASES = [
    ("LERED", [], "_____"), ("LERED", ["RADIO"], "_____"), ("LERED", ["RADIO", "DRUID"], "____D"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "LERED"),
    ("AUNTS", ["TUNES"], "_UN_S"), ("AUNTS", ["TUNES", "ALPHA"], "AUN_S"),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH"], "AUNTS"),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY"], "AUNTS"),
    ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY", "AUNTS"], "AUNTS"),
    ("AUNTS", ["MONTH"], "__NT_"),
]


NO_LETTERS_CASES = [
    ("LERED", [], ""), ("LERED", ["RADIO"], "AIO"), ("LERED", ["RADIO", "DRUID"], "AIOU"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "AIOU"),
    ("BUMPS", ["YELPS"], "ELY"), ("BUMPS", ["YELPS", "ZUMBA"], "AELYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS"], "AELYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS"], "AEKLOYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS", "HIPPO"], "AEHIKLOYZ"),
    ("BUMPS", ["YELPS", "ZUMBA", "YELPS", "BOOKS", "HIPPO", "SOCKS"], "ACEHIKLOYZ"),
    # One O is yellow, so O is in the word even though the other O is grey.
    ("OASIS", ["BOOKS"], "BK"),
]


YES_LETTERS_CASES = [
    ("LERED", [], ""), ("LERED", ["RADIO"], "DR"), ("LERED", ["RADIO", "DRUID"], "DR"),
    ("LERED", ["RADIO", "DRUID", "LERED"], "DELR"),
    ("ELBOW", ["BOOKS"], "BO"), ("ELBOW", ["BOOKS", "ELECT"], "BELO"), ("ELBOW", ["BEBOP"], "BEO"),
    ("BUMPS", ["HIPPO"], "P"),
]


def run_clue_function_tests(tester, name, function, cases):
    """Check a function of a clue list against (secret, guesses, expected) cases."""
    tester.section(name)
    for secret, guesses, expected in cases:
        tester.check(name, function, [clue_list(secret, guesses)], expected)


RAISE_WORDS = [
    "miser", "wires", "siler", "tiers", "sider", "sevir", "siker", "peris", "speir", "sizer",
    "sweir", "serir", "meris", "kiers", "vires", "tires", "sehri", "hires", "fiers", "cires",
    "sieur", "siver", "biers", "serif", "fires", "sixer", "epris", "liers", "siren", "serin",
    "icers", "piers", "sired", "sires", "seric", "viers", "wiser", "breis", "mires",
]
TUNES_WORDS = ["munts", "runts", "lunts", "punts", "funts", "sunts", "aunts", "cunts", "hunts",
               "bunts", "dunts"]
DRUID_WORDS = ["gyred", "cered", "mered", "spred", "shred", "sered", "sherd", "lered", "tyred"]


def run_filter_word_list_tests(tester, filter_word_list, word_list):
    tester.section("filter_word_list (the full word list)")
    cases = [
        ("PERIS", ["RAISE"], RAISE_WORDS), ("PERIS", ["RAISE", "SERIF"], ["peris", "meris"]),
        ("PERIS", ["RAISE", "SERIF", "MERIS"], ["peris"]),
        ("AUNTS", ["TUNES"], TUNES_WORDS),
        ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY"], ["aunts"]),
        ("AUNTS", ["TUNES", "ALPHA", "MONTH", "DUMMY", "AUNTS"], ["aunts"]),
        ("BUMPS", ["YELPS", "ZUMBA"], ["bumps"]), ("BUMPS", ["YELPS", "ZUMBA", "YELPS"], ["bumps"]),
        ("LERED", ["RADIO", "DRUID"], DRUID_WORDS), ("LERED", ["RADIO", "DRUID", "LERED"], ["lered"]),
        ("ELBOW", ["BOOKS", "ELECT"], ["elbow"]),
        ("ELBOW", ["BEBOP"], ["elbow", "embox", "syboe", "embow", "embog"]),
    ]
    for secret, guesses, expected in cases:
        check_filter(tester, filter_word_list, word_list, clue_list(secret, guesses), expected)

    tester.section("filter_word_list (other word lists)")
    apple = [("APPLE", colours("g----"))]
    check_filter(tester, filter_word_list, ["aaaaa", "bbbbb", "ccccc", "ddddd"], apple, ["aaaaa"])
    # Words that are not in words.py, and the input order kept.
    own_words = ["zzzzz", "qeris", "peris", "perix", "xeris", "meris"]
    clues = clue_list("PERIS", ["RAISE", "SERIF"])
    check_filter(tester, filter_word_list, own_words, clues, ["qeris", "peris", "xeris", "meris"])
    check_filter(tester, filter_word_list, [], clues, [])

    tester.section("filter_word_list (no clues: every word, in a new list)")
    small = ["rossa", "jetty", "wizzo"]
    check_filter(tester, filter_word_list, small, [], ["rossa", "jetty", "wizzo"])


def check_filter(tester, filter_word_list, word_list, clues, expected):
    """Check the result, and that neither argument was changed or returned."""
    given = list(word_list)  # a fresh copy each time, so one bad call cannot spoil the next
    clues_before = [(guess, list(clue)) for guess, clue in clues]
    call_text = "filter_word_list(%s, %r)" % (short_list(word_list), clues)
    returned, actual = tester.call(call_text, "filter_word_list", filter_word_list, [given, clues])
    if not returned:
        return
    problems = []
    if not same_value(actual, expected):
        problems += ["expected: " + short_list(expected), "got:      " + short_list(actual)]
    if actual is given:
        problems.append("returned the word list it was given; it must return a new list")
    if given != word_list:
        problems.append("changed the word list it was given (it had %d words, now %d)"
                        % (len(word_list), len(given)))
    if clues != clues_before:
        problems.append("changed the clue list it was given")
    if problems:
        tester.fail(call_text, *problems)
    else:
        tester.pass_(call_text)


def short_list(value):
    """Show a list, shortened when it is the long word list."""
    if type(value) is list and len(value) > 40:
        return "[%s, ... %d words]" % (", ".join(repr(word) for word in value[:3]), len(value))
    return show(value)


def main():
    tester = Tally()
    tester.section("importing your files")
    wordle = load_module(tester, "wordle")
    easy_wordle = load_module(tester, "easy_wordle")
    run_check_word_tests(tester, function_of(wordle, "check_word"))
    run_clue_function_tests(tester, "known_word", function_of(wordle, "known_word"), KNOWN_WORD_CASES)
    run_clue_function_tests(tester, "no_letters", function_of(wordle, "no_letters"), NO_LETTERS_CASES)
    run_clue_function_tests(tester, "yes_letters", function_of(wordle, "yes_letters"), YES_LETTERS_CASES)
    word_list = load_word_list(tester)
    run_filter_word_list_tests(tester, function_of(easy_wordle, "filter_word_list"), word_list)
    print()
    print("%d passed, %d failed" % (tester.passed, tester.failed))
    return 1 if tester.failed else 0


def load_word_list(tester):
    """Return a copy of words.words (an empty list if words.py is missing)."""
    try:
        from words import words
    except ImportError as exc:
        tester.fail("from words import words", "raised " + error_text(exc))
        return []
    return list(words)


if __name__ == "__main__":
    sys.exit(main())
