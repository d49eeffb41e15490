"""The same mistake costs the same points whatever the kit's key (issue 19).

Every corpus submission whose score could depend on the games a seed draws (a function's
mistake of each kind the corpus has, a program colouring letters itself, samples drawn
the wrong way, and a correct one) is graded under 3 kits' keys: under each its per-test scores
must be those of the manifest's grading, with CORPUS_SEED (test_corpus checks that one), so 4
seeds give one score to each test. (Scores, not failed tests: a game a seed draws may not show
a program's mistake where another does, and an all-or-nothing group costs the same either
way.) A mistake every game of a test is typed to show (SAME_FAILED_TESTS) must fail the
same tests under every key. benchmarks/key_invariance.py does the whole corpus under 8 keys.
"""
import os

import pytest

from grader.tests import pooled
from grader.tests.keys import differing_tests, scores_of_failing, scores_under_keys
from grader.tests.manifest import CORPUS_SEED, MANIFEST, SUBMISSIONS

DRAW_DEPENDENT = ["correct_counts", "cw_extra_yellow", "cw_loops_on_repeats", "cw_missed_yellow",
                  "cw_shared_list", "cw_triple_letters", "filter_letter_logic",
                  "filter_returns_input", "inline_colours_extra_yellow", "no_letters_first_copy",
                  "no_letters_grey_anywhere", "no_letters_list_mutation", "returns_lists",
                  "samples_choices", "samples_randint_past_end", "samples_repeated_randint",
                  "samples_first_five", "samples_seeded_by_list_length", "samples_seeded_each_turn",
                  "seeded_by_month", "seeded_from_clock",
                  "seeded_secret"]
# A program's own mistake in a clue rule case: each of the normal game's three tests sees the
# rule cases (its lost and second games are replayed typing them), so it fails the same tests
# under every key, whatever the rubric's groups (issue 45).
SAME_FAILED_TESTS = ["inline_colours_extra_yellow"]
KEYS = 3
pytestmark = pytest.mark.timeout(1800)


@pytest.fixture(scope="module")
def graded():
    """{name: (seeds, [per-test scores under each key], [failed tests under each key]), or the
    exception its gradings raised}
    (one that ended as MachineTooBusy graded again once the others are done: pooled.py)."""
    found = pooled.run({name: (scores_under_keys, SUBMISSIONS / name, KEYS, os.geteuid() != 0)
                        for name in DRAW_DEPENDENT}, 2)
    return {name: value if isinstance(value, Exception) else value[1:]
            for name, value in found.items()}


def test_the_keys_and_the_manifest_give_different_seeds(graded):
    assert all(len(set(pooled.value(graded, name)[0]) | {CORPUS_SEED}) == KEYS + 1
               for name in graded)


@pytest.mark.parametrize("name", DRAW_DEPENDENT)
def test_per_test_scores_under_every_key_are_the_manifest_s(graded, name):
    seeds, scores, _ = pooled.value(graded, name)
    expected = scores_of_failing(MANIFEST[name]["failed"])
    assert differing_tests([expected] + scores) == {}, \
        "{test: [the manifest's score, its scores under seeds %s]}" % seeds


def test_the_manifest_s_scores_are_its_totals():
    assert all(sum(scores_of_failing(MANIFEST[name]["failed"]).values()) ==
               pytest.approx(MANIFEST[name]["score"]) for name in DRAW_DEPENDENT)


def test_a_correct_submission_gets_every_point_under_every_key(graded):
    assert [sum(scores.values()) for scores in pooled.value(graded, "correct_counts")[1]] == \
        [40] * KEYS


@pytest.mark.parametrize("name", SAME_FAILED_TESTS)
def test_a_mistake_the_games_are_typed_to_show_fails_the_same_tests_under_every_key(graded, name):
    seeds, _, failed = pooled.value(graded, name)
    assert failed == [set(MANIFEST[name]["failed"])] * KEYS, "seeds %s" % seeds
