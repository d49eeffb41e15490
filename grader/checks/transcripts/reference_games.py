"""The reference games, played in this process, and the screens they print."""
import contextlib
import functools
import io
import random
import sys
import threading
import time
from dataclasses import dataclass

from grader import reference
from grader.assignment import SAMPLE_SIZE
from grader.checks import expected_cache
from grader.checks.possible_words import possible_words
from grader.checks.screen import screen_lines
from grader.checks.transcripts.programs import EASY_WORDLE, PROGRAMS
from grader.checks.transcripts.reading import COUNT_LINE
from grader.checks.transcripts.scripts import accepted_guesses, possible_after_one_clue, stdin_text

GAME_CPU_KIND = "game-cpu"   # the reference games' CPU times in the cache of expected values


@dataclass(frozen=True)
class Samples:
    """Where the easy game shows count words drawn from possible (any order, no repeats);
    ordered is the possible words in the word list's order."""

    possible: frozenset
    count: int
    total: int
    ordered: tuple = ()


_reference_lock = threading.Lock()


def play_easy_incrementally(secret):
    """easy_wordle.play(secret), the same screen and the same random draws, in a fraction of
    the time: the words possible after k + 1 clues are the words possible after k clues that
    fit clue k + 1 (the same words in the same order, so random.sample draws the same), so
    each guess filters only the words still possible with its own clue, where the reference's
    show_possible filters the whole word list with every clue. The reference's own check
    decides every word (possible_words); only the order of filtering differs."""
    loaded = reference.load()
    easy = loaded.easy_wordle
    seen = []  # the clues the words in possible were filtered with
    possible = []

    def show_possible(clues):
        nonlocal possible
        if not seen or clues[:len(seen)] != seen:  # not an extension of the clues seen
            seen[:] = clues[:1]
            possible = possible_after_one_clue(*clues[0])
        for guess, clue in clues[len(seen):]:
            possible = possible_words(guess, clue, possible)
        seen[:] = [(guess, list(clue)) for guess, clue in clues]
        print(str(len(possible)) + " words possible:")
        for word in random.sample(possible, min(easy.SAMPLE_SIZE, len(possible))):
            print(word)

    loaded.wordle.play_game(secret, loaded.wordle.show_nothing, show_possible)


def reference_game(program):
    """The function that plays the reference game of program for a secret."""
    return play_easy_incrementally if program is EASY_WORDLE else program.play


LOST_GAME_SECRET = "ZESTY"   # a secret none of the programs' loss_guesses is
_game_cpu_lock = threading.Lock()


def reference_game_cpu(program):
    """CPU seconds the plain reference program (not the grader's shortcut) takes for a lost
    game of six guesses."""
    return reference_game_cpus()[program.module]


@functools.lru_cache(maxsize=1)
def reference_game_cpus():
    """{module: reference_game_cpu}, measured once on this machine and kept in the cache of
    expected values (`python -m grader prepare` measures them too); read once a process."""
    with _game_cpu_lock:
        stored = expected_cache.load_table(GAME_CPU_KIND)
        if not (type(stored) is dict and all(type(stored.get(each.module)) is float
                                             for each in PROGRAMS)):
            stored = {each.module: measure_lost_game(each) for each in PROGRAMS}
            expected_cache.save_table(stored, GAME_CPU_KIND)
    return stored


def measure_lost_game(program):
    """The least CPU time of three lost games of the plain reference program."""
    times = []
    for _ in range(3):
        with typed_into_reference(program.loss_guesses, io.StringIO()):
            started = time.thread_time()
            program.play(LOST_GAME_SECRET)
            times.append(time.thread_time() - started)
    return min(times)


@contextlib.contextmanager
def typed_into_reference(script, output):
    """The reference, in this process, reads script as typed and prints into output (one
    game at a time: stdin and stdout are the process's)."""
    with _reference_lock:
        saved_stdin = sys.stdin
        sys.stdin = io.StringIO(stdin_text(script))
        try:
            with contextlib.redirect_stdout(output):
                yield
        finally:
            sys.stdin = saved_stdin


def play_reference(program, secret, script):
    """Play the reference game for secret with script typed; return (output, finished).

    finished is False when the game wanted more input than the script has.
    """
    output = io.StringIO()
    try:
        with typed_into_reference(script, output):
            reference_game(program)(secret)
        finished = True
    except EOFError:
        finished = False
    return output.getvalue(), finished


def reference_output(program, secret, script):
    """What the reference game prints for secret when the user types script."""
    output, finished = play_reference(program, secret, script)
    if not finished:
        raise RuntimeError("grader bug: the script %r does not finish a game" % (script,))
    return output


@functools.lru_cache(maxsize=64)
def expected_screen(program, secret, script):
    """The reference's screen for script (a tuple of lines): ScreenLines, with Samples
    where the easy game samples. Cached: many students' games share a secret."""
    return with_samples(screen_lines(reference_output(program, secret, script)),
                        possible_after_each_guess(secret, script))


def possible_after_each_guess(secret, script):
    """The words possible after each guess the game accepts from script (the reference's
    filter_word_list, found fast), one list a guess, made as they are asked for."""
    possible = None  # before the first guess: the whole word list
    for guess in accepted_guesses(secret, script):
        clue = reference.load().wordle.check_word(secret, guess)
        possible = (possible_after_one_clue(guess, clue) if possible is None else
                    possible_words(guess, clue, possible))
        yield possible


def with_samples(lines, possible_lists):
    """The screen's lines, with the words shown after each 'N words possible:' line made one
    Samples of the next list of possible_lists (the words the game samples from)."""
    possible_lists = iter(possible_lists)
    expected, index = [], 0
    while index < len(lines):
        line = lines[index]
        expected.append(line)
        index += 1
        count = COUNT_LINE.match(line.plain or "")
        if count:
            possible = next(possible_lists)
            if len(possible) != int(count.group(1)):
                raise RuntimeError("grader bug: %d possible words where the game says %s"
                                   % (len(possible), count.group(1)))
            shown = min(SAMPLE_SIZE, len(possible))
            expected.append(Samples(frozenset(possible), shown, len(possible), tuple(possible)))
            index += shown
    return tuple(expected)

