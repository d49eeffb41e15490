"""Strategies: given the words still possible, the next guess and why.

Both look at every word of the list as a guess and at how it would split
the words still possible into groups, one group per clue it could get
(the pattern table gives every clue at once).

- MinimaxStrategy (simple): the guess whose biggest group is smallest.
- StrongStrategy: the guess with the fewest expected guesses to finish,
  looking one guess further ahead for its best few candidates.
"""
import math
import time

import numpy as np

from solver import cache
from solver.patterns import ALL_GREEN

CLUES = ALL_GREEN + 1
GUESSES_AT_A_TIME = 512
PAIRWISE_MAX = 16          # groups this small are sized by comparing clues pairwise
BOOK_MIN_WORDS = 100       # decisions among this many words or more,
BOOK_DEPTH = 1             # after at most this many guesses, are kept on disk


class Choice:
    """A guess (its word number) and what it is expected to leave."""

    def __init__(self, guess, expected_left, worst_left, bits, expected_guesses=None):
        self.guess = guess
        self.expected_left = expected_left        # mean number of words left after it
        self.worst_left = worst_left              # the most words it can leave
        self.bits = bits                          # information (entropy of its clues)
        self.expected_guesses = expected_guesses  # the strong strategy's estimate, this guess included

    def as_dict(self):
        return dict(vars(self))


def guesses_to_finish(size):
    """A rough estimate of the guesses still needed for a group of size words
    (1 for one word, 1.5 for two), used before looking further ahead."""
    size = np.asarray(size, dtype=np.float64)
    return np.where(size <= 1, size, 1.5 + 0.3 * np.log(np.maximum(size - 1, 1)))


def surely_within(size):
    """A rough count of the guesses that surely find any of size words, when
    a guess can split them into about six groups (a word, or a family like
    _ILLS, whose guesses each test five of its letters)."""
    if size <= 1:
        return size
    return 1 + math.ceil(math.log(size, 6))


class Profile:
    """For every guess, how it splits a group of possible secrets:
    expected_left, worst_left (words left after it; none when it is the
    secret), bits (entropy of its clues), finish (estimated guesses to
    finish, this one included) and could_win (it is one of the secrets)."""

    def __init__(self, candidates, by_secret, quick=False, guesses=None):
        self.quick = quick   # only finish and worst_left (for the lookahead)
        rows = by_secret if len(candidates) == len(by_secret) else by_secret[candidates]   # (secrets, guesses)
        if guesses is not None:   # only these guesses (the arrays are then in their order)
            rows = rows[:, guesses]
        k = len(candidates)
        sizes = np.arange(k + 1)
        self.finish_table = guesses_to_finish(sizes)
        with np.errstate(divide="ignore", invalid="ignore"):
            self.bits_table = np.where(sizes > 0, -np.log2(sizes / k), 0.0)
        if k <= PAIRWISE_MAX:
            self._from_pairs(rows, k)
        else:
            self._from_sizes(group_sizes(rows), k)

    def _from_pairs(self, rows, k):
        group = (rows[:, None, :] == rows[None, :, :]).sum(axis=1)      # (secrets, guesses): size of each one's group
        solved = rows == ALL_GREEN
        self.finish = 1 + np.where(solved, 0.0, self.finish_table[group]).sum(axis=0) / k
        left = np.where(solved, 0, group)
        self.worst_left = left.max(axis=0)
        if self.quick:
            return
        self.expected_left = left.sum(axis=0) / k
        self.bits = self.bits_table[group].sum(axis=0) / k
        self.could_win = solved.any(axis=0)

    def _from_sizes(self, sizes, k):
        left = sizes[:, :ALL_GREEN]
        self.finish = 1 + (left * self.finish_table[left]).sum(axis=1) / k
        self.worst_left = left.max(axis=1)
        if self.quick:
            return
        self.expected_left = (left.astype(np.float64) ** 2).sum(axis=1) / k
        self.bits = (sizes * self.bits_table[sizes]).sum(axis=1) / k
        self.could_win = sizes[:, ALL_GREEN] > 0

    def choice(self, guess, expected_guesses=None):
        return Choice(int(guess), float(self.expected_left[guess]), int(self.worst_left[guess]),
                      float(self.bits[guess]), expected_guesses)


