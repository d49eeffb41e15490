"""The solver's shipped decision tree in play: time of a move and memory.

    python benchmarks/solver_tree.py [--games N]

Loads the tree for words.py as `python -m solver play` does, then plays N
games (secrets drawn with a fixed seed, default 300) through play's own
game object: each move (the words left after the clues, then the suggested
guess) is computed afresh from the clues, nothing remembered between moves.
Prints the time to load the tree, the time of a move (mean, slowest) and the
process's peak memory, and whether the targets are met: a move under 10 ms,
memory under 500 MB. The pattern table (220 MB) is not needed on the tree's
path; the benchmark says whether it was loaded.
"""
import argparse
import pathlib
import random
import resource
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from solver.live import LiveGame  # noqa: E402
from solver.patterns import PatternTable  # noqa: E402
from solver.strategies import StrongStrategy  # noqa: E402
from solver.tree import TreeStrategy, shipped_tree  # noqa: E402
from solver.wordlists import kit_words  # noqa: E402
from wordle import check_word  # noqa: E402

MOVE_TARGET_MS = 10.0
MEMORY_TARGET_MB = 500.0


def verdict(ok):
    return "met" if ok else "NOT met"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games to play (default 300)")
    args = parser.parse_args()
    words = kit_words()
    started = time.perf_counter()
    table = PatternTable.build(words, lazy=True)
    tree, problem = shipped_tree(words, words)
    if tree is None:
        sys.exit("no tree: " + problem)
    strategy = TreeStrategy(tree, StrongStrategy(table))
    loaded = time.perf_counter() - started
    print("tree %s: %d secrets, loaded in %.0f ms" % (tree.path.name, len(tree.guesses), loaded * 1000))
    moves, guesses_needed = [], []
    for secret in random.Random(1913).sample(words, args.games):
        game = LiveGame(strategy, words)
        while True:
            move_started = time.perf_counter()
            guess = words[game.suggestion(game.candidates()).guess]
            moves.append(time.perf_counter() - move_started)
            clue = check_word(secret, guess)
            game.clues.append((guess, clue))
            if clue == ["green"] * 5:
                break
        guesses_needed.append(len(game.clues))
    slowest = max(moves) * 1000
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("%d games, %d moves: mean %.3f ms a move, slowest %.3f ms; guesses: mean %.3f, worst %d"
          % (args.games, len(moves), 1000 * sum(moves) / len(moves), slowest,
             sum(guesses_needed) / len(guesses_needed), max(guesses_needed)))
    print("pattern table loaded: %s; peak memory %.0f MB" % ("yes" if table._by_secret is not None else "no",
                                                             peak_mb))
    print("target: a move under %.0f ms: %s (slowest %.3f ms)" % (MOVE_TARGET_MS, verdict(slowest < MOVE_TARGET_MS),
                                                                  slowest))
    print("target: memory under %.0f MB: %s (%.0f MB)" % (MEMORY_TARGET_MB, verdict(peak_mb < MEMORY_TARGET_MB),
                                                          peak_mb))


if __name__ == "__main__":
    main()
