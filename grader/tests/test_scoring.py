"""The rubric file and scoring: points split exactly, all-or-nothing groups, clear rubric errors."""
import copy
import json

import pytest

from grader import grading
from grader.assignment import GROUPS
from grader.results.outcome import Outcome
from grader.results.rubric import DEFAULT_RUBRIC, RubricError, load_rubric, parse_rubric
from grader.results.scoring import points, score_tests, split_points

TEST_IDS = [spec.id for spec in grading.ALL_SPECS]
DEFAULT = json.loads(DEFAULT_RUBRIC.read_text())


def rubric_with(change):
    data = copy.deepcopy(DEFAULT)
    change(data)
    return parse_rubric(data, TEST_IDS)


def all_passed():
    return {spec.id: Outcome(True) for spec in grading.ALL_SPECS}


@pytest.mark.parametrize("points,weights", [(12, [1] * 8), (4, [1, 1, 1]), (5, [1, 2, 2]),
                                            (6, [1] * 7), (3, [3, 1, 1])])
def test_a_groups_shares_sum_exactly_to_its_points(points, weights):
    shares = split_points(points, weights)
    assert len(shares) == len(weights)
    assert sum(shares) == pytest.approx(points, abs=1e-9)
    assert shares[0] == pytest.approx(points * weights[0] / sum(weights), abs=0.01)
    assert all(round(share * 100) == share * 100 for share in shares)  # whole hundredths


def test_points_show_without_float_noise_and_add_up_as_shown():
    shares = split_points(12, [1] * 9)
    assert sorted({points(share) for share in shares}) == ["1.33", "1.34"]
    assert sum(float(points(share)) for share in shares) == pytest.approx(12)
    assert points(sum(shares)) == "12" and points(0.1 + 0.2) == "0.3"


def test_the_default_rubric_is_the_courses_40_points():
    rubric = load_rubric(None, TEST_IDS)
    assert rubric.total_points == 40
    points = {group: rubric.groups[group].points for group in GROUPS}
    assert points == {"check_word": 12, "known_word": 5, "no_letters": 5, "yes_letters": 5,
                      "filter_word_list": 6, "wordle_program": 4, "easy_wordle_program": 3,
                      "checks": 0}
    assert rubric.groups["wordle_program"].all_or_nothing
    assert rubric.groups["easy_wordle_program"].all_or_nothing
    assert not rubric.groups["check_word"].all_or_nothing


def test_a_perfect_submission_scores_every_point():
    scored = score_tests(load_rubric(None, TEST_IDS), grading.ALL_SPECS, all_passed())
    assert sum(test.score for test in scored) == pytest.approx(40)
    assert all(test.passed for test in scored)


def test_one_failed_program_test_costs_its_whole_all_or_nothing_group():
    outcomes = all_passed()
    outcomes["wordle_program.win"] = Outcome.failed("line 3 differs")
    scored = {t.spec.id: t for t in score_tests(load_rubric(None, TEST_IDS), grading.ALL_SPECS,
                                                 outcomes)}
    program = [t for t in scored.values() if t.spec.group == "wordle_program"]
    assert sum(t.score for t in program) == 0
    loss = scored["wordle_program.loss"]
    # it passed, and scores nothing: the group's verdict says why (never shown as failed)
    assert loss.passed and loss.lost and "all-or-nothing" in loss.forfeit_reason
    assert "a won game" in loss.forfeit_reason
    assert sum(t.score for t in scored.values()) == pytest.approx(36)


def test_a_failed_function_test_costs_only_its_share():
    outcomes = all_passed()
    outcomes["check_word.triple_letters"] = Outcome.failed("wrong")
    total = sum(t.score for t in score_tests(load_rubric(None, TEST_IDS), grading.ALL_SPECS,
                                             outcomes))
    assert total == pytest.approx(38.5)


def test_staff_can_change_points_weights_and_visibility_without_code():
    def change(data):
        data["groups"]["check_word"]["points"] = 20
        data["groups"]["checks"]["visibility"] = "hidden"
        data["tests"] = {"check_word.random_pairs": {"weight": 3, "visibility": "after_published"}}
    rubric = rubric_with(change)
    scored = {t.spec.id: t for t in score_tests(rubric, grading.ALL_SPECS, all_passed())}
    assert sum(t.max_score for t in scored.values()) == pytest.approx(48)
    assert scored["check_word.random_pairs"].max_score == pytest.approx(6)
    assert scored["check_word.official"].max_score == pytest.approx(2)
    assert scored["check_word.random_pairs"].visibility == "after_published"
    assert scored["checks.files"].visibility == "hidden"
    assert scored["check_word.official"].visibility == "visible"


@pytest.mark.parametrize("change,message", [
    (lambda d: d["groups"].pop("no_letters"), "no_letters missing"),
    (lambda d: d["groups"].update(style={"points": 10}), "unknown key 'style'"),
    (lambda d: d["groups"]["check_word"].update(points=-1), "points must be a number >= 0"),
    (lambda d: d["groups"]["check_word"].update(points="12"), "points must be a number >= 0"),
    (lambda d: d["groups"]["check_word"].update(all_or_nothing="yes"), "true or false"),
    (lambda d: d["groups"]["checks"].update(visibility="secret"), "visibility \"secret\""),
    (lambda d: d.update(tests={"check_word.nonsense": {"weight": 1}}), "unknown test id"),
    (lambda d: d.update(tests={"check_word.official": {"weight": 0}}), "weight must be a number > 0"),
    (lambda d: d.update(tests={"check_word.official": {"points": 3}}), "unknown key 'points'"),
    (lambda d: d.update(extra=1), "unknown key 'extra'"),
])
def test_a_bad_rubric_is_refused_with_a_clear_message(change, message):
    with pytest.raises(RubricError, match=message.replace("(", r"\(")):
        rubric_with(change)


def test_a_rubric_file_that_is_not_json_or_missing_is_refused(tmp_path):
    bad = tmp_path / "rubric.json"
    bad.write_text("{ not json")
    with pytest.raises(RubricError, match="not valid JSON"):
        load_rubric(bad, TEST_IDS)
    with pytest.raises(RubricError, match="cannot read rubric"):
        load_rubric(tmp_path / "missing.json", TEST_IDS)


def test_every_test_belongs_to_a_rubric_group_and_ids_are_unique():
    assert len(set(TEST_IDS)) == len(TEST_IDS)
    assert {spec.group for spec in grading.ALL_SPECS} == set(GROUPS)
    assert all(spec.id.startswith(spec.group + ".") for spec in grading.ALL_SPECS)