def group_sizes(rows):
    """For clue rows (one per secret, one column per guess), an array with, for
    each guess and each clue number, how many of the secrets give that clue."""
    guesses = rows.shape[1]
    sizes = np.empty((guesses, CLUES), dtype=np.int32)
    for start in range(0, guesses, GUESSES_AT_A_TIME):
        block = rows[:, start:start + GUESSES_AT_A_TIME]
        offsets = (np.arange(block.shape[1], dtype=np.int32) * CLUES)[None, :]
        counts = np.bincount((block + offsets).ravel(), minlength=block.shape[1] * CLUES)
        sizes[start:start + block.shape[1]] = counts.reshape(-1, CLUES)
    return sizes


class Strategy:
    """What strategies share: the table, a memory of decisions, timings, and
    the book: the first and second moves for long lists, the slowest to
    decide, kept on disk once decided."""

    name = "strategy"

    def __init__(self, table, cache_dir=None):
        self.table = table
        self.cache_dir = cache_dir    # where the book is kept; False: nowhere
        self.memory = {}
        self.decision_log = []        # (seconds, in the book?) for each decision made afresh
        self._book = None

    @property
    def decision_times(self):
        return [seconds for seconds, _ in self.decision_log]

    def settings(self):
        """What, beside the word lists, fixes this strategy's choices."""
        return self.name

    def choose(self, candidates, guesses_made=0):
        """The Choice for candidates (sorted word numbers of the possible secrets)
        when guesses_made guesses have been made."""
        candidates = np.asarray(candidates, dtype=np.int64)
        key = (candidates.tobytes(), guesses_made)
        if key not in self.memory:
            entry = self.book_entry(candidates, guesses_made)
            choice = self.from_book(entry)
            if choice is None:
                started = time.perf_counter()
                choice = self.decide(candidates, guesses_made)
                self.decision_log.append((time.perf_counter() - started, entry is not None))
                self.to_book(entry, choice)
            self.memory[key] = choice
        return self.memory[key]

    def book_entry(self, candidates, guesses_made):
        """The book's name for this decision, or None if it is not one the book keeps."""
        if guesses_made > BOOK_DEPTH or len(candidates) < BOOK_MIN_WORDS or self.cache_dir is False:
            return None
        return cache.fingerprint([self.table.words[i] for i in candidates], guesses_made)

    def book(self):
        """The book of this strategy and word list: {entry: Choice as a dict}."""
        if self._book is None:
            self.book_path = cache.path_for(self.cache_dir, "book", self.table.words, self.settings())
            stored = cache.load_json(self.book_path)
            self._book = stored if isinstance(stored, dict) else {}
        return self._book

    def from_book(self, entry):
        if entry is None:
            return None
        try:
            choice = Choice(**self.book()[entry])
        except (KeyError, TypeError):      # not in the book, or not a Choice
            return None
        return choice if choice.guess in range(len(self.table.words)) else None

    def to_book(self, entry, choice):
        if entry is not None:
            self.book()[entry] = choice.as_dict()
            cache.save_json(self.book_path, self.book())

    def secrets_after(self, clues):
        """The word numbers of the secrets that fit clues ([(GUESS, colours), ...]),
        if this strategy knows them without a search; else None."""
        return None

    def decide(self, candidates, guesses_made):
        raise NotImplementedError


class MinimaxStrategy(Strategy):
    """Pick the guess that leaves the fewest words in the worst case.

    Ties go to a guess that could be the secret itself (it might win at
    once), then to the fewest words left on average, then to the first.
    """

    name = "minimax"

    def decide(self, candidates, guesses_made):
        profile = Profile(candidates, self.table.by_secret)
        # np.lexsort sorts by its last key first.
        order = np.lexsort((np.arange(len(profile.worst_left)), profile.expected_left,
                            ~profile.could_win, profile.worst_left))
        return profile.choice(order[0])


