"""Transcript tests: run the two programs as a user would and compare every line.

Each program is run (through the sandbox) with scripted input and a seeded
``random``. The secret is whatever the student's program picks: a first run
loses on purpose (six guesses) and its ``Answer:`` line tells the secret; a
second run with the same seed replays the game with a script built for that
secret, and wins. A third run with another seed is a second game and shows
whether the secret is really random (a hard-coded secret is caught).

No run is canned: each grading draws one number (``Seeds``; ``--seed``
replays it) from which the runs' random seeds and the order of the scripts'
guesses come, so a program that prints a recorded screen fails, while a
correct program passes for every seed.

For each run the reference game (``play(secret)`` of the kit's wordle.py or
easy_wordle.py) is played in this process with the same secret and input,
and its screen is the expected one. Upper-case input may be accepted (as the
reference does) or rejected as an invalid word (the assignment allows
lower-case-only input): both screens are expected, either passes. The easy
game's sampled words are random: they must be min(5, N) distinct words that
are possible at that point, in any order.
"""
import contextlib
import difflib
import functools
import hashlib
import io
import random
import math
import re
import sys
import threading
import time
from dataclasses import dataclass

from grader import assignment, reference
from grader.checks import expected_cache
from grader.checks.possible_words import possible_words
from grader.checks.function_runner import cpu_text
from grader.assignment import MAX_GUESSES, QUIET_TIMEOUT, RUN_TIMEOUT, SAMPLE_SIZE
from grader.checks.screen import ESCAPE, screen_lines
from grader.results.outcome import Diff, Outcome, TestSpec
from grader.sandbox.child.codec import Status

SEED_RANGE = 10 ** 9
REJECTED_STAND_IN = "zzzzz"  # not a word: the reference says "Invalid word" for it
SHOWN_DIFF_LINES = 60
SHOWN_SPACING_NOTES = 3
SHOWN_ERROR_LINES = 4

ANSWER = re.compile(r"answer\b[^a-z]*(?:(?:was|is)[^a-z]+)?([a-z]{5})\b", re.IGNORECASE)
COUNT_LINE = re.compile(r"^(\d+) words possible:$")


@dataclass(frozen=True)
class Program:
    """One of the two programs and the fixed parts of its scripts."""

    program: assignment.Program
    loss_guesses: tuple  # six valid words, played before the secret is known
    second_guesses: tuple  # six more for the second game (one in upper case)

    @property
    def module(self):
        return self.program.module

    @property
    def group(self):
        return self.program.group

    @property
    def file(self):
        return self.program.file

    @property
    def play(self):
        return reference.load().module(self.module).play

    def spec(self, key, name):
        return TestSpec("%s.%s" % (self.group, key), self.group, "%s: %s" % (self.file, name))

    @property
    def specs(self):
        return (self.spec("loss", "a lost game (six wrong guesses, after invalid words and "
                                  "words of the wrong length)"),
                self.spec("win", "a won game, replayed with the same secret (upper-case input "
                                 "included)"),
                self.spec("second_game", "a second game with another random secret"))


WORDLE = Program(assignment.WORDLE,
                 ("radio", "druid", "sweat", "plonk", "fuzzy", "might"),
                 ("robot", "roads", "Crane", "whelp", "gizmo", "fudge", "hello"))
EASY_WORDLE = Program(assignment.EASY_WORDLE,
                      ("raise", "count", "plumb", "wight", "fjord", "vixen"),
                      ("slate", "irony", "CHUMP", "dwell", "gawky", "serif", "hello"))
PROGRAMS = (WORDLE, EASY_WORDLE)
GAME_CPU_KIND = "game-cpu"   # the reference games' CPU times in the cache of expected values
SPECS = tuple(spec for program in PROGRAMS for spec in program.specs)


