"""Whether the easy game's five words are chosen at random, as the spec asks ("Choose these
5 at random"), or by a fixed rule: the first or the last five possible words, in the word
list's order or the alphabet's. A rule is named only when a random choice would follow it in
every turn of the grading's games with a chance under FIXED_SAMPLE_CHANCE, so a program that
draws at random is never taken for one that does not."""
import math

FIXED_SAMPLE_CHANCE = 1e-9
RULES = (("the first %d possible words in the word list's order", lambda words, n: words[:n]),
         ("the last %d possible words in the word list's order", lambda words, n: words[-n:]),
         ("the first %d possible words in alphabetical order",
          lambda words, n: sorted(words)[:n]),
         ("the last %d possible words in alphabetical order",
          lambda words, n: sorted(words)[-n:]))


def random_choice_chance(turns):
    """The chance that a random choice of count words of total follows one given rule in
    every turn, for each of the RULES."""
    return len(RULES) * math.prod(1 / math.comb(item.total, item.count) for item in turns)


def fixed_sample_reason(samples):
    """Why the words shown were not chosen at random, or None; samples: (Samples, the words
    shown) of each turn of the grading's games whose screen was right."""
    turns = [(item, set(shown)) for item, shown in samples if item.total > item.count]
    if not turns or random_choice_chance([item for item, _ in turns]) > FIXED_SAMPLE_CHANCE:
        return None
    for name, rule in RULES:
        if all(shown == set(rule(item.ordered, item.count)) for item, shown in turns):
            count = turns[0][0].count
            return ("the words shown were %s in all %d turns with more than %d possible: "
                    "choose them at random (e.g. random.sample(possible, %d)); a random choice "
                    "would show them with a chance under one in a billion"
                    % (name % count, len(turns), count, count))
    return None
