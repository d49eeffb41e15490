"""Play every secret of a list with a strategy, and sum up the guesses needed."""
import pathlib
import time

import numpy as np

from solver.patterns import ALL_GREEN
from solver.strategies import BOOK_MIN_WORDS

ORIGINAL_ANSWERS = pathlib.Path(__file__).resolve().parent / "data" / "answers-2315.txt"
GIVE_UP = 12   # a game still unsolved after this many guesses counts as lost


def play_out(strategy, secret, candidates):
    """Guesses the strategy needs to find secret (a row number), starting from
    candidates (row numbers of the possible secrets); GIVE_UP + 1 if it never does."""
    table = strategy.table
    for guesses in range(1, GIVE_UP + 1):
        guess = strategy.choose(candidates, guesses - 1).guess
        clue = table.clue(guess, secret)
        if clue == ALL_GREEN:
            return guesses
        candidates = candidates[table.clues_of_guess(guess, candidates) == clue]
    return GIVE_UP + 1


class BenchResult:
    """The guesses needed for each secret, and how long the strategy took."""

    def __init__(self, strategy_name, secrets, guesses, seconds, decision_log):
        self.strategy = strategy_name
        self.secrets = secrets
        self.guesses = np.asarray(guesses)
        self.seconds = seconds
        self.decision_log = list(decision_log)    # (seconds, kept in the book?) per decision made

    @property
    def mean(self):
        return float(self.guesses.mean())

    @property
    def worst(self):
        return int(self.guesses.max())

    @property
    def failures(self):
        """Secrets needing more than 6 guesses."""
        return int((self.guesses > 6).sum())

    def distribution(self):
        """{guesses: how many secrets needed that many}."""
        values, counts = np.unique(self.guesses, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts)}

    def as_dict(self):
        times = [seconds for seconds, _ in self.decision_log] or [0.0]
        live = [seconds for seconds, booked in self.decision_log if not booked] or [0.0]
        return {"strategy": self.strategy, "secrets": len(self.guesses), "mean": round(self.mean, 4),
                "worst": self.worst, "failures_over_6": self.failures,
                "distribution": self.distribution(), "seconds": round(self.seconds, 2),
                "decisions": len(self.decision_log),
                "decision_seconds_mean": round(float(np.mean(times)), 4),
                "decision_seconds_max": round(float(np.max(times)), 4),
                "book_decisions": len(self.decision_log) - len([1 for _, booked in self.decision_log if not booked]),
                "live_decision_seconds_max": round(float(np.max(live)), 4)}


def bench(strategy, secrets, progress=None, possible=None):
    """Play every secret (row numbers) with strategy; the possible secrets at the start of
    each game are possible (row numbers; default: exactly the secrets given, as when every
    secret of a list is played). progress(done, total), if given, is called now and then."""
    secrets = np.asarray(sorted(secrets), dtype=np.int64)
    candidates = secrets if possible is None else np.asarray(sorted(possible), dtype=np.int64)
    started = time.perf_counter()
    guesses = []
    for done, secret in enumerate(secrets):
        guesses.append(play_out(strategy, secret, candidates))
        if progress and done % 100 == 0:
            progress(done, len(secrets))
    return BenchResult(strategy.name, secrets, guesses, time.perf_counter() - started, strategy.decision_log)


def print_result(result, words, secrets_label):
    """The figures of one BenchResult, for people."""
    figures = result.as_dict()
    print("%s over %d secrets (%s): mean %.4f guesses, worst %d, %d need more than 6"
          % (result.strategy, figures["secrets"], secrets_label, result.mean, result.worst, result.failures))
    print("  %.1f s in all; %d decisions made, %.3f s each on average, %.3f s at most;"
          % (result.seconds, figures["decisions"], figures["decision_seconds_mean"], figures["decision_seconds_max"]))
    print("  %d of them kept in the book (first and second moves among %d+ words, decided once);"
          " the others at most %.3f s" % (figures["book_decisions"], BOOK_MIN_WORDS,
                                         figures["live_decision_seconds_max"]))
    widest = max(figures["distribution"].values())
    for guesses, count in figures["distribution"].items():
        label = "%d" % guesses if guesses <= GIVE_UP else "lost"
        print("  %4s: %6d %s" % (label, count, "#" * max(1, round(40 * count / widest))))
    if result.failures:
        over = sorted(words[secret] for secret, needed in zip(result.secrets, result.guesses) if needed > 6)
        print("  over 6: " + ", ".join(over[:30]) + (" ..." if len(over) > 30 else ""))
