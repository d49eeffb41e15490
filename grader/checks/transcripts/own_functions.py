"""The screen a program prints through the student's own functions.

A function's mistakes are charged once, by its function tests, never by a game that
happens to show them. So a game's screen is also right when it is what the reference
program would print if its five functions returned what the student's own functions
return for the same calls: the student's check_word on each guess against the secret,
known_word, yes_letters and no_letters on the clue history before each prompt,
filter_word_list on the word list and the clues after each guess. Nothing is taken on
trust: only a function wrong by its own tests answers for itself (one all of whose tests
passed is the reference for its games), and only if it has one behaviour: the same answer
to a call whatever was called before, in whichever process. So each of its game calls is
made in two histories unlike each other, after the function tests (so they cannot change
what those saw): first in a process of their own (the calls of each game in the game's
order, as the student's program makes them, then two of its test calls again), then in the
very process its tests ran in, the calls made last first, each after one of its test calls
drawn for the grading. A value there unlike the other history's, or a test call answered
unlike in its tests (a value for another value, or an error, a timeout), names the function:
its answers depend on what was called before (a memory of the tests, a count of calls, the
previous call, the process it is in, the time), so the reference answers for it, and a game
that fails is told why; the games are judged again until no other function is so named.
State that changes no answer (a cache, a counter, a log) changes nothing. A call that fails
(an error, a timeout, a value of the wrong type) leaves no such screen, and a function that
times out or crashes is not called again for later games. A list of letters where a string
is asked for (the function's tests charge it), or a tuple of them, answers as
`print(label, letters)` shows it: "Grey Letters: ['E', 'T']".

The reference game is then played in this process by fresh copies of the reference
modules whose five functions answer from those values: the reference's own code, so
the screen is exactly the one it would print.
"""
import builtins
import copy
import functools
import io
import itertools
import json
import pathlib
import random
import types
from dataclasses import dataclass

from grader import assignment, reference
from grader.assignment import MAX_GUESSES
from grader.checks import parsing
from grader.checks.function_runner import call_key, has_return_type, largest_cpu_limit, shown
from grader.checks.possible_words import possible_words
from grader.checks.give_up import trouble_kind
from grader.checks.screen import screen_lines
from grader.checks.transcripts.programs import EASY_WORDLE
from grader.checks.transcripts.reference_games import (reference_game_cpu, typed_into_reference,
                                                       with_samples)
from grader.sandbox import FIRST_CALLS, WAITED, Status

ALL_GREEN = ["green"] * 5
WORDLE_FUNCTIONS = ("check_word", "known_word", "yes_letters", "no_letters")
# What each function decides on the screen, for the note of a screen accepted through it.
SHOWS = {"check_word": "the colours are your check_word's",
         "known_word": "the Known: word is your known_word's",
         "yes_letters": "the Green/Yellow Letters are your yes_letters'",
         "no_letters": "the Grey Letters are your no_letters'",
         "filter_word_list": "the possible words are your filter_word_list's"}


class NoAnswer(Exception):
    """A call the student's function gave no usable value for: status says how it ended
    (a Status, or WAITED: stopped for waiting, or NOT_CALLED, or WRONG_TYPE); stops: whether
    the function is not called again after it (it timed out or crashed)."""

    def __init__(self, name, args, status, stops=False):
        super().__init__(name)
        self.name, self.args, self.status, self.stops = name, args, status, stops


NOT_CALLED = "not called"   # the function had stopped at an earlier call
WRONG_TYPE = "wrong type"   # it returned, but not the type the assignment asks for
# How a call that stops the program ends, and the ends of a game it explains.
STOPPING_ENDS = {Status.TIMEOUT: "did not return within its CPU time limit",
                 WAITED: "was stopped for waiting without computing",
                 Status.RAISED: "raised an error",
                 Status.CRASHED: "ended the program",
                 Status.EXITED: "ended the program"}


REPEATED_TEST_CALLS = 2  # test calls of a function made again after each batch of its game calls
GAMES_PROCESS = "games"  # the calls child the games' calls are made in first, in their order
SAME_CALL = "answered the same call differently at two times"


@dataclass(frozen=True)
class Difference:
    """A call a function answered in two ways, each a value or a NoAnswer, with where (one of
    the histories below)."""

    args: list
    first: object
    first_where: str
    then: object
    then_where: str


IN_ITS_TESTS = "in its tests"
AMONG_ITS_TESTS = "in the process of its tests, after them and among them"
IN_THE_GAMES_ORDER = "in a process of its own, in the game's order"


