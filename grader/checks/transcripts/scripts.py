"""The scripts typed into the games."""
import functools

from grader import reference
from grader.assignment import MAX_GUESSES
from grader.checks.possible_words import possible_words
from grader.checks.transcripts.chosen_guesses import (GUESSES_BEFORE_THE_SECRET, rule_case_guesses,
                                                      sample_guesses)
from grader.checks.transcripts.programs import EASY_WORDLE

REJECTED_STAND_IN = "zzzzz"  # not a word: the reference says "Invalid word" for it


def loss_script(program, seeds):
    """Invalid input, then six valid guesses: played before the secret is known."""
    return lost_game(seeds.guesses(program, program.loss_guesses))


def lost_game(guesses):
    """The lost game's script typing six guesses."""
    first, second, third, *rest = guesses
    return ["aeiou", "darnit", "cat", first, "aaaaa", second, "banana", third, *rest]


def chosen_loss_script(program, secret, seeds):
    """The lost game's script for a secret learnt: six guesses, not the secret, the first
    four those win_script chooses for it."""
    chosen = guesses_for(program, secret, seeds)
    chosen += [word for word in seeds.guesses(program, program.loss_guesses)
               if word != secret.lower() and word not in chosen]
    return lost_game(chosen[:MAX_GUESSES])


def win_script(program, secret, seeds):
    """Invalid input, four guesses chosen for the secret (one in upper case; see
    chosen_guesses), then the secret."""
    first, second, *rest = guesses_for(program, secret, seeds)
    return ["beees", "", first, "ab", second.upper(), *rest, secret.lower()]


def guesses_for(program, secret, seeds):
    """GUESSES_BEFORE_THE_SECRET guesses (lower case, not the secret) chosen for the secret:
    for the easy game's samples, for the normal game's clue rule cases (chosen_guesses)."""
    if program is EASY_WORDLE:
        guesses = sample_guesses(secret, seeds.number, lambda opener: possible_after_one_clue(
            opener.upper(), reference.load().wordle.check_word(secret, opener.upper())))
    else:
        guesses = rule_case_guesses(secret, seeds.number)
        guesses += [word.lower() for word in seeds.guesses(program, program.second_guesses)
                    if word.lower() != secret.lower() and word.lower() not in guesses]
    return guesses[:GUESSES_BEFORE_THE_SECRET]


@functools.lru_cache(maxsize=64)
def _possible_after_one_clue(guess, clue):
    return tuple(possible_words(guess, clue))


def possible_after_one_clue(guess, clue):
    """The words of the word list (in its order) that, as the secret, give clue for guess:
    the first filter of every easy game over the whole list, remembered because a
    grading's games, their expected screens and the win script repeat it."""
    return list(_possible_after_one_clue(guess, tuple(clue)))


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

