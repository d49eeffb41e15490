"""The points staff give by hand (the rubric's hand items: style, code review), kept in SQLite
at OUT/hand_points.sqlite3 beside the graded folders, so that a closed browser, a crash or a
regrade loses nothing.

A student is their folder's name under OUT (layout.folder_name: the same at every regrade);
an item is a hand item's id in the rubric (rubric.py). Every save is committed at once (WAL
journal). The schema's version is PRAGMA user_version; MIGRATIONS brings an older file up to
date when it is opened.

Two TAs who each graded a section on their own machine merge their files (merge): the union;
an item both scored differently (points, or two comments) is recorded as a conflict and left
as it was here, never silently chosen. A conflict is settled by saving a value for that item
(review, or take()); until then conflicts() lists it and export refuses the student.
"""
import datetime
import os
import pathlib
import shutil
import sqlite3
import stat
import tempfile
import threading
from collections import namedtuple
from urllib.parse import quote

from grader.results.rubric import default_hand_items
from grader.results.scoring import points as points_text
from grader.results.text_report import visible

DATABASE = "hand_points.sqlite3"
MAX_COMMENT = 20_000    # characters of one comment
BUSY_SECONDS = 10       # waiting for another process's write (review open while export runs)
MIGRATIONS = (          # MIGRATIONS[n] brings a file from schema version n to n + 1
    """
    CREATE TABLE entries (
        student TEXT NOT NULL,
        item TEXT NOT NULL,
        points REAL,                        -- NULL: not given yet
        comment TEXT NOT NULL DEFAULT '',
        grader TEXT NOT NULL DEFAULT '',
        saved_at TEXT NOT NULL,             -- UTC, ISO 8601
        PRIMARY KEY (student, item)
    );
    CREATE TABLE conflicts (
        id INTEGER PRIMARY KEY,
        student TEXT NOT NULL,
        item TEXT NOT NULL,
        points REAL,                        -- theirs: the other file's entry
        comment TEXT NOT NULL,
        grader TEXT NOT NULL,
        saved_at TEXT NOT NULL,
        source TEXT NOT NULL,               -- the file merged
        settled_at TEXT                     -- NULL until a value is saved for the item
    );
    CREATE INDEX conflicts_by_item ON conflicts (student, item);
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)

Entry = namedtuple("Entry", "points comment grader saved_at")
Conflict = namedtuple("Conflict", "student item mine theirs source")   # mine, theirs: Entry
Merged = namedtuple("Merged", "added updated unchanged conflicts")      # counts; new Conflicts


class HandPointsError(Exception):
    """The hand points cannot be read, saved or merged; the message says why."""


def now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def is_regular_file(path):
    """True for a regular file, False when there is none; HandPointsError for anything else
    (a link is never followed)."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return False
    except OSError as error:
        raise HandPointsError("cannot open %s: %s" % (path, error.strerror or error)) from None
    if not stat.S_ISREG(mode):
        raise HandPointsError("%s is %s, not a database file: not opened" % (
            path, "a link" if stat.S_ISLNK(mode) else "not a regular file"))
    return True


def connect(path):
    """A connection to the file at path (created when there is none), never through a link
    (nofollow; nor its journal files, which a link would have SQLite write elsewhere);
    autocommit, so each statement outside a transaction is committed at once."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        is_regular_file(path + suffix)
    uri = "file:%s?nofollow=1" % quote(str(pathlib.Path(path).absolute()))
    try:
        return sqlite3.connect(uri, uri=True, timeout=BUSY_SECONDS, isolation_level=None,
                               check_same_thread=False)
    except sqlite3.Error as error:
        raise HandPointsError("cannot open %s: %s" % (path, error)) from None


def schema_version(connection, path):
    try:
        return connection.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as error:
        raise HandPointsError("%s is not a hand points database (%s)" % (path, error)) from None


def check_version(version, path):
    if version > SCHEMA_VERSION:
        raise HandPointsError("%s was written by a newer wordle-kit (schema %d; this one knows up "
                              "to %d): update the kit" % (path, version, SCHEMA_VERSION))


class HandPoints:
    """OUT's hand points (opened, or created when there are none yet); a context manager.
    items: the rubric's HandItems that points are checked against (default: the course's).
    One object may be shared by threads (a web server's): its calls take turns."""

    def __init__(self, out, items=None):
        if not os.path.isdir(out):
            raise HandPointsError("%s is not a folder of graded submissions" % out)
        self.path = os.path.join(out, DATABASE)
        self.items = {item.id: item for item in (default_hand_items() if items is None else items)}
        self.lock = threading.RLock()
        self.connection = connect(self.path)
        try:
            self._migrate()
        except BaseException:
            self.connection.close()
            raise

    def _migrate(self):
        try:
            self.connection.execute("PRAGMA journal_mode = WAL")
            self.connection.execute("BEGIN IMMEDIATE")
            version = schema_version(self.connection, self.path)
            check_version(version, self.path)
            if version == 0 and self.connection.execute(
                    "SELECT count(*) FROM sqlite_master").fetchone()[0]:
                raise HandPointsError("%s is another program's database, not the hand points: "
                                      "move it away" % self.path)
            for script in MIGRATIONS[version:]:
                for statement in script.split(";"):
                    if statement.strip():
                        self.connection.execute(statement)
            self.connection.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
            self.connection.execute("COMMIT")
        except sqlite3.Error as error:
            raise HandPointsError("cannot use %s: %s" % (self.path, error)) from None
        finally:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")

    def close(self):
        with self.lock:
            self.connection.close()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def _run(self, sql, parameters=()):
        with self.lock:
            try:
                return self.connection.execute(sql, parameters).fetchall()
            except sqlite3.Error as error:
                raise HandPointsError("cannot use %s: %s" % (self.path, error)) from None

    def check(self, student, item, points, comment, grader):
        """HandPointsError when these cannot be saved."""
        if type(student) is not str or not student or "/" in student or "\0" in student \
                or student.startswith((".", "_")):
            raise HandPointsError("%r is not a student's folder name" % (student,))
        if item not in self.items:
            raise HandPointsError("%r is not a hand item of the rubric (its items: %s)"
                                  % (item, ", ".join(self.items)))
        if points is not None:
            problem = self.items[item].problem(points)
            if problem:
                raise HandPointsError("%s: %s" % (student, problem))
        for name, text in (("comment", comment), ("grader", grader)):
            if type(text) is not str:
                raise HandPointsError("%s %s: the %s must be text" % (student, item, name))
        if len(comment) > MAX_COMMENT:
            raise HandPointsError("%s %s: a comment of at most %d characters, not %d"
                                  % (student, item, MAX_COMMENT, len(comment)))

    def save(self, student, item, points, comment, grader=""):
        """Save (committed at once) the student's points for item (None: not given yet) and
        comment; this settles a conflict of that item. Returns the Entry saved."""
        self.check(student, item, points, comment, grader)
        entry = Entry(None if points is None else float(points), comment, grader, now())
        with self.lock:
            self._transaction(lambda: self._write(student, item, entry, settle=True))
        return entry

    def _transaction(self, work):
        try:
            self.connection.execute("BEGIN IMMEDIATE")
            result = work()
            self.connection.execute("COMMIT")
            return result
        except sqlite3.Error as error:
            raise HandPointsError("cannot save in %s: %s" % (self.path, error)) from None
        finally:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")

    def _write(self, student, item, entry, settle):
        self.connection.execute(
            "INSERT INTO entries (student, item, points, comment, grader, saved_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (student, item) DO UPDATE SET "
            "points = excluded.points, comment = excluded.comment, grader = excluded.grader, "
            "saved_at = excluded.saved_at", (student, item) + tuple(entry))
        if settle:
            self.connection.execute(
                "UPDATE conflicts SET settled_at = ? WHERE student = ? AND item = ? AND "
                "settled_at IS NULL", (entry.saved_at, student, item))

    def entries(self, student):
        """{item id: Entry} of what was saved for the student."""
        return {item: Entry(*rest) for item, *rest in self._run(
            "SELECT item, points, comment, grader, saved_at FROM entries WHERE student = ?",
            (student,))}

    def all_entries(self):
        """{student: {item id: Entry}} of everything saved."""
        found = {}
        for student, item, *rest in self._run(
                "SELECT student, item, points, comment, grader, saved_at FROM entries"):
            found.setdefault(student, {})[item] = Entry(*rest)
        return found

    def students_with_entries(self):
        """The students something was saved for, sorted."""
        return [row[0] for row in self._run(
            "SELECT DISTINCT student FROM entries ORDER BY student")]

    def missing(self, student, items=None):
        """The ids of items (HandItems or ids; default: all the rubric's) the student has no
        points for, in their order."""
        given = {item for item, entry in self.entries(student).items() if entry.points is not None}
        ids = [getattr(item, "id", item) for item in (self.items if items is None else items)]
        return [item for item in ids if item not in given]

    def conflicts(self):
        """The Conflicts not settled yet, by student and item."""
        rows = self._run(
            "SELECT c.student, c.item, e.points, e.comment, e.grader, e.saved_at, c.points, "
            "c.comment, c.grader, c.saved_at, c.source FROM conflicts c LEFT JOIN entries e "
            "ON e.student = c.student AND e.item = c.item WHERE c.settled_at IS NULL "
            "ORDER BY c.student, c.item, c.id")
        return [Conflict(row[0], row[1], Entry(*row[2:6]) if row[5] is not None else None,
                         Entry(*row[6:10]), row[10]) for row in rows]

    def take(self, student, item, which):
        """Settle the item's conflict with "mine" (the value here) or "theirs" (the merged
        file's); returns the Entry saved."""
        if which not in ("mine", "theirs"):
            raise HandPointsError("take mine or theirs, not %r" % (which,))
        found = [conflict for conflict in self.conflicts()
                 if (conflict.student, conflict.item) == (student, item)]
        if not found:
            raise HandPointsError("no conflict to settle for %s %s (merge-hand-points OUT lists "
                                  "them)" % (student, item))
        if which == "theirs" and len({conflict.theirs for conflict in found}) > 1:
            raise HandPointsError("%s %s has %d other values from %s: give its points in review "
                                  "instead" % (student, item, len(found),
                                               ", ".join(conflict.source for conflict in found)))
        chosen = found[0].mine if which == "mine" else found[0].theirs
        return self.save(student, item, chosen.points, chosen.comment, chosen.grader)

    def merge(self, other_path):
        """Add the hand points of the file other_path (another TA's): see merge()."""
        other = read_other(other_path, self.path)
        for (student, item), entry in other.items():
            try:
                self.check(student, item, entry.points, entry.comment, entry.grader)
            except HandPointsError as error:
                raise HandPointsError("%s cannot be merged: %s" % (other_path, error)) from None
        with self.lock:
            return self._transaction(lambda: self._merge_entries(other, str(other_path)))

    def _merge_entries(self, other, source):
        added = updated = unchanged = 0
        conflicts = []
        for (student, item), theirs in sorted(other.items()):
            if self.connection.execute(
                    "SELECT 1 FROM conflicts WHERE student = ? AND item = ? AND points IS ? AND "
                    "comment = ? AND grader = ? AND saved_at = ?",
                    (student, item) + tuple(theirs)).fetchone():
                unchanged += 1       # this value was a conflict before (settled or not)
                continue
            row = self.connection.execute(
                "SELECT points, comment, grader, saved_at FROM entries WHERE student = ? AND "
                "item = ?", (student, item)).fetchone()
            if row is None:
                self._write(student, item, theirs, settle=False)
                added += 1
                continue
            mine = Entry(*row)
            combined = combine(mine, theirs)
            if combined is None:
                self.connection.execute(
                    "INSERT INTO conflicts (student, item, points, comment, grader, saved_at, "
                    "source) VALUES (?, ?, ?, ?, ?, ?, ?)", (student, item) + tuple(theirs)
                    + (source,))
                conflicts.append(Conflict(student, item, mine, theirs, source))
            elif combined != mine:
                self._write(student, item, combined, settle=False)
                updated += 1
            else:
                unchanged += 1
        return Merged(added, updated, unchanged, conflicts)


def shown_entry(entry):
    """An Entry in a line: its points (or none yet), who and when, its comment cut short."""
    comment = visible(" ".join(entry.comment.split()))
    return "%s (%s%s)%s" % ("no points" if entry.points is None else points_text(entry.points),
                            entry.grader + ", " if entry.grader else "", entry.saved_at,
                            ' "%s"' % (comment[:57] + "..." if len(comment) > 60 else comment)
                            if comment else "")


def shown_conflict(conflict):
    return "conflict: %s %s: here %s; in %s %s" % (
        visible(conflict.student), conflict.item,
        shown_entry(conflict.mine) if conflict.mine else "nothing", conflict.source,
        shown_entry(conflict.theirs))


def combine(mine, theirs):
    """One Entry holding both, when they do not disagree (a value beside none, or the same
    value); None when both gave different points or different comments."""
    points = [entry.points for entry in (mine, theirs) if entry.points is not None]
    comments = [entry.comment for entry in (mine, theirs) if entry.comment]
    if len(set(points)) > 1 or len(set(comments)) > 1:
        return None
    points, comment = (points[0] if points else None), (comments[0] if comments else "")
    if (points, comment) == (mine.points, mine.comment):
        return mine
    later = max(mine, theirs, key=lambda entry: entry.saved_at)
    return Entry(points, comment, later.grader, later.saved_at)


def read_other(path, own_path):
    """{(student, item): Entry} of another TA's file, read from a copy (with its -wal file,
    the saves not yet checkpointed) so that the file and its folder are left as they were."""
    path = os.fspath(path)
    if os.path.exists(path) and os.path.exists(own_path) and os.path.samefile(path, own_path):
        raise HandPointsError("%s is this folder's own hand points: merge another TA's file"
                              % path)
    if not is_regular_file(path):
        raise HandPointsError("%s: no such file" % path)
    with tempfile.TemporaryDirectory(prefix="wordle-kit-merge-") as folder:
        copy = os.path.join(folder, DATABASE)
        for suffix in ("", "-wal"):
            if suffix and not is_regular_file(path + suffix):
                continue
            try:
                shutil.copyfile(path + suffix, copy + suffix, follow_symlinks=False)
            except OSError as error:
                raise HandPointsError("cannot read %s: %s" % (path + suffix,
                                                              error.strerror or error)) from None
        connection = connect(copy)
        try:
            return other_entries(connection, path)
        except sqlite3.Error as error:
            raise HandPointsError("cannot read %s: %s" % (path, error)) from None
        finally:
            connection.close()


def other_entries(connection, path):
    version = schema_version(connection, path)
    check_version(version, path)
    if version < SCHEMA_VERSION:
        raise HandPointsError("%s is not a hand points database of this kit (schema %d)"
                              % (path, version))
    unsettled = connection.execute(
        "SELECT count(*) FROM conflicts WHERE settled_at IS NULL").fetchone()[0]
    if unsettled:
        raise HandPointsError("%s has %d conflict%s of its own not settled: settle %s there "
                              "first" % (path, unsettled, "" if unsettled == 1 else "s",
                                         "it" if unsettled == 1 else "them"))
    return {(student, item): Entry(*rest) for student, item, *rest in connection.execute(
        "SELECT student, item, points, comment, grader, saved_at FROM entries")}


def merge(into_path, other_path, items=None):
    """Merge the hand points file other_path into into_path (a graded folder OUT, or its
    hand_points.sqlite3): the union; an item both scored differently becomes a conflict.
    Returns Merged (counts of entries added, updated and unchanged; the new Conflicts)."""
    out = into_path if os.path.isdir(into_path) else os.path.dirname(os.path.abspath(into_path))
    if not os.path.isdir(into_path) and os.path.basename(into_path) != DATABASE:
        raise HandPointsError("%s: merge into a graded folder or its %s" % (into_path, DATABASE))
    with HandPoints(out, items) as store:
        return store.merge(other_path)
