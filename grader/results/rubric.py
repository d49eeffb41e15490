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
      }
    }

The groups are check_word, known_word, no_letters, yes_letters,
filter_word_list, wordle_program, easy_wordle_program and checks. A group's
points are split over its tests in proportion to their weights (1 unless
given). In an ``all_or_nothing`` group every test must pass for any of its
points to count. Visibility is Gradescope's: visible, hidden, after_due_date
or after_published. ``python -m grader tests`` lists the test ids.
"""
import json
import pathlib
from dataclasses import dataclass

from grader.assignment import GROUPS

DEFAULT_RUBRIC = pathlib.Path(__file__).resolve().parent / "rubric.json"
VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")
TOP_KEYS = ("about", "visibility", "groups", "tests")
GROUP_KEYS = ("points", "all_or_nothing", "visibility")
TEST_KEYS = ("weight", "visibility")


class RubricError(Exception):
    """The rubric file cannot be used; the message says where and why."""


@dataclass(frozen=True)
class GroupRule:
    points: float
    all_or_nothing: bool
    visibility: str


@dataclass(frozen=True)
class Rubric:
    groups: dict  # group name -> GroupRule
    weights: dict  # test id -> weight (tests not listed weigh 1)
    visibilities: dict  # test id -> visibility overriding its group's

    def weight(self, test_id):
        return self.weights.get(test_id, 1)

    def visibility(self, spec):
        return self.visibilities.get(spec.id, self.groups[spec.group].visibility)

    @property
    def total_points(self):
        return sum(rule.points for rule in self.groups.values())


def _is_number(value):
    return type(value) in (int, float) and value == value and abs(value) != float("inf")


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
        raise RubricError("tests: unknown test id %r (python -m grader tests lists them)"
                          % unknown[0])
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
    return Rubric(groups, weights, visibilities)


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
