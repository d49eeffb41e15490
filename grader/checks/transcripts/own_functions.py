"""The screen a program prints through the student's own functions.

A function's mistakes are charged once, by its function tests, never by a game that
happens to show them. So a game's screen is also right when it is what the reference
program would print if its five functions returned what the student's own functions
return for the same calls: the student's check_word on each guess against the secret,
known_word, yes_letters and no_letters on the clue history before each prompt,
filter_word_list on the word list and the clues after each guess. Nothing is taken on
trust: only a function wrong by its own tests answers for itself (one all of whose tests
passed is the reference for its games), and only while it answers each call as it did in
its tests (some of its test calls are made again after the games' calls, and a game call
its tests made too must get the same value); one that answers a call differently keeps
state between calls, is named, and the reference answers for it. Those calls are made
in the sandbox (each one once a grading), after the function tests, in a fixed order, in
a new process that imports the student's code afresh (so nothing the tests left there,
a memory of the test calls or a count of them, changes the answers), so they cannot change
what the function tests saw; a call that fails (an error, a timeout, a
value of the wrong type) leaves no such screen, and a function that times out or crashes
is not called again for it. A list of letters where a string is asked for (the function's
tests charge it), or a tuple of them, answers as `print(label, letters)` shows it:
"Grey Letters: ['E', 'T']".

The reference game is then played in this process by fresh copies of the reference
modules whose five functions answer from those values: the reference's own code, so
the screen is exactly the one it would print.
"""
import builtins
import copy
import functools
import io
import json
import pathlib
import types
from dataclasses import dataclass

from grader import assignment, reference
from grader.assignment import MAX_GUESSES
from grader.checks import parsing
from grader.checks.function_runner import call_key, has_return_type, shown
from grader.checks.possible_words import possible_words
from grader.checks.give_up import trouble_kind
from grader.checks.screen import screen_lines
from grader.checks.transcripts.programs import EASY_WORDLE
from grader.checks.transcripts.reference_games import (reference_game_cpu, typed_into_reference,
                                                       with_samples)
from grader.sandbox import Status

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
    (a Status, or NOT_CALLED, or WRONG_TYPE)."""

    def __init__(self, name, args, status):
        super().__init__(name)
        self.name, self.args, self.status = name, args, status


NOT_CALLED = "not called"   # the function had stopped at an earlier call
WRONG_TYPE = "wrong type"   # it returned, but not the type the assignment asks for
# How a call that stops the program ends, and the ends of a game it explains.
STOPPING_ENDS = {Status.TIMEOUT: "did not return within its CPU time limit",
                 Status.RAISED: "raised an error",
                 Status.CRASHED: "ended the program",
                 Status.EXITED: "ended the program"}


REPEATED_TEST_CALLS = 2  # test calls of a function made again after each batch of its game calls


class OwnFunctions:
    """The student's five functions, called through the sandbox, each call once; tested (a
    function_runner.FunctionTestRun) says which of them answer for themselves and what they
    answered in their tests."""

    def __init__(self, box, tested):
        self.box = box
        self.fresh = False  # whether the calls child was started afresh for these calls
        self.tested = tested
        self.own = tested.failed_functions()     # the functions that answer for themselves
        self.answers = {}   # (function name, call_key(args)) -> value, or a NoAnswer
        self.stopped = set()    # names of the functions that timed out or crashed
        self.inconsistent = {}  # name -> (args, value in its tests, value later)
        self.repeated = {}  # name -> how many of its test calls were made again
        self.budget_spent = None    # why calls were not made once the grading's time was spent

    def fetch(self, name, calls, cpu_limit):
        """Make the calls (lists of arguments) of the function not made yet; after a call that
        times out or crashes, the function's later calls are not made. Then some of its test
        calls again: a value unlike its tests' names the function inconsistent."""
        if name not in self.own or name in self.inconsistent:
            return
        made = False
        for args in calls:
            key = (name, call_key(args))
            if key in self.answers:
                continue
            if name in self.stopped:
                self.answers[key] = NoAnswer(name, args, NOT_CALLED)
                continue
            self.answers[key] = self._call(name, args, cpu_limit)
            made = True
            self._check_consistent(name, args, self.answers[key])
        if made and name not in self.stopped:
            for args in self._test_calls_to_repeat(name):
                self._check_consistent(name, args, self._call(name, args, cpu_limit))

    def _call(self, name, args, cpu_limit):
        if not self.fresh:     # nothing the function tests left in the student's process counts
            self.box.fresh_calls()
            self.fresh = True
        function = assignment.FUNCTIONS[name]
        result = self.box.call(function.module, name, list(args),
                               timeout=assignment.wall_limit(cpu_limit), cpu_limit=cpu_limit)
        answer = as_answer(function, result.value) if result.status == Status.OK else None
        if answer is not None:
            return answer
        status = WRONG_TYPE if result.status == Status.OK else result.status
        if status == Status.BUDGET_SPENT:
            self.budget_spent = result.detail
        if status != WRONG_TYPE and (status != Status.RAISED
                                     or trouble_kind(result, cpu_limit) is not None):
            self.stopped.add(name)
        return NoAnswer(name, args, status)

    def _test_calls_to_repeat(self, name):
        """The next REPEATED_TEST_CALLS of the function's test calls, shortest first (the
        cheapest to make again), each made again once at most, as argument lists."""
        keys = sorted(self.tested.answers.get(name, {}), key=lambda key: (len(key), key))
        start = self.repeated.get(name, 0)
        self.repeated[name] = start + REPEATED_TEST_CALLS
        return [json.loads(key) for key in keys[start:start + REPEATED_TEST_CALLS]]

    def _check_consistent(self, name, args, value):
        """Name the function inconsistent when value is not what it returned for args in its
        tests (a list of words in any order, as its tests accept)."""
        function = assignment.FUNCTIONS[name]
        tested = as_answer(function, self.tested.answers.get(name, {}).get(call_key(args)))
        if name in self.inconsistent or tested is None or isinstance(value, NoAnswer):
            return
        same = sorted(value) == sorted(tested) if function.any_order else value == tested
        if not same:
            self.inconsistent[name] = (args, tested, value)

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
        return ["%s answered the same call differently at two times: %s(%s) returned %s in its "
                "tests, then %s: it keeps state between calls, so no game is judged through its "
                "answers (the reference's are used)"
                % (name, name, shown_args(name, args), shown(before, 80), shown(after, 80))
                for name, (args, before, after) in self.inconsistent.items() if name in used]


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
