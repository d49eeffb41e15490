"""The final grade of every student of a graded folder OUT: the kit's points (each student's
saved grading, class_record.graded_records) and the points staff gave by hand (the rubric's
hand items, hand_points.py), written as

- Canvas's gradebook import: the columns Student, ID, SIS User ID, SIS Login ID, Section
  (Canvas matches a row to a student by ID, Canvas's user id, then by SIS User ID or SIS
  Login ID, then by name), a "Points Possible" row, then one column for the assignment:
  "NAME" makes a new assignment, "NAME (12345)" (Canvas's own export's header) fills that
  one. An empty cell changes nothing in Canvas.
- a plain CSV: a header row (each column's maximum in its name: "style (max 10)"), then a
  row per student: identity, the kit's groups and total, each hand item, the hand total,
  the final total, and what is missing;
- the comments apart: a row per item commented.

A student gets a total only when every part is there: graded by the kit, every hand item
given and no conflict left (merge-hand-points); otherwise their total and the missing
items stay empty, never 0, and the student is listed (missing()).

Identity: a Canvas download's rows carry Canvas's user id (their name ends in _ID, the id
in sid) and go to ID; a Gradescope export's carry the school's SID (to SIS User ID) and the
email (to SIS Login ID, which is the email at schools that log in with it; Canvas then
falls back to the name). Partners of one Gradescope submission get a row each, with the
same points, when their names, SIDs and emails pair up.
"""
import csv
import io
import os
from dataclasses import dataclass, field

from grader.assignment import GROUPS
from grader.results import csv_table, inside
from grader.results.pages import layout
from grader.results.scoring import points
from grader.staff import class_record, hand_points

CANVAS_IDENTITY = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
POINTS_POSSIBLE = "Points Possible"
DEFAULT_ASSIGNMENT = "Project 1: Wordle"
DEFAULT_FILES = {"canvas": "export-canvas.csv", "plain": "export-grades.csv",
                 "comments": "export-comments.csv"}
PARTNERS = " & "     # how a Gradescope export's partners are joined (class_folder.py)
NOT_GRADED = "not graded by the kit"


class ExportError(Exception):
    """The export cannot be made; the message says why."""


@dataclass
class Person:
    student: str
    sid: str = ""
    email: str = ""
    canvas_id: str = ""


@dataclass
class Final:
    """One graded folder's final grade (shared by partners: people)."""
    folder: str
    people: list
    late: str
    kit_score: float = None     # None: not graded (or graded out of another maximum)
    groups: dict = field(default_factory=dict)     # group -> points (as the CSV row has them)
    hand: dict = field(default_factory=dict)       # item id -> Entry
    kit_problem: str = ""                          # why the kit's points are not there
    hand_missing: list = field(default_factory=list)   # item ids without points
    conflicts: list = field(default_factory=list)      # item ids in conflict

    @property
    def missing(self):
        """What keeps the total empty, as text, or []."""
        hand = (["no hand points yet"] if self.hand_missing and not self.hand and not self.conflicts
                else self.hand_missing)
        return (([self.kit_problem] if self.kit_problem else []) + hand
                + ["%s (a conflict: merge-hand-points)" % item for item in self.conflicts])

    @property
    def hand_total(self):
        """The hand points' sum, or None while one is missing."""
        if self.hand_missing or self.conflicts:
            return None
        return sum(entry.points for entry in self.hand.values() if entry.points is not None)

    @property
    def total(self):
        """The final points, or None while anything is missing."""
        return None if self.missing else self.kit_score + self.hand_total


def people(row):
    """The row's people: one, or each partner of a Gradescope submission when names, SIDs
    and emails pair up (else one person with the joined ids: Canvas then says it found no
    one, rather than a wrong one)."""
    name, sid, email = (row.get(key) or "" for key in (csv_table.STUDENT, "sid", "email"))
    if sid and name.endswith("_" + sid) and not email:     # a Canvas download's student
        return [Person(name, canvas_id=sid)]
    names = name.split(PARTNERS)
    sids, emails = sid.split(PARTNERS), email.split(PARTNERS)
    if len(names) > 1 and all(len(ids) == len(names) or not joined
                              for ids, joined in ((sids, sid), (emails, email))):
        return [Person(one, sids[index] if sid else "", emails[index] if email else "")
                for index, one in enumerate(names)]
    return [Person(name, sid, email)]


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def finals(out, rubric):
    """(Finals in the folders' order, hand-point folders that are no graded student's)."""
    rows = class_record.graded_records(out)
    with hand_points.HandPoints(out, rubric.hand) as store:
        saved = store.all_entries()
        conflicted = {(conflict.student, conflict.item) for conflict in store.conflicts()}
    found = []
    for row in rows:
        folder = layout.folder_name(row.get(csv_table.STUDENT) or "")
        final = Final(folder, people(row), row.get("late") or "",
                      number(row.get(csv_table.SCORE)),
                      {group: number(row.get(group)) for group in GROUPS},
                      {item.id: saved[folder][item.id] for item in rubric.hand
                       if item.id in saved.get(folder, {})})
        kit_max = number(row.get(csv_table.MAX_SCORE))
        if final.kit_score is None or row.get(csv_table.ERROR):
            final.kit_problem = NOT_GRADED
        elif kit_max is None or abs(kit_max - rubric.total_points) > 1e-9:
            final.kit_problem = "graded out of %s, not the rubric's %s: grade again" % (
                row.get(csv_table.MAX_SCORE), points(rubric.total_points))
        if final.kit_problem:
            final.kit_score = None
        for item in rubric.hand:
            entry = final.hand.get(item.id)
            if (folder, item.id) in conflicted:
                final.conflicts.append(item.id)
            elif entry is None or entry.points is None:
                final.hand_missing.append(item.id)
        found.append(final)
    strays = sorted(set(saved) - {final.folder for final in found})
    return found, strays


