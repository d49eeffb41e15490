"""The two programs under test and what one grading draws for their games."""
import hashlib
import random
from dataclasses import dataclass

from grader import assignment, reference
from grader.results.outcome import TestSpec

SEED_RANGE = 10 ** 9


@dataclass(frozen=True)
class Program:
    """One of the two programs and the fixed parts of its scripts."""

    program: assignment.Program
    loss_guesses: tuple  # six valid words, played before the secret is known
    second_guesses: tuple  # six more for the second game (one in upper case)
    second_game_checks: str  # the second game's test name: what it checks

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
                self.spec("second_game", self.second_game_checks))


WORDLE = Program(assignment.WORDLE,
                 ("radio", "druid", "sweat", "plonk", "fuzzy", "might"),
                 ("robot", "roads", "Crane", "whelp", "gizmo", "fudge", "hello"),
                 "a second game with another random seed: the secret is drawn at random from "
                 "the word list (not hard-coded or fixed by a seed), and the game is played right")
EASY_WORDLE = Program(assignment.EASY_WORDLE,
                      ("raise", "count", "plumb", "wight", "fjord", "vixen"),
                      ("slate", "irony", "CHUMP", "dwell", "gawky", "serif", "hello"),
                      "a second game with another random seed: the secret and the words shown "
                      "are drawn at random (not hard-coded, fixed by a seed or picked by a "
                      "rule), and the game is played right")
PROGRAMS = (WORDLE, EASY_WORDLE)
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

    def seeded_runs(self, program):
        """The seeds of the three runs in which the program's own seedings take effect."""
        return tuple(random.Random("%d %s seeded" % (self.number, program.module)).sample(
            range(SEED_RANGE), 3))

    def guesses(self, program, guesses):
        """The guesses in an order drawn for this grading (the upper-case one stays upper)."""
        shuffled = list(guesses)
        random.Random("%d %s %s" % (self.number, program.module, guesses[0])).shuffle(shuffled)
        return tuple(shuffled)

