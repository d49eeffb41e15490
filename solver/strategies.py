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

from solver.patterns import ALL_GREEN

CLUES = ALL_GREEN + 1
ROWS_AT_A_TIME = 512


class Choice:
    """A guess (its row in the table) and what it is expected to leave."""

    def __init__(self, guess, expected_left, worst_left, bits, expected_guesses=None):
        self.guess = guess
        self.expected_left = expected_left        # mean number of words left after it
        self.worst_left = worst_left              # the most words it can leave
        self.bits = bits                          # information (entropy of its clues)
        self.expected_guesses = expected_guesses  # the strong strategy's estimate, this guess included


def group_sizes(clues):
    """For clue rows (one per guess, one column per possible secret), return an
    array with, for each guess and each clue number, how many secrets give it."""
    sizes = np.empty((len(clues), CLUES), dtype=np.int32)
    for start in range(0, len(clues), ROWS_AT_A_TIME):
        block = clues[start:start + ROWS_AT_A_TIME]
        offsets = (np.arange(len(block), dtype=np.int64) * CLUES)[:, None]
        counts = np.bincount((block + offsets).ravel(), minlength=len(block) * CLUES)
        sizes[start:start + len(block)] = counts.reshape(len(block), CLUES)
    return sizes


def summaries(sizes):
    """Expected and worst number of words left, and bits, for each row of sizes.
    A guess that is the secret leaves nothing."""
    total = sizes.sum(axis=1)[0]
    left = sizes[:, :ALL_GREEN].astype(np.float64)
    expected = (left * left).sum(axis=1) / total
    worst = left.max(axis=1)
    p = sizes / total
    with np.errstate(divide="ignore", invalid="ignore"):
        bits = -np.where(p > 0, p * np.log2(p), 0.0).sum(axis=1)
    return expected, worst, bits


def choice_for(sizes, guess, expected_guesses=None):
    expected, worst, bits = summaries(sizes[guess:guess + 1])
    return Choice(int(guess), float(expected[0]), int(worst[0]), float(bits[0]), expected_guesses)


class Strategy:
    """What strategies share: the table, a memory of decisions, timings."""

    name = "strategy"

    def __init__(self, table):
        self.table = table
        self.memory = {}
        self.decision_times = []   # seconds, one per decision not found in memory

    def clue_rows(self, candidates):
        """Clues of every guess against the candidates: (guesses, len(candidates))."""
        if len(candidates) == self.table.clues.shape[1]:
            return self.table.clues
        return self.table.clues[:, candidates]

    def choose(self, candidates, guesses_made=0):
        """The Choice for candidates (sorted row numbers of the words still possible)."""
        candidates = np.asarray(candidates, dtype=np.int64)
        key = (candidates.tobytes(), guesses_made)
        if key not in self.memory:
            started = time.perf_counter()
            self.memory[key] = self.decide(candidates, guesses_made)
            self.decision_times.append(time.perf_counter() - started)
        return self.memory[key]

    def decide(self, candidates, guesses_made):
        raise NotImplementedError


class MinimaxStrategy(Strategy):
    """Pick the guess that leaves the fewest words in the worst case.

    Ties go to a guess that could be the secret itself (it might win at
    once), then to the fewest words left on average, then to the first.
    """

    name = "minimax"

    def decide(self, candidates, guesses_made):
        sizes = group_sizes(self.clue_rows(candidates))
        expected, worst, _ = summaries(sizes)
        could_win = sizes[:, ALL_GREEN] > 0
        # np.lexsort sorts by its last key first.
        order = np.lexsort((np.arange(len(worst)), expected, ~could_win, worst))
        return choice_for(sizes, order[0])


def guesses_to_finish(size):
    """A rough estimate of the guesses still needed for a group of size words
    (1 for one word, 1.5 for two), used before looking further ahead."""
    size = np.asarray(size, dtype=np.float64)
    estimate = np.where(size <= 1, size, 1.5 + 0.3 * np.log(np.maximum(size - 1, 1)))
    return estimate


class StrongStrategy(Strategy):
    """Fewest expected guesses, with one guess of lookahead.

    Every guess is scored by 1 + sum over its groups of (share of secrets)
    x (estimated guesses to finish that group). The best few by that score
    are then scored again with, for each group, the best score of the next
    guess instead of the estimate. With few guesses left, a guess that could
    leave a group it cannot finish in time is avoided.
    """

    name = "strong"

    def __init__(self, table, lookahead=8, work_budget=40_000_000, max_guesses=6):
        super().__init__(table)
        self.lookahead = lookahead
        self.work_budget = work_budget   # table cells read in the lookahead of one decision
        self.max_guesses = max_guesses

    def one_ply(self, candidates):
        """Sizes and estimated expected guesses for every guess, best first."""
        sizes = group_sizes(self.clue_rows(candidates))
        finish = guesses_to_finish(sizes[:, :ALL_GREEN]) * sizes[:, :ALL_GREEN]
        score = 1 + finish.sum(axis=1) / len(candidates)
        return sizes, score

    def decide(self, candidates, guesses_made):
        if len(candidates) <= 2:
            sizes = group_sizes(self.clue_rows(candidates))
            return choice_for(sizes, candidates[0], expected_guesses=len(candidates) * 0.5 + 0.5)
        sizes, score = self.one_ply(candidates)
        width = max(1, min(self.lookahead, self.work_budget // (len(score) * len(candidates))))
        shortlist = np.argsort(score, kind="stable")[:width]
        best, best_score = None, math.inf
        for guess in shortlist:
            deeper = self.look_ahead(candidates, int(guess), guesses_made + 1)
            if deeper < best_score:
                best, best_score = int(guess), deeper
        return choice_for(sizes, best, expected_guesses=best_score)

    def look_ahead(self, candidates, guess, guesses_made):
        """Expected guesses to finish after guess, with each group's next guess
        scored by one_ply; a group that cannot be finished in time costs a lot."""
        row = self.table.clues[guess, candidates]
        total = 1.0
        for clue in np.unique(row):
            if clue == ALL_GREEN:
                continue
            group = candidates[row == clue]
            share = len(group) / len(candidates)
            if len(group) == 1:
                cost = 1.0
            elif len(group) == 2:
                cost = 1.5
            else:
                _, scores = self.one_ply(group)
                cost = float(scores.min())
            total += share * cost
        return total
