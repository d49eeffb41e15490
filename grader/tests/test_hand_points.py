"""The hand points: the rubric's hand items (rubric.py), their SQLite store (staff/hand_points.py)
and merging two TAs' stores (merge-hand-points)."""
import copy
import json
import os
import sqlite3
import subprocess
import sys

import pytest

from grader import KIT_ROOT, grading
from grader.results.rubric import DEFAULT_RUBRIC, HandItem, RubricError, load_rubric, parse_rubric
from grader.staff import hand_points
from grader.staff.hand_points import DATABASE, HandPoints, HandPointsError, merge

TEST_IDS = [spec.id for spec in grading.ALL_SPECS]
DEFAULT = json.loads(DEFAULT_RUBRIC.read_text())
ITEMS = load_rubric(None, TEST_IDS).hand
COURSE_ITEMS = {"style": 10, "review.wordle_program": 14, "review.easy_wordle_program": 8,
                "review.check_word": 6, "review.known_word": 4, "review.yes_letters": 4,
                "review.no_letters": 6, "review.filter_word_list": 8}


def test_the_course_rubric_holds_the_60_hand_points_by_item():
    assert {item.id: item.points for item in ITEMS} == COURSE_ITEMS
    assert sum(item.points for item in ITEMS) == 60
    assert load_rubric(None, TEST_IDS).total_points == 40   # grading counts the kit's 40 only
    assert all(item.title and item.step == 0.5 for item in ITEMS)
    assert {item.id: item.group for item in ITEMS}["review.check_word"] == "check_word"


def test_the_tests_command_lists_the_hand_items_apart_from_what_is_graded():
    listed = grader("tests")
    assert listed.returncode == 0, listed.stderr
    hand = listed.stdout.split("given by hand")[1]
    assert hand.startswith(" (python -m grader review; not graded here): 60 points\n")
    assert "  review.wordle_program" in hand and "14  Code review: the wordle program" in hand


def test_another_terms_items_are_data_and_the_hand_list_is_optional():
    data = copy.deepcopy(DEFAULT)
    data["hand"] = [{"id": "review.tests", "title": "Their own tests", "points": 5, "step": 1}]
    item, = parse_rubric(data, TEST_IDS).hand
    assert item == HandItem("review.tests", "Their own tests", 5, 1, "")
    assert item.problem(4) is None and "steps of 1" in item.problem(4.5)
    del data["hand"]
    assert parse_rubric(data, TEST_IDS).hand == ()


@pytest.mark.parametrize("hand,message", [
    ({"style": 10}, "hand must be a JSON list"),
    ([{"id": "Style", "title": "x", "points": 1}], r"hand\[0\].id must be lower-case"),
    ([{"id": "style", "title": "", "points": 1}], "title must be a text"),
    ([{"id": "style", "title": "x", "points": 0}], "points must be a number > 0"),
    ([{"id": "style", "title": "x", "points": True}], "points must be a number > 0"),
    ([{"id": "style", "title": "x", "points": 3, "step": 2}], r"points \(3\) must be a multiple"),
    ([{"id": "style", "title": "x", "points": 3, "group": "style"}], "group \"style\" is not one"),
    ([{"id": "style", "title": "x", "points": 3, "max": 3}], "unknown key 'max'"),
    ([{"id": "a", "title": "x", "points": 1}, {"id": "a", "title": "y", "points": 2}],
     "hand item a is given twice"),
])
def test_a_bad_hand_section_is_a_clear_rubric_error(hand, message):
    data = dict(copy.deepcopy(DEFAULT), hand=hand)
    with pytest.raises(RubricError, match=message):
        parse_rubric(data, TEST_IDS)


