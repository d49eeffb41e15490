"""The pattern table: the clue of every guess against every secret, as one
NumPy array, computed once and cached on disk.

A clue is stored as a number from 0 to 242: position i contributes
3**i times 0 (grey), 1 (yellow) or 2 (green), so ALL_GREEN is 242.
The table's rule is check_word's (the tests compare the two).
"""
import numpy as np

from solver import cache

WORD_LENGTH = 5
COLOURS = ("grey", "yellow", "green")
ALL_GREEN = 3 ** WORD_LENGTH - 1
CHUNK = 256               # guesses computed at a time (bounds the temporary arrays)


def encode_clue(clue):
    """Return the number of a clue given as a list of colour names."""
    return sum(COLOURS.index(colour) * 3 ** i for i, colour in enumerate(clue))


def decode_clue(number):
    """Return the list of colour names of a clue number."""
    clue = []
    for _ in range(WORD_LENGTH):
        clue.append(COLOURS[number % 3])
        number //= 3
    return clue


def letter_codes(words):
    """Return the words as an (n, 5) array of letter numbers 0-25."""
    text = "".join(word.upper() for word in words).encode("ascii")
    return (np.frombuffer(text, dtype=np.uint8) - ord("A")).reshape(len(words), WORD_LENGTH)


def compute_clues(guesses, secrets):
    """Return the (len(guesses), len(secrets)) uint8 array of clue numbers.

    Same rule as check_word: greens first; then, left to right, a letter is
    yellow while the secret has more unmatched copies of it than the guess
    has already spent on earlier yellows. Guesses without a repeated letter
    (most words) take a shortcut: a letter not green is yellow exactly when
    the secret has it.
    """
    guess_codes = letter_codes(guesses)
    secret_codes = letter_codes(secrets)
    present = np.zeros((26, len(secrets)), dtype=bool)
    for i in range(WORD_LENGTH):
        present[secret_codes[:, i], np.arange(len(secrets))] = True
    repeats = np.array([len(set(word.upper())) < WORD_LENGTH for word in guesses], dtype=bool)
    table = np.empty((len(guesses), len(secrets)), dtype=np.uint8)
    for start in range(0, len(guesses), CHUNK):
        rows = np.arange(start, min(start + CHUNK, len(guesses)))
        plain, repeated = rows[~repeats[rows]], rows[repeats[rows]]
        table[plain] = _clues_without_repeats(guess_codes[plain], secret_codes, present)
        table[repeated] = _clues_with_repeats(guess_codes[repeated], secret_codes)
    return table


def _clues_without_repeats(guess_codes, secret_codes, present):
    clue = np.zeros((len(guess_codes), len(secret_codes)), dtype=np.uint8)
    for i in range(WORD_LENGTH):
        green = guess_codes[:, i:i + 1] == secret_codes[None, :, i]
        yellow = present[guess_codes[:, i]] & ~green
        clue += (green * 2 + yellow).astype(np.uint8) * np.uint8(3 ** i)
    return clue


def _clues_with_repeats(guess_codes, secret_codes):
    guess = guess_codes[:, None, :]                 # (g, 1, 5)
    secret = secret_codes[None, :, :]               # (1, s, 5)
    green = guess == secret                         # (g, s, 5)
    clue = np.zeros((len(guess_codes), len(secret_codes)), dtype=np.uint8)
    for i in range(WORD_LENGTH):
        letter = guess[:, :, i:i + 1]               # (g, 1, 1)
        unmatched = ((secret == letter) & ~green).sum(axis=2)
        spent = np.zeros(unmatched.shape, dtype=unmatched.dtype)
        for k in range(i):
            spent += (guess[:, :, k] == guess[:, :, i]) & ~green[:, :, k]
        yellow = ~green[:, :, i] & (spent < unmatched)
        clue += (green[:, :, i] * 2 + yellow).astype(np.uint8) * np.uint8(3 ** i)
    return clue


class PatternTable:
    """Every word of a list as a guess against every word as a secret.

    words: the list, upper case; index: word -> its number;
    by_secret[s, g]: the clue number of guess g against secret s (one row
    per secret, so the clues of every guess against a group of secrets
    are a few whole rows).
    """

    def __init__(self, words, by_secret=None, load=None):
        self.words = [word.upper() for word in words]
        self.index = {word: i for i, word in enumerate(self.words)}
        self._by_secret = by_secret
        self._load = load           # makes by_secret when it is first needed

    @property
    def by_secret(self):
        if self._by_secret is None:
            self._by_secret = self._load()
        return self._by_secret

    def clue(self, guess, secret):
        """The clue number of guess against secret (word numbers)."""
        return self.by_secret[secret, guess]

    def clues_of_guess(self, guess, secrets):
        """The clue numbers of one guess against many secrets."""
        return self.by_secret[secrets, guess]

    @classmethod
    def build(cls, words, cache_dir=None, cache_min_words=2000, on_compute=None, lazy=False):
        """Load the table for words from the cache, or compute it (and cache it
        when the list has at least cache_min_words words and cache_dir is not False).
        on_compute(path), if given, is called before a table is computed.
        lazy: only when a clue is first asked for (a tree's moves need none).
        """
        words = [word.upper() for word in words]
        if lazy:
            return cls(words, load=lambda: cls.build(words, cache_dir, cache_min_words, on_compute).by_secret)
        if len(words) < cache_min_words or cache_dir is False:
            return cls(words, compute_clues(words, words).T.copy())
        path = cache.path_for(cache_dir, "patterns", words)
        by_secret = cache.load_array(path, (len(words), len(words)), np.uint8)
        if by_secret is None:
            if on_compute:
                on_compute(path)
            by_secret = compute_clues(words, words).T.copy()
            cache.save_array(path, by_secret)
        return cls(words, by_secret)
