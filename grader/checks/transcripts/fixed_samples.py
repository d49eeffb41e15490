"""Whether the easy game's five words are chosen at random, as the spec asks ("Choose these
5 at random"), or by a rule: always among the first possible words, or the last, or next to
each other, in the word list's order or the alphabet's (possible[:5], possible[1:6],
random.sample(possible[:10], 5), five in a row from a random start).

Each turn with more than five possible words gives, for each rule, the chance that words
chosen at random would be at least as close to it (their last place, their first place from
the end, or their span); the turns' chances are independent, and their product c over n
turns is at most the level a random choice reaches with chance c * sum((-ln c)^j / j!, j < n)
(Fisher's). A rule is named only when that chance, for all the rules together, is under
FIXED_SAMPLE_CHANCE: a program that draws at random is never taken for one that does not."""
import math

FIXED_SAMPLE_CHANCE = 1e-9
ORDERS = (("in the word list's order", lambda words: list(words)),
          ("in alphabetical order", sorted))
SHAPES = ("always among the first possible words", "always among the last possible words",
          "always next to each other")


def chance_at_most(shape, total, count, places):
    """The chance that count of total places drawn at random are as close to shape as places
    are (0-based places, sorted)."""
    all_ways = math.comb(total, count)
    if shape == SHAPES[0]:
        return math.comb(places[-1] + 1, count) / all_ways
    if shape == SHAPES[1]:
        return math.comb(total - places[0], count) / all_ways
    span = places[-1] - places[0] + 1
    return sum((total - width + 1) * math.comb(width - 2, count - 2)
               for width in range(count, span + 1)) / all_ways


def combined_chance(chances):
    """The chance that independent turns, chosen at random, give a product of chances at
    most that of chances (Fisher's method, exact for continuous chances, an upper bound for
    these)."""
    log_product = sum(math.log(chance) for chance in chances)
    return math.exp(log_product) * sum((-log_product) ** j / math.factorial(j)
                                       for j in range(len(chances)))


def fixed_sample_reason(samples):
    """Why the words shown were not chosen at random, or None; samples: (Samples, the words
    shown) of each turn of the grading's games whose screen was right."""
    turns = [(item, shown) for item, shown in samples if item.total > item.count]
    if not turns:
        return None
    found = []  # (chance, shape, order's name) of each rule
    for order_name, order in ORDERS:
        places_of = [(item, sorted(order(item.ordered).index(word) for word in shown))
                     for item, shown in turns]
        for shape in SHAPES:
            found.append((combined_chance([chance_at_most(shape, item.total, item.count, places)
                                           for item, places in places_of]), shape, order_name))
    chance, shape, order_name = min(found)
    if len(found) * chance > FIXED_SAMPLE_CHANCE:
        return None
    count = turns[0][0].count
    return ("the words shown were %s %s, in all %d turns with more than %d possible: choose "
            "them at random from all the possible words (e.g. random.sample(possible, %d)); "
            "words chosen so would look like that with a chance under one in a billion"
            % (shape, order_name, len(turns), count, count))
