"""The solver's strategies over whole word lists: guesses needed and time.

    python benchmarks/solver_strategies.py [--answers FILE] [--strategy minimax|strong] [--cache DIR]

Plays every word of words.py (14,855 secrets, all equally likely, any word
allowed as a guess) with each strategy, then every word of the answer list
given with --answers (e.g. the original 2,315 Wordle answers, one a line),
and prints for each: mean and worst number of guesses, how many secrets need
more than 6, the time in all and per decision, and the time to build the
pattern table and to decide the first move afresh.

Targets (the strong strategy): no secret of words.py needs more than 6
guesses; a move is decided in under 1 s. The slowest moves, the first and
second among 100 or more words, are decided once and kept on disk (the
book); the benchmark starts from an empty book, so it times every move
afresh and shows the book's moves and the others apart.
Anchors: for the 2,315-answer list the best known decision tree averages
3.4212 guesses (first guess SALET); a plain entropy strategy about 3.6.
Those trees may guess only the original 12,972 words; words.py has 1,883
more, so over words.py the figures are not quite comparable. For the
original setting, give both lists to the solver itself:

    python -m solver bench --words allowed-12972.txt --answers answers-2315.txt
"""
import argparse
import pathlib
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from solver.bench import bench, print_result  # noqa: E402
from solver.patterns import PatternTable  # noqa: E402
from solver.strategies import MinimaxStrategy, StrongStrategy  # noqa: E402
from solver.wordlists import kit_words, read_word_list  # noqa: E402

STRATEGIES = {"minimax": MinimaxStrategy, "strong": StrongStrategy}
MOVE_TARGET = 1.0
BEST_KNOWN_2315 = 3.4212


def verdict(ok):
    return "met" if ok else "NOT met"


def run(kind, table, secrets, label):
    """Bench one strategy with an empty book (every move decided afresh and timed)."""
    with tempfile.TemporaryDirectory() as book_dir:
        result = bench(kind(table, cache_dir=book_dir), secrets)
    print_result(result, table.words, label)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--answers", metavar="FILE", help="an answer list to play too (a subset of words.py)")
    parser.add_argument("--strategy", choices=sorted(STRATEGIES), help="only this strategy")
    parser.add_argument("--cache", metavar="DIR", help="the cache folder (default ~/.cache/wordle-kit)")
    args = parser.parse_args()
    words = kit_words()
    started = time.perf_counter()
    table = PatternTable.build(words, cache_dir=args.cache)
    print("pattern table: %d x %d clues, %.1f MB, ready in %.1f s (computed once, then loaded from the cache)"
          % (len(words), len(words), table.by_secret.nbytes / 1e6, time.perf_counter() - started))
    lists = [("words.py", list(range(len(words))))]
    if args.answers:
        answers = read_word_list(args.answers)
        missing = [word for word in answers if word not in table.index]
        if missing:
            sys.exit("%d answers are not in words.py (%s)" % (len(missing), ", ".join(missing[:5])))
        lists.append((args.answers, [table.index[word] for word in answers]))
    names = [args.strategy] if args.strategy else ["minimax", "strong"]
    for label, secrets in lists:
        for name in names:
            result = run(STRATEGIES[name], table, secrets, label)
            if name == "strong" and label == "words.py":
                figures = result.as_dict()
                print("  target: no secret over 6 guesses: %s (%d over 6)"
                      % (verdict(result.failures == 0), result.failures))
                print("  target: a move under %.0f s: %s for moves outside the book (at most %.2f s); "
                      "%s for every move decided afresh (at most %.2f s)"
                      % (MOVE_TARGET, verdict(figures["live_decision_seconds_max"] < MOVE_TARGET),
                         figures["live_decision_seconds_max"],
                         verdict(figures["decision_seconds_max"] < MOVE_TARGET), figures["decision_seconds_max"]))
            if len(secrets) == 2315:
                print("  anchors for 2,315 answers: best known tree %.4f, plain entropy about 3.6; this: %.4f"
                      % (BEST_KNOWN_2315, result.mean))
            print()


if __name__ == "__main__":
    main()