def test_saves_are_kept_across_opening_again(tmp_path):
    with HandPoints(tmp_path) as store:
        store.save("alice", "style", 9.5, "clear names", "ta1")
        store.save("alice", "review.check_word", None, "ask about the ISSUE case")
        store.save("bob", "style", 0, "")
    with HandPoints(tmp_path) as store:
        alice = store.entries("alice")
        assert (alice["style"].points, alice["style"].comment, alice["style"].grader) == \
            (9.5, "clear names", "ta1")
        assert alice["review.check_word"].points is None
        assert store.students_with_entries() == ["alice", "bob"]
        assert store.missing("alice") == [item.id for item in ITEMS if item.id != "style"]
        assert store.missing("bob", ["style", "review.known_word"]) == ["review.known_word"]
        assert store.entries("carol") == {} and store.conflicts() == []


def test_every_save_is_committed_at_once_in_a_versioned_wal_file(tmp_path):
    store = HandPoints(tmp_path)
    store.save("alice", "style", 7, "")
    other = sqlite3.connect(tmp_path / DATABASE)    # another process's view, store still open
    assert other.execute("SELECT points FROM entries").fetchall() == [(7.0,)]
    assert other.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert other.execute("PRAGMA user_version").fetchone() == (hand_points.SCHEMA_VERSION,)
    other.close()
    store.close()


@pytest.mark.parametrize("student,item,points,message", [
    ("alice", "style", 10.5, "style takes points from 0 to 10, not 10.5"),
    ("alice", "style", -1, "from 0 to 10"),
    ("alice", "style", "5", "from 0 to 10"),
    ("alice", "review.check_word", 2.25, "steps of 0.5, not 2.25"),
    ("alice", "review.nothing", 1, "not a hand item of the rubric"),
    ("../alice", "style", 1, "not a student's folder name"),
    ("", "style", 1, "not a student's folder name"),
])
def test_points_outside_the_items_range_are_refused_and_nothing_saved(tmp_path, student, item,
                                                                      points, message):
    with HandPoints(tmp_path) as store:
        with pytest.raises(HandPointsError, match=message):
            store.save(student, item, points, "")
        assert store.students_with_entries() == []


def test_a_file_that_is_not_the_stores_is_refused_not_changed(tmp_path):
    (tmp_path / "a").mkdir()
    sqlite3.connect(tmp_path / "a" / DATABASE).execute("CREATE TABLE t (x)")
    with pytest.raises(HandPointsError, match="another program's database"):
        HandPoints(tmp_path / "a")
    (tmp_path / "b").mkdir()
    sqlite3.connect(tmp_path / "b" / DATABASE).execute("PRAGMA user_version = 99")
    with pytest.raises(HandPointsError, match="newer wordle-kit"):
        HandPoints(tmp_path / "b")
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / DATABASE).symlink_to(tmp_path / "elsewhere.sqlite3")
    with pytest.raises(HandPointsError, match="a link"):
        HandPoints(tmp_path / "c")
    assert not (tmp_path / "elsewhere.sqlite3").exists()
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / (DATABASE + "-wal")).symlink_to(tmp_path / "elsewhere-wal")
    with pytest.raises(HandPointsError, match="-wal is a link"):
        HandPoints(tmp_path / "d")
    assert not (tmp_path / "elsewhere-wal").exists() and not (tmp_path / "d" / DATABASE).exists()
    with pytest.raises(HandPointsError, match="not a folder of graded submissions"):
        HandPoints(tmp_path / "missing")


def two_tas(tmp_path):
    """Two TAs' folders: each graded a half, and both scored alice's style differently."""
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    mine.mkdir()
    theirs.mkdir()
    with HandPoints(mine) as store:
        store.save("alice", "style", 9, "good names", "ta1")
        store.save("alice", "review.known_word", 4, "", "ta1")
        store.save("bob", "review.no_letters", None, "a comment first", "ta1")
    with HandPoints(theirs) as store:
        store.save("alice", "style", 7, "long lines", "ta2")
        store.save("alice", "review.known_word", 4, "", "ta2")
        store.save("bob", "review.no_letters", 5, "", "ta2")
        store.save("carol", "style", 10, "", "ta2")
    return mine, theirs / DATABASE