@dataclass(frozen=True)
class Seeds:
    """What one grading draws: the random seeds of a program's three runs and the order of
    its scripts' guesses, all from one number (a TA replays it with --seed)."""

    number: int

    @staticmethod
    def draw():
        return Seeds(random.SystemRandom().randrange(SEED_RANGE))

    @staticmethod
    def for_submission(key, files):
        """The seeds of a submission's files ({name: bytes}) under a secret key: the same
        files always get the same runs, which nobody without the key can foresee."""
        digest = hashlib.sha256(key)
        for name in sorted(files):
            content = files[name]
            digest.update(b"\0%s\0%d\0" % (name.encode(), len(content)) + content)
        return Seeds(int.from_bytes(digest.digest()[:8], "big") % SEED_RANGE)

    def rng(self, program):
        return random.Random("%d %s" % (self.number, program.module))

    def runs(self, program):
        """The seeds of the first (and replayed), second and third games: all different."""
        return tuple(self.rng(program).sample(range(SEED_RANGE), 3))

    def guesses(self, program, guesses):
        """The guesses in an order drawn for this grading (the upper-case one stays upper)."""
        shuffled = list(guesses)
        random.Random("%d %s %s" % (self.number, program.module, guesses[0])).shuffle(shuffled)
        return tuple(shuffled)


# ---------------------------------------------------------------- scripts

def loss_script(program, seeds):
    """Invalid input, then six valid guesses: played before the secret is known."""
    first, second, third, *rest = seeds.guesses(program, program.loss_guesses)
    return ["aeiou", "darnit", "cat", first, "aaaaa", second, "banana", third, *rest]


def win_script(program, secret, seeds):
    """Invalid input, guesses that are not the secret (one in upper case), then the secret."""
    if program is EASY_WORDLE:
        guesses = narrowing_guesses(secret, seeds.number)
    else:
        guesses = [w.lower() for w in seeds.guesses(program, program.second_guesses)
                   if w.lower() != secret.lower()]
    return ["beees", "", guesses[0], "ab", guesses[1].upper(), guesses[2], secret.lower()]


@functools.lru_cache(maxsize=64)
def _possible_after_one_clue(guess, clue):
    return tuple(possible_words(guess, clue))


def possible_after_one_clue(guess, clue):
    """The words of the word list (in its order) that, as the secret, give clue for guess:
    the first filter of every easy game over the whole list, remembered because a
    grading's games, their expected screens and the win script repeat it."""
    return list(_possible_after_one_clue(guess, tuple(clue)))


OPENERS = ("slate", "crane")
NARROWING_TARGETS = (8, 3)  # possible words wished for after the second and third guess


def narrowing_guesses(secret, seed):
    """Three guesses (not the secret) that leave few possible words, so that the easy
    game's samples are small and a sample with repeats is likely to show."""
    rng = random.Random("%s %d" % (secret, seed))
    guesses = [next(w for w in OPENERS if w != secret.lower())]
    first = guesses[0].upper()
    possible = possible_after_one_clue(first, reference.load().wordle.check_word(secret, first))
    for target in NARROWING_TARGETS:
        candidates = [w for w in rng.sample(reference.load().words, 40) + possible[:20]
                      if w != secret.lower() and w not in guesses]

        def distance(word):
            return abs(len(narrowed(possible, word, secret)) - target)
        guesses.append(min(candidates, key=distance))
        possible = narrowed(possible, guesses[-1], secret)
    return guesses


def narrowed(possible, guess, secret):
    """The words of possible that also fit guess's clue (possible fits the earlier clues)."""
    clue = reference.load().wordle.check_word(secret, guess.upper())
    return possible_words(guess.upper(), clue, possible)


def second_script(program, seeds):
    return ["cat", *seeds.guesses(program, program.second_guesses)]


def script_variants(script):
    """The input as the reference reads it, and with non-lower-case words rejected."""
    rejected = [line if line == line.lower() else REJECTED_STAND_IN for line in script]
    return [script] if rejected == script else [script, rejected]


def stdin_text(script):
    return "".join(line + "\n" for line in script)


# ---------------------------------------------------------------- the expected screen

@dataclass(frozen=True)
class Samples:
    """Where the easy game shows count words drawn from possible (any order, no repeats)."""

    possible: frozenset
    count: int
    total: int


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


def accepted_guesses(secret, script):
    """The guesses a game accepts from script (the reference's rule), up to the end of the game."""
    guesses = []
    for line in script:
        word = line.lower()
        if len(word) == 5 and word in reference.load().word_set:
            guesses.append(word.upper())
            if word.upper() == secret or len(guesses) == MAX_GUESSES:
                break
    return guesses