def csv_text(rows):
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\r\n")
    for row in rows:
        writer.writerow([csv_table.safe_cell(cell) for cell in row])
    return output.getvalue()


def shown(value):
    return "" if value is None else points(value)


def canvas_csv(found, assignment, possible):
    """Canvas's gradebook import: identity columns, Points Possible, a row per person."""
    rows = [list(CANVAS_IDENTITY) + [assignment],
            [POINTS_POSSIBLE] + [""] * (len(CANVAS_IDENTITY) - 1) + [shown(possible)]]
    for final in found:
        for person in final.people:
            rows.append([person.student, person.canvas_id, person.sid, person.email, "",
                         shown(final.total)])
    return csv_text(rows)


def with_maximum(name, maximum):
    return "%s (max %s)" % (name, points(maximum))


def plain_csv(found, items, group_points):
    """One row per person: who, the kit's groups and total, each hand item, the totals."""
    groups = [group for group in GROUPS if group_points.get(group)]
    kit_max = sum(group_points.values())
    hand_max = sum(item.points for item in items)
    header = (["student", "sid", "email", "canvas_id", "late", "folder"]
              + [with_maximum("kit " + group, group_points[group]) for group in groups]
              + [with_maximum("kit total", kit_max)]
              + [with_maximum(item.id, item.points) for item in items]
              + [with_maximum("hand total", hand_max), with_maximum("total", kit_max + hand_max),
                 "missing"])
    rows = [header]
    for final in found:
        graded = final.kit_score is not None
        for person in final.people:
            rows.append([person.student, person.sid, person.email, person.canvas_id, final.late,
                         final.folder]
                        + [shown(final.groups.get(group)) if graded else "" for group in groups]
                        + [shown(final.kit_score)]
                        + [shown(getattr(final.hand.get(item.id), "points", None))
                           for item in items]
                        + [shown(final.hand_total), shown(final.total),
                           "; ".join(final.missing)])
    return csv_text(rows)


def comments_csv(found, items):
    """A row per hand item with a comment: who, the item, its points out of its maximum."""
    rows = [["student", "sid", "email", "folder", "item", "title", "points", "max", "comment",
             "grader"]]
    for final in found:
        for item in items:
            entry = final.hand.get(item.id)
            if entry is None or not entry.comment:
                continue
            for person in final.people:
                rows.append([person.student, person.sid, person.email, final.folder, item.id,
                             item.title, shown(entry.points), points(item.points), entry.comment,
                             entry.grader])
    return csv_text(rows)


def outputs(out, canvas=None, plain=None, comments=None):
    """{kind: path} of the three files, OUT/export-*.csv where not given; ExportError when
    two are one or one is grade-all's grades.csv."""
    chosen = {"canvas": canvas, "plain": plain, "comments": comments}
    paths = {kind: path or os.path.join(out, DEFAULT_FILES[kind]) for kind, path in chosen.items()}
    real = [os.path.realpath(path) for path in paths.values()]
    if len(set(real)) < len(real):
        raise ExportError("the Canvas file, the plain CSV and the comments need three "
                          "different files")
    grades = os.path.realpath(os.path.join(out, "grades.csv"))
    if grades in real:
        raise ExportError("%s is grade-all's CSV: write the export to another file" % grades)
    return paths


def write(path, text):
    """text to path, renamed into place; a link there is refused, not followed (inside.py)."""
    path = os.path.abspath(path)
    try:
        inside.write_text(os.path.dirname(path), os.path.basename(path), text)
    except OSError as error:
        raise ExportError("cannot write %s: %s" % (path, error.strerror or error)) from None


def export(out, rubric, paths, assignment=DEFAULT_ASSIGNMENT):
    """Write the three files of OUT's final grades; return (Finals, stray hand-point folders)."""
    try:
        found, strays = finals(out, rubric)
    except layout.LayoutError as error:
        raise ExportError(str(error)) from None
    if not found:
        raise ExportError("%s holds no graded students (grade-all -o %s first)" % (out, out))
    group_points = {group: rule.points for group, rule in rubric.groups.items()}
    possible = sum(group_points.values()) + sum(item.points for item in rubric.hand)
    write(paths["canvas"], canvas_csv(found, assignment, possible))
    write(paths["plain"], plain_csv(found, rubric.hand, group_points))
    write(paths["comments"], comments_csv(found, rubric.hand))
    return found, strays