class StrongStrategy(Strategy):
    """Fewest expected guesses, with one guess of lookahead, never risking a
    seventh guess when it can be helped.

    Every guess is scored by its Profile's finish: 1 + the sum over its
    groups of (share of secrets) x (estimated guesses to finish the group).
    The best few by that score are scored again with, for each group, the
    best finish of the guess after instead of the estimate. With few guesses
    left (safe_depth or fewer after this one), only a guess after which every
    group can surely be finished in time is taken, if one is found.
    """

    name = "strong"

    def __init__(self, table, cache_dir=None, lookahead=8, work_budget=60_000_000, max_guesses=6,
                 safe_depth=4, tries=(0, 0, 0, 8, 8, 20), risk_cost=2.0, helpers=1500):
        super().__init__(table, cache_dir)
        self.lookahead = lookahead
        self.work_budget = work_budget   # table cells read by the lookahead of one decision
        self.max_guesses = max_guesses
        self.safe_depth = safe_depth
        self.tries = tries               # tries[r]: guesses tried to finish a group surely in r guesses
        self.risk_cost = risk_cost
        self.helpers = helpers           # the lookahead's next guesses: the best this many here, and the group
        self.solvable_memory = {}

    def settings(self):
        return "%s %d %d %d %d %s %s %d" % (self.name, self.lookahead, self.work_budget, self.max_guesses,
                                            self.safe_depth, self.tries, self.risk_cost, self.helpers)

    def decide(self, candidates, guesses_made):
        profile = Profile(candidates, self.table.by_secret)
        if len(candidates) <= 2:
            return profile.choice(candidates[0], expected_guesses=1 + 0.5 * (len(candidates) - 1))
        guesses = len(self.table.words)
        width = max(1, min(self.lookahead, self.work_budget // (guesses * len(candidates))))
        ranked = np.argsort(profile.finish, kind="stable")
        shortlist, helpers = ranked[:width], ranked[:self.helpers]
        scores = np.array([self.look_ahead(candidates, int(guess), guesses_made + 1, helpers)
                           for guess in shortlist])
        order = np.argsort(scores, kind="stable")
        left = self.max_guesses - guesses_made - 1
        if 0 < left <= self.safe_depth:
            for position in order:
                if self.safe(candidates, int(shortlist[position]), left):
                    return profile.choice(shortlist[position], expected_guesses=float(scores[position]))
            for guess in self.safest_first(profile)[:self.tries[left + 1]]:
                if self.safe(candidates, int(guess), left):
                    expected = self.look_ahead(candidates, int(guess), guesses_made + 1, helpers)
                    return profile.choice(guess, expected_guesses=expected)
        return profile.choice(shortlist[order[0]], expected_guesses=float(scores[order[0]]))

    @staticmethod
    def safest_first(profile):
        """Guesses by the biggest group they leave, then by finish."""
        return np.lexsort((profile.finish, profile.worst_left))

    def groups(self, candidates, guess):
        """The groups guess splits candidates into (the secret's own left out)."""
        clues = self.table.clues_of_guess(guess, candidates)
        return [candidates[clues == clue] for clue in np.unique(clues) if clue != ALL_GREEN]

    def look_ahead(self, candidates, guess, guesses_made, helpers):
        """Expected guesses to finish after guess (the guesses_made-th), each
        group's next guess being the best of helpers and the group itself by
        its Profile's finish; a group that may well not be finished within
        max_guesses costs risk_cost more."""
        total = 1.0
        for group in self.groups(candidates, guess):
            if len(group) <= 2:
                cost = 1 + 0.5 * (len(group) - 1)
                risky = guesses_made + len(group) > self.max_guesses
            else:
                profile = Profile(group, self.table.by_secret, quick=True, guesses=np.union1d(helpers, group))
                cost = float(profile.finish.min())
                risky = guesses_made + 1 + surely_within(profile.worst_left.min()) > self.max_guesses
            total += len(group) / len(candidates) * (cost + self.risk_cost * risky)
        return total

    def safe(self, candidates, guess, left):
        """Whether, after guess, every group can surely be finished in left guesses."""
        return all(self.solvable(group, left) for group in self.groups(candidates, guess))

    def solvable(self, group, left):
        """Whether some play surely finds any secret of group within left guesses
        (a search of the most promising guesses: False may mean not found)."""
        if len(group) <= 1:
            return left >= len(group)
        if left <= 1:
            return False
        if len(group) == 2:
            return True
        key = (group.tobytes(), left)
        if key not in self.solvable_memory:
            profile = Profile(group, self.table.by_secret, quick=True)
            if left == 2:
                found = bool(profile.worst_left.min() <= 1)
            else:
                tries = self.safest_first(profile)[:self.tries[left]]
                found = any(self.safe(group, int(guess), left - 1) for guess in tries)
            self.solvable_memory[key] = found
        return self.solvable_memory[key]