@functools.lru_cache(maxsize=64)
def expected_screen(program, secret, script):
    """The reference's screen for script (a tuple of lines): ScreenLines, with Samples
    where the easy game samples. Cached: many students' games share a secret."""
    lines = screen_lines(reference_output(program, secret, script))
    guesses = iter(accepted_guesses(secret, script))
    possible = None  # before the first guess: the whole word list
    expected, index = [], 0
    while index < len(lines):
        line = lines[index]
        expected.append(line)
        index += 1
        count = COUNT_LINE.match(line.plain or "")
        if count:
            guess = next(guesses)
            clue = reference.load().wordle.check_word(secret, guess)
            possible = (possible_after_one_clue(guess, clue) if possible is None else
                        possible_words(guess, clue, possible))
            if len(possible) != int(count.group(1)):
                raise RuntimeError("grader bug: %d possible words after %s, the reference says %s"
                                   % (len(possible), guess, count.group(1)))
            shown = min(SAMPLE_SIZE, len(possible))
            expected.append(Samples(frozenset(possible), shown, len(possible)))
            index += shown
    return tuple(expected)


# ---------------------------------------------------------------- comparing screens

@dataclass
class Comparison:
    matches: bool
    problem: str  # the first difference, for people
    expected_rows: list  # (key, text) of the expected lines, as shown in the diff
    notes: list  # forgiven spacing differences


def samples_problem(sample, block):
    """Why the lines of block are not a valid sample, or ""."""
    if len(block) < sample.count:
        return "expected %d words after '%d words possible:', the output has only %d" % (
            sample.count, sample.total, len(block))
    words = []
    for index, line in enumerate(block):
        word = (line.plain or "").strip()
        if not re.fullmatch("[a-z]{5}", word):
            if word.lower() in sample.possible:
                return "%r should be in lower case, as in words.py" % word
            return "expected %d words after '%d words possible:', got %d, then %r" % (
                sample.count, sample.total, index, line.text)
        if word not in sample.possible:
            return "%r is not one of the %d possible words" % (word, sample.total)
        words.append(word)
    repeated = sorted({word for word in words if words.count(word) > 1})
    if repeated:
        return ("the words shown repeat %s: the %d words must be different (random.choices "
                "and repeated randint can pick a word twice; random.sample cannot)"
                % (", ".join(repeated), sample.count))
    return ""


def sample_placeholder(sample):
    return "(%d different words of the %d possible)" % (sample.count, sample.total)


def compare_screens(got, expected):
    """Walk the expected screen along the student's lines; stop at the first difference."""
    shown, notes, position = [], [], 0
    for index, item in enumerate(expected):
        if isinstance(item, Samples):
            block = got[position:position + item.count]
            problem = samples_problem(item, block)
            if problem:
                return Comparison(False, problem, shown + rest_of(expected[index:]), notes)
            shown.extend(row(line) for line in block)
            position += item.count
            continue
        if position >= len(got):
            problem = "the output ends early: next, line %d should be %r" % (position + 1, item.text)
            return Comparison(False, problem, shown + rest_of(expected[index:]), notes)
        line = got[position]
        if line.key != item.key:
            return Comparison(False, first_difference(position, got, item, expected[index + 1:]),
                              shown + rest_of(expected[index:]), notes)
        if line.text != item.text:
            notes.append("line %d: spacing differs from the reference, which is forgiven: "
                          "expected %r, got %r" % (position + 1, item.text, line.text))
        shown.append(row(line))
        position += 1
    if position < len(got):
        return Comparison(False, "line %d is extra (the game should have ended): %r"
                          % (position + 1, got[position].text), shown, notes)
    return Comparison(True, "", shown, notes)


def row(line):
    return (line.key, line.text)


def rest_of(items):
    """Rows for the expected items not reached; each sample is one placeholder row."""
    return [(("samples", item), sample_placeholder(item)) if isinstance(item, Samples)
            else row(item) for item in items]


VALID_SAMPLE = "   (a valid sample word)"


def with_valid_samples(expected_rows, got_rows, opcodes):
    """Opcodes in which a placeholder row facing words that are a valid sample for it counts
    as equal: the student's words are then shown as valid, not as a difference."""
    result = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "replace" and i2 - i1 == 1 and expected_rows[i1][0][0] == "samples":
            sample = expected_rows[i1][0][1]
            block = [ScreenLineText(text) for _, text in got_rows[j1:j2]]
            if j2 - j1 == sample.count and not samples_problem(sample, block):
                result.append(("samples", i1, i2, j1, j2))
                continue
        result.append((tag, i1, i2, j1, j2))
    return result


