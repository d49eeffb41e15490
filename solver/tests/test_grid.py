"""The report grid agrees with filter_word_list: a word fits the grid exactly
when the kit's own filter keeps it."""
import random

from easy_wordle import filter_word_list
from solver.grid import Grid
from wordle import check_word
from words import words

REPEATS = [word for word in words if len(set(word)) < 5]


def clues_for(secret, guesses):
    return [(guess.upper(), check_word(secret.upper(), guess.upper())) for guess in guesses]


def test_forth_kit_example_accbe_abccd():
    grid = Grid(clues_for("ACCBE", ["ABCCD"]))
    rows = grid.rows
    assert (rows["A"].usage, rows["A"].pattern(rows["A"].required)) == ("green", "A....")
    # The Forth kit shows B.BBB; here the places taken by greens (A, C) are out too.
    assert (rows["B"].usage, rows["B"].pattern(rows["B"].allowed)) == ("gold", "...BB")
    assert rows["C"].usage == "green" and rows["C"].pattern(rows["C"].required) == "..C.."
    assert 3 not in rows["C"].allowed and rows["C"].least == 2
    assert (rows["D"].usage, rows["D"].most, rows["D"].allowed) == ("grey", 0, set())
    assert rows["E"].usage == "untested"


def test_grey_copy_beside_a_yellow_caps_the_count():
    grid = Grid(clues_for("ABIDE", ["SPEED"]))
    e = grid.rows["E"]
    assert (e.usage, e.least, e.most) == ("gold", 1, 1)
    assert e.allowed == {0, 1, 4}         # not where either E was guessed; D's yellow leaves 4 open
    assert grid.fits("ABIDE") and not grid.fits("EERIE")


def test_green_and_grey_copies_fix_the_count_and_the_place():
    grid = Grid(clues_for("LERED", ["GEESE"]))
    e = grid.rows["E"]                   # G E E S E against L E R E D: green, yellow, grey
    assert (e.least, e.most, e.required) == (2, 2, {1})
    assert e.allowed == {0, 1, 3}
    assert grid.fits("LERED") and not grid.fits("EMEER")


def test_impossible_clues_fit_nothing():
    grey_then_yellow = ("EERIE", ["grey", "yellow", "grey", "grey", "grey"])
    grid = Grid([grey_then_yellow])
    assert grid.problems and not any(grid.fits(word) for word in words[:2000])
    clash = [("CRANE", ["green"] * 5), ("CRANE", ["grey"] * 5)]
    assert Grid(clash).problems and not Grid(clash).fits("CRANE")


def test_as_dict_is_plain_data():
    data = Grid(clues_for("LERED", ["RADIO"])).as_dict()
    assert data["known"] == "_____" and data["possible"]
    r = next(row for row in data["letters"] if row["letter"] == "R")
    assert r == {"letter": "R", "usage": "gold", "allowed": [1, 2, 3, 4], "required": [], "least": 1, "most": 4}


def random_game(rng, pool):
    """A game as people play it: mostly guesses that still fit, secrets often with repeated letters."""
    secret = rng.choice(REPEATS if rng.random() < 0.5 else words).upper()
    clues, fitting = [], pool
    for _ in range(rng.randint(1, 5)):
        guess = rng.choice(fitting if rng.random() < 0.7 else REPEATS).upper()
        clues.append((guess, check_word(secret, guess)))
        fitting = filter_word_list(fitting, clues) or pool
    return secret, clues


def test_grid_agrees_with_filter_word_list_over_random_games():
    rng = random.Random(1913)
    pool = rng.sample(words, 700) + rng.sample(REPEATS, 300)
    for _ in range(150):
        secret, clues = random_game(rng, pool)
        if rng.random() < 0.25:   # a mistyped clue: often impossible, sometimes not
            i = rng.randrange(len(clues))
            clue = list(clues[i][1])
            clue[rng.randrange(5)] = rng.choice(["green", "yellow", "grey"])
            clues[i] = (clues[i][0], clue)
        grid = Grid(clues)
        expected = filter_word_list(pool + [secret.lower()], clues)
        assert [word for word in pool + [secret.lower()] if grid.fits(word)] == expected, clues
