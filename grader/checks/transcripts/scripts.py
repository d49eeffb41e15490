"""The scripts typed into the games."""
import functools
import random

from grader import reference
from grader.assignment import MAX_GUESSES
from grader.checks.possible_words import possible_words
from grader.checks.transcripts.programs import EASY_WORDLE

REJECTED_STAND_IN = "zzzzz"  # not a word: the reference says "Invalid word" for it

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


def second_script(program, seeds):
    return ["cat", *seeds.guesses(program, program.second_guesses)]


def script_variants(script):
    """The input as the reference reads it, and with non-lower-case words rejected."""
    rejected = [line if line == line.lower() else REJECTED_STAND_IN for line in script]
    return [script] if rejected == script else [script, rejected]


def stdin_text(script):
    return "".join(line + "\n" for line in script)