@dataclass(frozen=True)
class ScreenLineText:
    """A plain line of the student's screen, as samples_problem reads it."""

    text: str

    @property
    def plain(self):
        return self.text


def first_difference(position, got, item, following):
    """The first difference, as "line N is extra", "line N is missing" or "line N differs"."""
    number, line = position + 1, got[position]
    upcoming = following[0] if following else None
    if upcoming is not None and not isinstance(upcoming, Samples) and line.key == upcoming.key:
        return "line %d is missing: expected %r before %r" % (number, item.text, line.text)
    if position + 1 < len(got) and got[position + 1].key == item.key:
        return "line %d is extra: %r (the next line, %r, is the expected one)" % (
            number, line.text, item.text)
    return "line %d differs: expected %r, got %r" % (number, item.text, line.text)


def diff_block(expected_rows, got):
    """A diff of the expected rows and the student's lines, lines compared by key
    (so forgiven spacing never shows as a difference), with 2 lines of context."""
    got_rows = [row(line) for line in got]
    matcher = difflib.SequenceMatcher(None, [key for key, _ in expected_rows],
                                      [key for key, _ in got_rows], autojunk=False)
    tagged = []
    for group in matcher.get_grouped_opcodes(2):
        tagged.append(("@", "expected lines %d-%d, your lines %d-%d"
                       % (group[0][1] + 1, group[-1][2], group[0][3] + 1, group[-1][4])))
        for tag, i1, i2, j1, j2 in with_valid_samples(expected_rows, got_rows, group):
            if tag == "equal":
                tagged.extend((" ", text) for _, text in got_rows[j1:j2])
            elif tag == "samples":
                tagged.extend((" ", text + VALID_SAMPLE) for _, text in got_rows[j1:j2])
            else:
                tagged.extend(("-", text) for _, text in expected_rows[i1:i2])
                tagged.extend(("+", text) for _, text in got_rows[j1:j2])
    if len(tagged) > SHOWN_DIFF_LINES:
        tagged = tagged[:SHOWN_DIFF_LINES] + [("@", "... %d more diff lines"
                                                % (len(tagged) - SHOWN_DIFF_LINES))]
    return Diff("- expected (the reference), + got (your program); [R:green] is a green R, "
                "\\[ a [ printed as text", tuple(tagged))


# ---------------------------------------------------------------- judging one run

def learn_secret(run):
    """The secret a run's Answer line shows (upper case), or None."""
    found = [word.upper() for word in ANSWER.findall(ESCAPE.sub("", run.stdout))
             if word.lower() in reference.load().word_set]
    return found[-1] if found else None


COLOURS = ("green", "yellow", "grey")


def history_row(line):
    """(word, colours) when line shows a guess in colours (a history row), else None."""
    coloured = [(char, colour) for char, colour in line.tokens if colour is not None]
    if len(coloured) != 5 or any(colour not in COLOURS for _, colour in coloured):
        return None
    return "".join(char for char, _ in coloured).upper(), [colour for _, colour in coloured]


def history_blocks(output):
    """The runs of consecutive history rows of a screen, each a list of (word, colours)."""
    blocks, current = [], []
    for line in screen_lines(output):
        found = history_row(line)
        if found:
            current.append(found)
        elif current:
            blocks.append(current)
            current = []
    return blocks + ([current] if current else [])


def fitting_secrets(run):
    """The words (upper case) that give every coloured row the run showed. A game that prints
    no Answer line can still be compared with any of them: the reference's screen before its
    Answer line depends only on the guesses and their clues."""
    rows = {word: colours for block in history_blocks(run.stdout) for word, colours in block}
    if not rows:
        return []
    check_word = reference.load().wordle.check_word
    return [word for word in upper_words()
            if all(check_word(word, guess) == colours for guess, colours in rows.items())]


@functools.lru_cache(maxsize=1)
def upper_words():
    return tuple(word.upper() for word in reference.load().words)


