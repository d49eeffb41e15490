"""The strategies: their figures are the true ones, minimax really minimises
the worst case, and both find every secret of a sample within 6 guesses."""
import random

import numpy as np
import pytest

from easy_wordle import filter_word_list
from solver.bench import bench
from solver.patterns import PatternTable
from solver import strategies
from solver.strategies import MinimaxStrategy, StrongStrategy
from wordle import check_word
from words import words

SAMPLE = random.Random(1913).sample(words, 1500)


@pytest.fixture(scope="module")
def table():
    return PatternTable.build(SAMPLE, cache_dir=False)


def groups_by_brute_force(guess, possible):
    """Words left after guess for each secret (none when guess is the secret), via filter_word_list."""
    left = []
    for secret in possible:
        if secret.upper() == guess:
            left.append(0)
        else:
            left.append(len(filter_word_list(possible, [(guess, check_word(secret.upper(), guess))])))
    return left


@pytest.mark.parametrize("kind", [MinimaxStrategy, StrongStrategy])
def test_the_figures_of_a_choice_are_the_true_ones(table, kind):
    possible = filter_word_list(SAMPLE, [("TARES", check_word("MOULD", "TARES"))])[:40]
    candidates = sorted(table.index[word.upper()] for word in possible)
    choice = kind(table, cache_dir=False).choose(candidates)
    left = groups_by_brute_force(table.words[choice.guess], possible)
    assert choice.worst_left == max(left)
    assert choice.expected_left == pytest.approx(sum(left) / len(left))


def test_minimax_leaves_the_fewest_words_in_the_worst_case(table):
    possible = filter_word_list(SAMPLE, [("SLATE", check_word("PRICK", "SLATE"))])[:25]
    candidates = sorted(table.index[word.upper()] for word in possible)
    choice = MinimaxStrategy(table, cache_dir=False).choose(candidates)
    rng = random.Random(3)
    for guess in rng.sample(table.words, 300) + [word.upper() for word in possible]:
        assert max(groups_by_brute_force(guess, possible)) >= choice.worst_left


@pytest.mark.parametrize("kind", [MinimaxStrategy, StrongStrategy])
def test_every_secret_of_a_sample_is_found_within_six_guesses(table, kind):
    secrets = random.Random(11).sample(range(len(SAMPLE)), 300)
    result = bench(kind(table, cache_dir=False), secrets)
    assert result.worst <= 6, result.distribution()
    assert len(result.guesses) == 300 and result.guesses.min() >= 1


def test_first_and_second_moves_are_kept_in_the_book(tmp_path, table):
    everything = np.arange(len(SAMPLE))
    strategy = StrongStrategy(table, cache_dir=tmp_path)
    first = strategy.choose(everything)
    clues = table.clues_of_guess(first.guess, everything)
    biggest = everything[clues == np.bincount(clues).argmax()]
    assert len(biggest) >= strategies.BOOK_MIN_WORDS
    second = strategy.choose(biggest, 1)
    third = strategy.choose(biggest[:strategies.BOOK_MIN_WORDS], 2)
    assert [booked for _, booked in strategy.decision_log] == [True, True, False]
    [book] = list(tmp_path.glob("book-*.json"))
    later = StrongStrategy(table, cache_dir=tmp_path)
    assert vars(later.choose(everything)) == vars(first) and vars(later.choose(biggest, 1)) == vars(second)
    assert later.decision_log == []
    assert vars(later.choose(biggest[:strategies.BOOK_MIN_WORDS], 2)) == vars(third)
    book.write_text("[1, 2")                     # a damaged book is decided again
    again = StrongStrategy(table, cache_dir=tmp_path)
    assert vars(again.choose(everything)) == vars(first) and len(again.decision_log) == 1


def test_bench_counts_agree_with_a_replay_by_the_reference_functions(table):
    """The bench plays on clue numbers; replaying its choices with check_word
    and filter_word_list must need the same number of guesses."""
    strategy = StrongStrategy(table, cache_dir=False)
    secrets = random.Random(12).sample(range(len(SAMPLE)), 150)
    result = bench(strategy, secrets)
    possible_secrets = [table.words[i] for i in sorted(secrets)]
    for secret, needed in list(zip(result.secrets.tolist(), result.guesses.tolist()))[:40]:
        possible, guesses = possible_secrets, 0
        while True:
            guesses += 1
            candidates = sorted(table.index[word] for word in possible)
            guess = table.words[strategy.choose(candidates, guesses - 1).guess]
            clue = check_word(table.words[secret], guess)
            if clue == ["green"] * 5:
                break
            possible = filter_word_list(possible, [(guess, clue)])
        assert guesses == needed, table.words[secret]