def test_merging_takes_the_union_and_records_a_different_score_as_a_conflict(tmp_path):
    mine, other = two_tas(tmp_path)
    before = other.read_bytes(), sorted(os.listdir(other.parent))
    merged = merge(mine, other)
    assert (merged.added, merged.updated, merged.unchanged) == (1, 1, 1)
    assert (other.read_bytes(), sorted(os.listdir(other.parent))) == before  # left as it was
    with HandPoints(mine) as store:
        conflict, = store.conflicts()
        assert (conflict.student, conflict.item) == ("alice", "style")
        assert (conflict.mine.points, conflict.theirs.points) == (9, 7)
        assert store.entries("alice")["style"].points == 9           # not chosen silently
        bob = store.entries("bob")["review.no_letters"]
        assert (bob.points, bob.comment) == (5, "a comment first")   # a value beside none
        assert store.entries("carol")["style"].points == 10
        store.save("alice", "style", 8, "settled between us", "ta1")
        assert store.conflicts() == []
    assert merge(mine, other).conflicts == []   # the settled value is not a conflict again


def test_take_keeps_one_side_and_a_file_with_conflicts_of_its_own_is_not_merged(tmp_path):
    mine, other = two_tas(tmp_path)
    merge(mine, other)
    with HandPoints(mine) as store:
        with pytest.raises(HandPointsError, match="no conflict to settle"):
            store.take("carol", "style", "theirs")
        assert store.take("alice", "style", "theirs").points == 7
        assert store.entries("alice")["style"].comment == "long lines"
    third = tmp_path / "third"
    third.mkdir()
    merge(third, other)
    with HandPoints(third) as store:
        store.save("alice", "style", 1, "")
    merge(third, other)
    with pytest.raises(HandPointsError, match="1 conflict of its own not settled"):
        merge(mine, third / DATABASE)
    with pytest.raises(HandPointsError, match="this folder's own hand points"):
        merge(mine, mine / DATABASE)


def grader(*args):
    return subprocess.run([sys.executable, "-m", "grader", *map(str, args)], cwd=KIT_ROOT,
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PYTHONPATH=str(KIT_ROOT)))


def test_the_merge_command_shows_a_conflict_and_exits_1_until_it_is_settled(tmp_path):
    mine, other = two_tas(tmp_path)
    first = grader("merge-hand-points", mine, other)
    assert first.returncode == 1, first.stderr
    assert "1 added, 1 updated, 1 unchanged, 1 conflicting" in first.stdout
    assert "conflict: alice style: here 9 (ta1, " in first.stdout and '"long lines"' in first.stdout
    assert "--take mine|theirs STUDENT ITEM" in first.stderr
    assert grader("merge-hand-points", mine).returncode == 1        # still listed
    settled = grader("merge-hand-points", mine, "--take", "mine", "alice", "style")
    assert settled.returncode == 0, settled.stderr
    assert "settled alice style: 9 (ta1, " in settled.stdout
    bad = grader("merge-hand-points", mine, tmp_path / "nothing.sqlite3")
    assert bad.returncode == 2 and "no such file" in bad.stderr and "Traceback" not in bad.stderr


def test_editing_the_hand_items_regrades_no_one_but_a_group_s_points_do(tmp_path):
    from grader.results.rubric import grading_part
    data = copy.deepcopy(DEFAULT)
    data["hand"][0]["title"] = "Style (PEP 8)"
    data["about"] = "another term"
    (tmp_path / "edited.json").write_text(json.dumps(data))
    assert grading_part(tmp_path / "edited.json") == grading_part(None)
    data["groups"]["check_word"]["points"] = 11
    (tmp_path / "regrade.json").write_text(json.dumps(data))
    assert grading_part(tmp_path / "regrade.json") != grading_part(None)