def shared_list_hint(run, secret):
    """A line when every reprinted history shows all its guesses in the right colours of its
    last guess, while their own clues differ (check_word returning one list object that it
    changes each call), else None."""
    check_word = reference.load().wordle.check_word
    blocks = [block for block in history_blocks(run.stdout) if len(block) >= 2]
    telling = False
    for block in blocks:
        right = [check_word(secret, word) for word, _ in block]
        if any(colours != right[-1] for _, colours in block):
            return None
        telling = telling or any(clue != right[-1] for clue in right)
    if not telling:
        return None
    return ("every guess of the history is shown in the colours of the last one: does "
            "check_word return the same list object each time (a list made once, outside the "
            "function, and changed)? Earlier clues then change too")


def shows_win(run, secret):
    """Whether the run's output has the secret as an all-green line."""
    won = tuple((letter, "green") for letter in secret)
    return any(line.key[-5:] == won for line in screen_lines(run.stdout))


def run_problems(program, run, guard_hint):
    """Lines about how the run ended, when it did not end normally."""
    problems = []
    if run.status == Status.TIMEOUT:
        problems.append("the program did not finish: it printed nothing for %g s, or ran for %g s "
                        "(of wall-clock time: waiting for something?)" % (QUIET_TIMEOUT, RUN_TIMEOUT))
    elif run.status == Status.WAITED_FOR_INPUT:
        problems.append("the program asked for more input after the test's input ran out: the "
                        "game should have ended (after a win, or after the sixth guess)")
    elif run.cpu_exhausted:
        reference_cpu = reference_game_cpu(program)
        problems.append("the program was stopped: it used up its CPU time limit of %.0f s (an "
                        "endless loop?); the reference's longest game takes %s, and a game "
                        "may take %d times that, at least %g s"
                        % (math.ceil(assignment.game_cpu_limit(reference_cpu)),
                           cpu_text(reference_cpu), assignment.CPU_MULTIPLE,
                           assignment.GAME_CPU_FLOOR))
    elif run.status == Status.CRASHED:
        problems.append("the program was stopped: %s" % run.detail)
    elif run.status in (Status.RAISED, Status.EXITED):
        problems.append("the program stopped with an error: %s" % run.detail)
        error_lines = run.stderr.strip().splitlines()[-SHOWN_ERROR_LINES:]
        if error_lines:
            problems.append("its error output ended with:")
            problems.extend("    " + line for line in error_lines)
    if run.output_truncated and run.status != Status.CRASHED:
        problems.append("the program printed more than the output limit")
    if not run.stdout.strip() and guard_hint:
        problems.extend(guard_hint)
    return problems


def judge_run(program, run, secret, script, guard_hint=()):
    """Outcome of one run whose secret is known, against the reference's screens."""
    problems = run_problems(program, run, guard_hint)
    got = screen_lines(run.stdout)
    comparisons = []
    for variant in script_variants(script):
        comparisons.append(compare_screens(got, expected_screen(program, secret, tuple(variant))))
        if comparisons[-1].matches:
            break
    matching = [c for c in comparisons if c.matches]
    if matching and not problems:
        return Outcome(True, notes=capped_notes(matching[0].notes))
    details = ["typed: %s" % " | ".join(script), "secret: %s" % secret] + problems
    hint = shared_list_hint(run, secret)
    if hint:
        details.append(hint)
    comparison = matching[0] if matching else comparisons[0]
    if not comparison.matches:
        details.append(comparison.problem)
        if len(comparisons) > 1:
            details.append("(upper-case input may be accepted or called an invalid word; "
                           "the screen matched neither)")
        details.append(diff_block(comparison.expected_rows, got))
    return Outcome(False, details, capped_notes(comparison.notes))


def capped_notes(notes):
    """The first few spacing notes and how many more there were."""
    if len(notes) <= SHOWN_SPACING_NOTES:
        return notes
    return notes[:SHOWN_SPACING_NOTES] + ["... and %d more spacing differences"
                                          % (len(notes) - SHOWN_SPACING_NOTES)]


def without_answer(outcome):
    """A run compared with the secret its clues told, as it showed no Answer line."""
    outcome.details.insert(2, "the program printed no 'Answer: SECRET' line; the secret above is "
                              "a word that gives every clue it showed (the screen before the "
                              "Answer line is the same for each such word)")
    return outcome


