"""The same mistake costs the same points whatever the kit's key (issue 19).

Every corpus submission whose score could depend on the games a seed draws (a function's
mistake of each kind the corpus has, a program colouring letters itself, samples drawn
the wrong way, and a correct one) is graded under 4 kits' keys: its per-test scores must
be the same under each. benchmarks/key_invariance.py does the whole corpus under 8.
"""
import concurrent.futures
import os
import pathlib

import pytest

from grader.tests.keys import differing_tests, scores_under_keys

SUBMISSIONS = pathlib.Path(__file__).resolve().parent / "submissions"
DRAW_DEPENDENT = ["correct_counts", "cw_extra_yellow", "cw_loops_on_repeats", "cw_missed_yellow",
                  "cw_shared_list", "cw_triple_letters", "filter_letter_logic",
                  "filter_returns_input", "inline_colours_extra_yellow", "no_letters_first_copy",
                  "no_letters_grey_anywhere", "no_letters_list_mutation", "returns_lists",
                  "samples_choices", "samples_randint_past_end", "samples_repeated_randint",
                  "samples_first_five", "samples_seeded_by_list_length", "samples_seeded_each_turn",
                  "seeded_by_month", "seeded_from_clock",
                  "seeded_secret"]
KEYS = 4
pytestmark = pytest.mark.timeout(1800)


@pytest.fixture(scope="module")
def graded():
    """{name: (seeds, [per-test scores under each key])}."""
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        jobs = [pool.submit(scores_under_keys, SUBMISSIONS / name, KEYS, os.geteuid() != 0)
                for name in DRAW_DEPENDENT]
        return {name: (seeds, scores) for name, seeds, scores in (job.result() for job in jobs)}


def test_the_keys_give_different_seeds(graded):
    assert all(len(set(seeds)) == KEYS for seeds, _ in graded.values())


@pytest.mark.parametrize("name", DRAW_DEPENDENT)
def test_per_test_scores_are_the_same_under_every_key(graded, name):
    seeds, scores = graded[name]
    assert differing_tests(scores) == {}, "seeds %s" % seeds


def test_a_correct_submission_gets_every_point_under_every_key(graded):
    assert [sum(scores.values()) for scores in graded["correct_counts"][1]] == [40] * KEYS
