"""Guesses chosen for a secret already learnt, so that a program's own mistakes show in
every grading, whatever secret the draw gave.

- The normal game's won game types a guess for each rule case of the clues that the
  secret allows (``RULE_CASES``): a letter twice in the guess and once in the secret, out
  of place and with one copy in place; a letter twice in the guess and in the secret; a
  green and a yellow of the same letter; a letter three times in the guess. A program
  that colours letters itself (not through check_word) and gets a case wrong fails in
  every grading whose secret allows the case (every secret allows the first two and the
  last; the others need a secret with a doubled letter).
- The easy game's won game keeps exactly ``SAMPLE_TARGET`` words possible for as many
  turns as it can: the first guess shares letters in place with the secret, the next one
  narrows to five words, and the others share no letter with any of them (the same five
  stay possible). Five words drawn from five show a repeat (``random.choices``, repeated
  ``randint``) or an index one past the end (``randint(0, len(words))``) most often;
  ``sample_miss_probability`` says how likely a mistaken program is to get through a game,
  ``grading_sample_miss`` a grading's games.

The secrets stay unforeseeable; the kinds of situation are fixed. The words are picked
from the candidates by a generator seeded with the grading's number.
"""
import functools
import itertools
import math
import random
import string

from grader import reference
from grader.assignment import SAMPLE_SIZE
from grader.checks import possible_words as possible_index
from grader.checks.possible_words import possible_words

# The won games win at the fifth guess, so a game that does not stop at a win is seen.
GUESSES_BEFORE_THE_SECRET = 4
SAMPLE_TARGET = SAMPLE_SIZE   # possible words wished for at each turn of the easy game's won game
NARROWING_CANDIDATES = 60   # first guesses tried
NARROWING_SEARCH = 600      # second guesses tried at most
FIRST_GUESS_OPTIONS = 4
MAX_NARROWING = 3           # guesses that narrow, the first included; the others keep
KEEPING_SEARCH = 300        # words sharing fewest letters tried as keeping guesses
SAMPLE_MISS_TARGET = 1e-6   # a mistaken sampling shows in all but this share of gradings


LETTER_BITS = {letter: 1 << index for index, letter in enumerate(string.ascii_lowercase)}


@functools.lru_cache(maxsize=1)
def word_masks():
    """[(word, a bit mask of its letters)] of the word list."""
    return [(word, letter_mask(word)) for word in reference.load().words]


def letter_mask(letters):
    return sum(LETTER_BITS[letter] for letter in set(letters))


@functools.lru_cache(maxsize=1)
def word_positions():
    return {word: position for position, word in enumerate(reference.load().words)}


@functools.lru_cache(maxsize=1)
def words_with_count():
    """{(letter, count): [words with the letter exactly count times]} (count 2 or 3)."""
    table = {}
    for word in reference.load().words:
        if len(set(word)) < len(word):
            for letter in sorted(set(word)):
                if word.count(letter) >= 2:
                    table.setdefault((letter, word.count(letter)), []).append(word)
    return table


def doubled_in_guess(secret_count, in_place):
    """The rule case: a letter twice in the guess, secret_count times in the secret, with
    in_place copies of it in their place."""
    def case(secret, letter, word):
        places = [i for i in range(5) if word[i] == letter]
        return (len(places) == 2 and secret.count(letter) == secret_count
                and sum(secret[i] == letter for i in places) == in_place)
    return case


def green_and_yellow(secret, letter, word):
    """One copy of the letter in its place, another out of place, the secret having two."""
    places = [i for i in range(5) if word[i] == letter]
    return (secret.count(letter) >= 2 and any(secret[i] == letter for i in places)
            and any(secret[i] != letter for i in places))


def tripled(secret, letter, word):
    return word.count(letter) == 3


# (name, the letters of the secret it is about (count in the secret), the guess's count, test)
RULE_CASES = (
    ("twice in the guess, once in the secret, out of place", 1, 2, doubled_in_guess(1, 0)),
    ("twice in the guess, once in the secret, one copy in place", 1, 2, doubled_in_guess(1, 1)),
    ("green and yellow of the same letter", 2, 2, green_and_yellow),
    ("three times in the guess", 1, 3, tripled),
    ("twice in the guess and in the secret, out of place", 2, 2, doubled_in_guess(2, 0)),
)


def rule_case_guesses(secret, number, count=GUESSES_BEFORE_THE_SECRET):
    """Up to count guesses (lower case, not the secret), one per rule case the secret allows
    (the first count of them), chosen at random among the words that make it."""
    secret = secret.lower()
    rng = random.Random("%s %d rules" % (secret, number))
    chosen = []
    for _, secret_count, guess_count, case in RULE_CASES:
        letters = sorted({letter for letter in secret if secret.count(letter) >= secret_count})
        fitting = [word for letter in letters
                   for word in words_with_count().get((letter, guess_count), ())
                   if word != secret and word not in chosen and case(secret, letter, word)]
        if not fitting and guess_count == 3:    # no triple shares a letter with the secret
            fitting = [word for (_, times), words in sorted(words_with_count().items())
                       if times == 3 for word in words if word != secret]
        if fitting:
            chosen.append(rng.choice(fitting))
    return chosen[:count]


# ---------------------------------------------------------------- the easy game's samples