def no_secret_outcome(program, run, script, guard_hint):
    """The run showed no Answer line: nothing to compare with, say what it printed."""
    problems = run_problems(program, run, guard_hint)
    got = [line.text for line in screen_lines(run.stdout)]
    details = ["typed: %s" % " | ".join(script)] + problems
    if run.status == Status.OK:  # it ended on its own: the Answer line is what was missing
        details.append("the game's secret could not be found: after a win or the sixth guess "
                       "the program must print 'Answer: SECRET'")
    if got:
        details.append(Diff("the end of what your program printed", tuple(
            (" ", text) for text in got[-15:])))
    elif run.status == Status.OK:
        details.append("the program printed nothing")
    return Outcome(False, details)


# ---------------------------------------------------------------- the three runs of a program

def test_program(box, program, seeds, guard_hint=(), skip_reason=None):
    """Run the three scenarios of program with seeds (a Seeds); return {test id: Outcome}.

    With a skip_reason (e.g. importing the module never finished) nothing is run.
    A first game that does not finish stops the other two, which could not either.
    """
    loss_id, win_id, second_id = (spec.id for spec in program.specs)
    if skip_reason:
        return {test_id: Outcome.failed(skip_reason) for test_id in (loss_id, win_id, second_id)}

    def run(script, seed):
        result = box.run_program(program.module, stdin_text(script), seed, timeout=RUN_TIMEOUT,
                                 quiet_timeout=QUIET_TIMEOUT, cpu_limit=assignment.game_cpu_limit(
                                     reference_game_cpu(program)))
        return result, learn_secret(result)

    runs = {}
    first_seed, second_seed, third_seed = seeds.runs(program)
    loss = loss_script(program, seeds)
    first_run, secret = run(loss, first_seed)
    if first_run.status == Status.MISSING_MODULE:
        return {test_id: Outcome.failed("%s was not submitted" % program.file)
                for test_id in (loss_id, win_id, second_id)}
    if secret is None:
        fitting = fitting_secrets(first_run)
        runs[loss_id] = (without_answer(judge_run(program, first_run, fitting[0], loss, guard_hint))
                         if fitting else no_secret_outcome(program, first_run, loss, guard_hint))
        secret = fitting[0] if len(fitting) == 1 else None  # a replay needs the very secret
    else:
        runs[loss_id] = judge_run(program, first_run, secret, loss, guard_hint)
    if first_run.status == Status.TIMEOUT:
        not_run = "not run: the first game did not finish"
        runs[win_id] = runs[second_id] = Outcome.failed(not_run)
        return runs

    if secret is None:
        runs[win_id] = Outcome.failed("not run: the first game showed no secret to replay")
    else:
        win = win_script(program, secret, seeds)
        win_run, replayed = run(win, first_seed)
        if replayed is not None and replayed != secret:
            runs[win_id] = Outcome.failed(
                "with the same random seed the secret was %s, then %s: choose the secret once, "
                "with the random module (e.g. random.choice(words)), when the game starts"
                % (secret, replayed))
        else:
            runs[win_id] = judge_run(program, win_run, secret, win, guard_hint)
            if replayed is None and not shows_win(win_run, secret):
                runs[win_id].details.insert(0, (
                    "the game did not take %s as the answer: with the same random seed (%d) as "
                    "the first game it should pick the same secret (choose it once, with the "
                    "random module, when the game starts), compare guesses with it in the same "
                    "case, and check_word should make it all green" % (secret, first_seed)))

    second = second_script(program, seeds)
    second_run, second_secret = run(second, second_seed)
    if second_secret is None and fitting_secrets(second_run):
        runs[second_id] = without_answer(judge_run(program, second_run,
                                                   fitting_secrets(second_run)[0], second,
                                                   guard_hint))
    elif second_secret is None:
        runs[second_id] = no_secret_outcome(program, second_run, second, guard_hint)
    elif second_secret == secret and run(second, third_seed)[1] == secret:
        runs[second_id] = Outcome.failed(
            "the secret was %s in three games with different random seeds: it must be chosen at "
            "random from the word list (e.g. random.choice(words))" % secret)
    else:
        runs[second_id] = judge_run(program, second_run, second_secret, second, guard_hint)
    return runs
