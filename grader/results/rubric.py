"""The rubric: how many points each group of tests is worth, and who sees what.

The default is ``grader/results/rubric.json`` (the course's 40 points). Staff can pass
their own with ``--rubric FILE``; it is a JSON object::

    {
      "about": "any text (optional)",
      "visibility": "visible",               # default for every test (optional)
      "groups": {                            # every group, exactly once
        "check_word": {"points": 12},
        "wordle_program": {"points": 4, "all_or_nothing": true},
        "checks": {"points": 0, "visibility": "hidden"},
        ...
      },
      "tests": {                             # optional, per test id
        "check_word.random_pairs": {"weight": 2, "visibility": "after_published"}
      },
      "hand": [                              # optional: the points staff give by hand
        {"id": "style", "title": "Code style", "points": 10},
        {"id": "review.check_word", "title": "Code review: check_word", "points": 6,
         "group": "check_word", "step": 0.5},
        ...
      ]
    }

The groups are check_word, known_word, no_letters, yes_letters,
filter_word_list, wordle_program, easy_wordle_program and checks. A group's
points are split over its tests in proportion to their weights (1 unless
given). In an ``all_or_nothing`` group every test must pass for any of its
points to count. Visibility is Gradescope's: visible, hidden, after_due_date
or after_published. ``python -m grader tests`` lists the test ids.

The hand items are what the autograder does not grade (the course's 10 of style and 50 of
code review): grading and the Gradescope bundle ignore them; ``review`` records them
(staff/hand_points.py) and ``export`` adds them to the kit's points. Each has an ``id``
(lower-case words joined by ``_``, parts by ``.``: ``review.check_word``; unique; it is a
column of the export and a key of the saved points, so keep it across terms), a ``title``
(shown to staff), ``points`` (its maximum, > 0), optionally ``step`` (points are given in
multiples of it, 0.5 unless given; the maximum must be one) and ``group`` (the rubric
group the autograder scores for the same part, shown beside it). Another term's items are
another list here; no code changes.
"""
import json
import pathlib
import re
from dataclasses import dataclass

from command_line import program_name
from grader.assignment import GROUPS
from grader.results.scoring import points

DEFAULT_RUBRIC = pathlib.Path(__file__).resolve().parent / "rubric.json"
VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")
TOP_KEYS = ("about", "visibility", "groups", "tests", "hand")
GROUP_KEYS = ("points", "all_or_nothing", "visibility")
TEST_KEYS = ("weight", "visibility")
HAND_KEYS = ("id", "title", "points", "step", "group")
HAND_ID = re.compile(r"[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*\Z")
DEFAULT_STEP = 0.5


class RubricError(Exception):
    """The rubric file cannot be used; the message says where and why."""


@dataclass(frozen=True)
class GroupRule:
    points: float
    all_or_nothing: bool
    visibility: str


@dataclass(frozen=True)
class HandItem:
    """Points staff give by hand: from 0 to points, in multiples of step."""
    id: str
    title: str
    points: float
    step: float = DEFAULT_STEP
    group: str = ""     # the rubric group the autograder scores for the same part, or ""

    def problem(self, value):
        """Why value cannot be this item's points (None: it can)."""
        if not _is_number(value) or not 0 <= value <= self.points:
            return "%s takes points from 0 to %s, not %s" % (self.id, points(self.points),
                                                              json.dumps(value))
        if not _is_multiple(value, self.step):
            return "%s takes points in steps of %s, not %s" % (self.id, points(self.step),
                                                                points(value))
        return None


@dataclass(frozen=True)
class Rubric:
    groups: dict  # group name -> GroupRule
    weights: dict  # test id -> weight (tests not listed weigh 1)
    visibilities: dict  # test id -> visibility overriding its group's
    hand: tuple = ()  # HandItems, in the rubric's order

    def weight(self, test_id):
        return self.weights.get(test_id, 1)

    def visibility(self, spec):
        return self.visibilities.get(spec.id, self.groups[spec.group].visibility)

    @property
    def total_points(self):
        return sum(rule.points for rule in self.groups.values())


def _is_number(value):
    return type(value) in (int, float) and value == value and abs(value) != float("inf")


def _is_multiple(value, step):
    return abs(value / step - round(value / step)) < 1e-9


def _check_keys(where, table, allowed):
    if type(table) is not dict:
        raise RubricError("%s must be a JSON object, not %s" % (where, json.dumps(table)))
    unknown = sorted(set(table) - set(allowed))
    if unknown:
        raise RubricError("%s: unknown key %r (allowed: %s)" % (where, unknown[0], ", ".join(allowed)))


def _visibility(where, value):
    if value not in VISIBILITIES:
        raise RubricError("%s: visibility %s is not one of %s"
                          % (where, json.dumps(value), ", ".join(VISIBILITIES)))
    return value