def matching_in_place(secret, least):
    """The words (not the secret) with at least least letters in the secret's places."""
    at = possible_index.index()[1]
    found = set()
    for places in itertools.combinations(range(5), least):
        sets = sorted((at[place].get(secret[place], frozenset()) for place in places), key=len)
        found |= functools.reduce(frozenset.intersection, sets[1:], sets[0])
    found.discard(secret)
    return found


def possible_after(guess, secret, within):
    """The words of within (a list, in the word list's order) that fit guess's clue."""
    clue = reference.load().wordle.check_word(secret.upper(), guess.upper())
    return possible_words(guess.upper(), clue, within)


def first_guesses(secret, rng):
    """Up to FIRST_GUESS_OPTIONS (guess, the words possible after it): guesses sharing
    letters in place with the secret that leave the fewest words (at least SAMPLE_TARGET)."""
    at = possible_index.index()[1]
    found = []
    for least in (3, 2):
        candidates = sorted(matching_in_place(secret, least))
        for guess in rng.sample(candidates, min(NARROWING_CANDIDATES, len(candidates))):
            greens = [at[place][guess[place]] for place in range(5) if guess[place] == secret[place]]
            within = functools.reduce(frozenset.intersection, greens[1:], greens[0])
            if len(within) < SAMPLE_TARGET:
                continue
            left = possible_after(guess, secret, sorted(within, key=word_positions().get))
            if len(left) >= SAMPLE_TARGET:
                found.append((guess, left))
        if found:
            break
    found.sort(key=lambda option: len(option[1]))
    return found[:FIRST_GUESS_OPTIONS]


def sample_guesses(secret, number, opener_possible):
    """GUESSES_BEFORE_THE_SECRET guesses (lower case, not the secret) for the easy game's won
    game; see the module's docstring. opener_possible(opener) gives the words possible after
    an opener."""
    secret = secret.lower()
    rng = random.Random("%s %d samples" % (secret, number))
    options = first_guesses(secret, rng)
    if not options:
        opener = "slate" if secret != "slate" else "crane"
        options = [(opener, opener_possible(opener))]
    best = None
    for first, possible in options:
        guesses, counts = [first], [len(possible)]
        while len(possible) > SAMPLE_TARGET and len(guesses) < MAX_NARROWING:
            guess, possible = narrowing_guess(secret, possible, guesses, rng)
            guesses.append(guess)
            counts.append(len(possible))
        guesses += keeping_guesses(secret, possible, GUESSES_BEFORE_THE_SECRET - len(guesses),
                                   guesses, rng)
        miss = sample_miss_probability(
            counts + [len(possible)] * (GUESSES_BEFORE_THE_SECRET - len(counts)) + [1],
            "choices")
        if best is None or miss < best[0]:
            best = (miss, guesses)
        if miss < SAMPLE_MISS_TARGET / 10:
            break
    return best[1]


def narrowing_guess(secret, possible, guesses, rng):
    """(a guess, the words of possible left after it): exactly SAMPLE_TARGET if one of the
    candidates (the possible words, then words at random) leaves them, else the fewest above."""
    best = None
    candidates = possible + rng.sample(reference.load().words, NARROWING_SEARCH)
    for word in candidates:
        if word == secret or word in guesses:
            continue
        left = possible_after(word, secret, possible)
        if len(left) >= SAMPLE_TARGET and (best is None or len(left) < len(best[1])):
            best = (word, left)
            if len(left) == SAMPLE_TARGET:
                break
    return best or (candidates[-1], possible_after(candidates[-1], secret, possible))


def keeping_guesses(secret, possible, count, guesses, rng):
    """count guesses that leave every word of possible possible: words sharing no letter with
    any of them, else words sharing few whose clue they all give, else the guesses already
    made (possible words give their clues again); repeated if too few."""
    used = letter_mask("".join(possible) + secret)
    keeping = [word for word, letters in word_masks() if not letters & used]
    if not keeping:
        near = sorted((bin(letters & used).count("1"), word) for word, letters in word_masks()
                      if word != secret)
        keeping = [word for _, word in near[:KEEPING_SEARCH]
                   if len(possible_after(word, secret, possible)) == len(possible)] or guesses
    chosen = rng.sample(keeping, min(count, len(keeping)))
    return [chosen[index % len(chosen)] for index in range(count)]


def sample_miss_probability(counts, kind):
    """The probability that a program sampling the wrong way shows no mistake in turns whose
    possible-word counts are counts: kind "choices" (SAMPLE_SIZE draws with replacement) or
    "past_end" (draws with replacement from one past the end: an index error or a repeat)."""
    probability = 1.0
    for total in counts:
        drawn = min(SAMPLE_SIZE, total)
        ways = math.perm(total, drawn)
        probability *= ways / (total ** drawn if kind == "choices" else (total + 1) ** drawn)
    return probability


def grading_sample_miss(games_by_seed):
    """An upper bound on the probability that a program drawing with replacement shows no
    repeat in any of a grading's easy games: games_by_seed lists, for each random seed, the
    possible-word counts of each game played with it.  Games with the same seed share their
    draws, so together they are worth no more than the best of them (the chance that neither
    shows a repeat is at most the smaller chance); games with different seeds draw apart."""
    bound = 1.0
    for games in games_by_seed:
        bound *= min(sample_miss_probability(counts, "choices") for counts in games)
    return bound