class OwnFunctions:
    """The student's five functions, called through the sandbox; tested (a
    function_runner.FunctionTestRun) says which of them answer for themselves and what they
    answered in their tests; number (the grading's) draws the order of the test calls asked
    among the games' calls in the tests' process."""

    def __init__(self, box, tested, number):
        self.box = box
        self.tested = tested
        self.own = tested.failed_functions()     # the functions that answer for themselves
        self.number = number
        self.answers = {}   # (function name, call_key(args)) -> value, or a NoAnswer
        self.inconsistent = {}  # name -> the Difference that stopped trusting it
        self.repeated = {}  # name -> how many of its test calls were made again
        self.between = {}   # name -> an iterator of the test calls asked among its game calls
        self.budget_spent = None    # why calls were not made once the grading's time was spent

    def fetch(self, name, calls, cpu_limit):
        """Make the calls (lists of arguments) of the function not made yet, in two histories:
        first in a process of their own (GAMES_PROCESS), in the order given (the game's),
        where after a call that times out or crashes the function's later calls are not
        made (in this game: each game's calls are made whatever an earlier game's did, so
        which game is played first decides nothing), then some of its test calls again; then
        the calls made there once more in the function tests' own process, last first, each
        after one of its test calls. A value unlike its tests' or unlike the other history's
        names the function inconsistent."""
        if name not in self.own or name in self.inconsistent:
            return
        made, asked, stopped = [], set(), False
        self.box.calls_in(GAMES_PROCESS)
        for args in calls:
            key = (name, call_key(args))
            if key in self.answers or key in asked:
                continue
            asked.add(key)
            if stopped:
                self.answers[key] = NoAnswer(name, args, NOT_CALLED)
                continue
            value = self._call(name, args, cpu_limit)
            stopped = stops(value)
            made.append((args, value))
            self._check_test_value(name, args, value, IN_THE_GAMES_ORDER)
        if made and not stopped:
            for args in self._test_calls_to_repeat(name):
                self._check_test_value(name, args, self._call(name, args, cpu_limit),
                                       IN_THE_GAMES_ORDER)
        self._ask_in_the_tests_process(name, made, cpu_limit)
        for args, value in made:    # a call not made again for the grading's time is not sure
            self.answers[(name, call_key(args))] = value if not self.budget_spent else \
                NoAnswer(name, args, Status.BUDGET_SPENT)

    def _ask_in_the_tests_process(self, name, made, cpu_limit):
        """Make the calls made (args, value) again in the process the function tests ran in
        (box.FIRST_CALLS), last first, each after one of its test calls in an order drawn
        for the grading: a history unlike the game's (no call follows those it followed in
        the game, nor in the games' process), after the tests, among them."""
        self.box.calls_in(FIRST_CALLS)
        for args, value in reversed(made):
            if name in self.inconsistent or self.budget_spent:
                return
            between = self._between_call(name)
            if between is not None:
                self._check_test_value(name, between, self._call(name, between, cpu_limit),
                                       AMONG_ITS_TESTS)
            again = self._call(name, args, cpu_limit)
            if name not in self.inconsistent and not unmade(again) and \
                    not same_answer(name, value, again):
                self.inconsistent[name] = Difference(args, again, AMONG_ITS_TESTS,
                                                     value, IN_THE_GAMES_ORDER)

    def _between_call(self, name):
        """The next test call to ask among the function's game calls in its tests' process:
        the shorter half of its test calls (the cheaper), in an order drawn for the grading,
        over and over."""
        if name not in self.between:
            keys = sorted(self.tested.answers.get(name, {}), key=lambda key: (len(key), key))
            keys = keys[:max(1, (len(keys) + 1) // 2)] if keys else []
            random.Random("%d %s" % (self.number, name)).shuffle(keys)
            self.between[name] = itertools.cycle(keys)
        key = next(self.between[name], None)
        return None if key is None else json.loads(key)

    def _call(self, name, args, cpu_limit):
        function = assignment.FUNCTIONS[name]
        result = self.box.call(function.module, name, list(args),
                               timeout=assignment.wall_limit(cpu_limit), cpu_limit=cpu_limit,
                               largest_limit=max(cpu_limit, largest_cpu_limit(function)))
        answer = as_answer(function, result.value) if result.status == Status.OK else None
        if answer is not None:
            return answer
        status = WRONG_TYPE if result.status == Status.OK else \
            WAITED if result.waited is not None else result.status
        if status == Status.BUDGET_SPENT:
            self.budget_spent = result.detail
        return NoAnswer(name, args, status, stops=status != WRONG_TYPE and (
            status != Status.RAISED or trouble_kind(result, cpu_limit) is not None))

    def _test_calls_to_repeat(self, name):
        """The next REPEATED_TEST_CALLS of the function's test calls, shortest first (the
        cheapest to make again), each made again once at most, as argument lists."""
        keys = sorted(self.tested.answers.get(name, {}), key=lambda key: (len(key), key))
        start = self.repeated.get(name, 0)
        self.repeated[name] = start + REPEATED_TEST_CALLS
        return [json.loads(key) for key in keys[start:start + REPEATED_TEST_CALLS]]

    def _check_test_value(self, name, args, value, where):
        """Name the function inconsistent when value, its answer where, (a NoAnswer too: it
        stopped or failed where its tests got a value) is not what it returned for args in
        its tests."""
        function = assignment.FUNCTIONS[name]
        tested = as_answer(function, self.tested.answers.get(name, {}).get(call_key(args)))
        if name in self.inconsistent or tested is None or unmade(value):
            return
        if not same_answer(name, tested, value):
            self.inconsistent[name] = Difference(args, tested, IN_ITS_TESTS, value, where)

    def answer(self, name, args):
        if name not in self.own or name in self.inconsistent:
            return reference_answer(name, args)
        value = self.answers.get((name, call_key(args)))
        if value is None:
            raise NoAnswer(name, args, NOT_CALLED)
        if isinstance(value, NoAnswer):
            raise value
        return copy.deepcopy(value)

    def inconsistency_notes(self, program):
        """Lines naming the functions program's games use that answered a call differently."""
        used = ("check_word", "filter_word_list") if program is EASY_WORDLE else WORDLE_FUNCTIONS
        return ["%s %s: %s(%s) %s %s, then %s %s: its answers depend on what was called "
                "before, so no game is judged through its answers (the reference's are used)"
                % (name, SAME_CALL, name, shown_args(name, found.args), answered(found.first),
                   found.first_where, answered(found.then), found.then_where)
                for name, found in self.inconsistent.items() if name in used]


def stops(value):
    """Whether a call's answer stops the function: it is not called again in that history."""
    return isinstance(value, NoAnswer) and value.stops


def unmade(value):
    """Whether an answer tells nothing of the function: the call was not made, or could not be
    for the grading's time."""
    return isinstance(value, NoAnswer) and value.status in (NOT_CALLED, Status.BUDGET_SPENT)


def same_answer(name, first, then):
    """Whether two answers of a function to one call are the same: equal values (a list of
    words in any order, as its tests accept), or calls that ended the same way."""
    if isinstance(first, NoAnswer) or isinstance(then, NoAnswer):
        return isinstance(first, NoAnswer) and isinstance(then, NoAnswer) and \
            first.status == then.status
    if assignment.FUNCTIONS[name].any_order:
        return sorted(first) == sorted(then)
    return first == then


def answered(value):
    """What a call answered, for people: its value, or how it ended."""
    if isinstance(value, NoAnswer):
        return STOPPING_ENDS.get(value.status, "ended with %s" % value.status)
    return "returned %s" % shown(value, 80)


def function_cpu_limit(name):
    """A call's CPU limit: a whole-list filter as a sixth of the reference's lost easy game
    (which filters the list six times), the others as the least limit of any call."""
    if name == "filter_word_list":
        return assignment.cpu_limit(reference_game_cpu(EASY_WORDLE) / MAX_GUESSES)
    return assignment.cpu_limit(0)


def valid_guesses(script):
    """Every guess the reference accepts from script, in upper case, up to six, whether or
    not one of them wins (that depends on the student's check_word)."""
    word_set = reference.load().word_set
    return [line.upper() for line in script if len(line) == 5 and line.lower() in word_set][
        :MAX_GUESSES]


def fetch_game_calls(own, program, secret, script):
    """Make every call the reference game would make with the student's functions."""
    guesses = valid_guesses(script)
    own.fetch("check_word", [[secret, guess] for guess in guesses],
              function_cpu_limit("check_word"))
    clues = []
    for guess in guesses:
        try:
            clues.append((guess, own.answer("check_word", [secret, guess])))
        except NoAnswer:
            break
        if clues[-1][1] == ALL_GREEN:
            break
    if program is EASY_WORDLE:
        own.fetch("filter_word_list", [[list(reference.load().words), clues[:k]]
                                       for k in range(1, len(clues) + 1)],
                  function_cpu_limit("filter_word_list"))
    else:
        prompts = len(clues) + (len(clues) < len(guesses) and (not clues or clues[-1][1] != ALL_GREEN))
        for name in WORDLE_FUNCTIONS[1:]:
            own.fetch(name, [[clues[:k]] for k in range(prompts)], function_cpu_limit(name))


@functools.lru_cache(maxsize=None)
def compiled(module):
    return parsing.compile_file(pathlib.Path(reference.load().module(module).__file__))


def fresh_module(name, modules):
    """A new copy of the reference module name whose imports of modules' names get them."""
    def importer(wanted, globals=None, locals=None, fromlist=(), level=0):
        if wanted in modules and level == 0:
            return modules[wanted]
        return builtins.__import__(wanted, globals, locals, fromlist, level)
    module = types.ModuleType(name)
    module.__dict__["__builtins__"] = dict(vars(builtins), __import__=importer)
    exec(compiled(name), module.__dict__)
    return module


def reference_game_with(own, program, used):
    """The play function of a copy of the reference program whose five functions answer
    from own; used collects each answer given, as (name, args, value)."""
    loaded = reference.load()
    words = list(loaded.words)

    def answering(name):
        def function(*args):
            value = own.answer(name, [words, args[1]] if name == "filter_word_list" else list(args))
            used.append((name, copy.deepcopy(args), value))
            return value
        return function

    handout = {"words": types.SimpleNamespace(words=words),
               "display_utility": loaded.wordle.display_utility}
    wordle = fresh_module("wordle", handout)
    for name in WORDLE_FUNCTIONS:
        setattr(wordle, name, answering(name))
    if program is not EASY_WORDLE:
        return wordle.play
    easy = fresh_module("easy_wordle", dict(handout, wordle=wordle))
    easy.filter_word_list = answering("filter_word_list")
    return easy.play


def as_answer(function, value):
    """What a call that returned value answers in a game, or None where it cannot answer: the
    value when of the type asked for; a list or tuple of letters where a string is asked for
    (its tests charge that) as print(label, letters) shows it, "['E', 'T']", "('E', 'T')"."""
    if has_return_type(function, value):
        return value
    if function.return_type is str and type(value) in (list, tuple) and all(
            type(item) is str for item in value):
        return str(value)
    return None


@dataclass(frozen=True)
class OwnScreen:
    """The screen the reference program prints with the student's functions' answers:
    expected (as expected_screen's), used (the answers, as (name, args, value)), and
    stopped_by (a NoAnswer) when the game stops at a call the student's function stops at."""

    expected: tuple
    used: list
    stopped_by: object = None


def own_screen(own, program, secret, script):
    """The OwnScreen for script, or None when a call gave no usable value (and did not stop
    the function), the reference's code cannot use a value (it would fail on it too), or
    the game would not end with script."""
    fetch_game_calls(own, program, secret, script)
    used, output, stopped_by = [], io.StringIO(), None
    try:
        with typed_into_reference(script, output):
            reference_game_with(own, program, used)(secret)
    except EOFError:
        return None
    except NoAnswer as missing:
        if missing.status not in STOPPING_ENDS:
            return None
        stopped_by = missing
    except Exception:   # a value the reference's code fails on (so would the student's game)
        return None
    shown_lists = [value for name, _, value in used if name == "filter_word_list"]
    try:
        expected = with_samples(screen_lines(output.getvalue()), shown_lists)
    except (RuntimeError, StopIteration):
        return None
    return OwnScreen(expected, used, stopped_by)


def reference_answer(name, args):
    """What the reference's function returns for the call (a filter of the whole word list
    found fast, as the same list in the same order)."""
    if name != "filter_word_list":
        return getattr(reference.load().wordle, name)(*copy.deepcopy(args))
    possible = None
    for guess, clue in args[1]:
        possible = possible_words(guess, clue, possible)
    return possible


def shown_args(name, args):
    """A call's arguments for people (a filter's word list left out: it is long)."""
    return ", ".join(map(repr, args[-1:] if name == "filter_word_list" else args))


def stopped_note(missing):
    """The note of a game accepted as stopped where the student's function stops."""
    return ("the game stopped at the call %s(%s), which %s when called alone too: the "
            "reference program with your functions stops there as well; that mistake is counted "
            "in %s's tests" % (missing.name, shown_args(missing.name, missing.args),
                               STOPPING_ENDS[missing.status], missing.name))


def own_note(used):
    """The note of a screen accepted through the student's functions: which of them answered
    otherwise than the reference (None when none did: then it is the reference's screen)."""
    differing = []
    for name, args, value in used:
        if name not in differing and value != reference_answer(name, args):
            differing.append(name)
    if not differing:
        return None
    return ("this screen is what the reference program prints with your own functions' answers "
            "for the same calls: %s; %s mistakes are counted in %s tests"
            % ("; ".join(SHOWS[name] for name in differing),
               *(("its", "its") if len(differing) == 1 else ("their", "their"))))