def _group_rule(name, table, default_visibility):
    where = "groups.%s" % name
    _check_keys(where, table, GROUP_KEYS)
    points = table.get("points")
    if not _is_number(points) or points < 0:
        raise RubricError("%s.points must be a number >= 0, not %s" % (where, json.dumps(points)))
    all_or_nothing = table.get("all_or_nothing", False)
    if type(all_or_nothing) is not bool:
        raise RubricError("%s.all_or_nothing must be true or false" % where)
    visibility = _visibility(where, table.get("visibility", default_visibility))
    return GroupRule(points, all_or_nothing, visibility)


def parse_rubric(data, test_ids):
    """Validate parsed JSON data against the known test ids; return a Rubric."""
    _check_keys("the rubric", data, TOP_KEYS)
    default_visibility = _visibility("the rubric", data.get("visibility", "visible"))
    groups_table = data.get("groups")
    _check_keys("groups", groups_table, GROUPS)
    missing = [name for name in GROUPS if name not in groups_table]
    if missing:
        raise RubricError("groups: %s missing (every group must be given, 0 points allowed)"
                          % ", ".join(missing))
    groups = {name: _group_rule(name, groups_table[name], default_visibility) for name in GROUPS}
    tests_table = data.get("tests", {})
    if type(tests_table) is not dict:
        raise RubricError("tests must be a JSON object of test ids")
    unknown = sorted(set(tests_table) - set(test_ids))
    if unknown:
        raise RubricError("tests: unknown test id %r (%s tests lists them)"
                          % (unknown[0], program_name("grader")))
    weights, visibilities = {}, {}
    for test_id, table in tests_table.items():
        where = "tests.%s" % test_id
        _check_keys(where, table, TEST_KEYS)
        if "weight" in table:
            weight = table["weight"]
            if not _is_number(weight) or weight <= 0:
                raise RubricError("%s.weight must be a number > 0, not %s" % (where, json.dumps(weight)))
            weights[test_id] = weight
        if "visibility" in table:
            visibilities[test_id] = _visibility(where, table["visibility"])
    return Rubric(groups, weights, visibilities, _hand_items(data.get("hand", [])))


def _hand_items(table):
    if type(table) is not list:
        raise RubricError("hand must be a JSON list of items ({\"id\": ..., \"title\": ..., "
                          "\"points\": ...}), not %s" % json.dumps(table))
    items = []
    for index, entry in enumerate(table):
        where = "hand[%d]" % index
        _check_keys(where, entry, HAND_KEYS)
        item_id = entry.get("id")
        if type(item_id) is not str or not HAND_ID.match(item_id):
            raise RubricError("%s.id must be lower-case words joined by _ and parts by . "
                              "(e.g. review.check_word), not %s" % (where, json.dumps(item_id)))
        where = "hand item %s" % item_id
        if any(item.id == item_id for item in items):
            raise RubricError("%s is given twice" % where)
        title = entry.get("title")
        if type(title) is not str or not title.strip():
            raise RubricError("%s: title must be a text that is not empty" % where)
        maximum, step = entry.get("points"), entry.get("step", DEFAULT_STEP)
        if not _is_number(maximum) or maximum <= 0:
            raise RubricError("%s: points must be a number > 0, not %s"
                              % (where, json.dumps(maximum)))
        if not _is_number(step) or step <= 0:
            raise RubricError("%s: step must be a number > 0, not %s" % (where, json.dumps(step)))
        if not _is_multiple(maximum, step):
            raise RubricError("%s: points (%s) must be a multiple of step (%s)"
                              % (where, points(maximum), points(step)))
        group = entry.get("group", "")
        if group != "" and group not in GROUPS:
            raise RubricError("%s: group %s is not one of %s"
                              % (where, json.dumps(group), ", ".join(GROUPS)))
        items.append(HandItem(item_id, title.strip(), maximum, step, group))
    return tuple(items)


def grading_part(path):
    """What of a valid rubric file a grade depends on, as text: everything but its hand items
    and its about (batch.py's fingerprint: editing a hand item regrades no one)."""
    data = json.loads((pathlib.Path(path) if path is not None else DEFAULT_RUBRIC)
                      .read_text(encoding="utf-8"))
    return json.dumps({key: value for key, value in data.items() if key not in ("hand", "about")},
                      sort_keys=True)


def load_rubric(path, test_ids):
    """Read and validate a rubric file (the default when path is None)."""
    path = pathlib.Path(path) if path is not None else DEFAULT_RUBRIC
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise RubricError("cannot read rubric %s: %s" % (path, error.strerror or error)) from None
    except UnicodeDecodeError:
        raise RubricError("cannot read rubric %s: it is not UTF-8 text" % path) from None
    try:
        data = json.loads(text)
    except ValueError as error:
        raise RubricError("rubric %s is not valid JSON: %s" % (path, error)) from None
    try:
        return parse_rubric(data, test_ids)
    except RubricError as error:
        raise RubricError("rubric %s: %s" % (path, error)) from None


def default_hand_items():
    """The default rubric's hand items, for what shows them without grading (the pages)."""
    return _hand_items(json.loads(DEFAULT_RUBRIC.read_text(encoding="utf-8")).get("hand", []))
