"""The graded class as review shows it: the pages' students (view.Student), read again when a
regrade changes a student's folder, their style findings when their page is first shown, and
the class's similar pairs, found in a process of their own (copydetect takes seconds a class,
and a process, unlike a thread, is stopped at once when the app ends)."""
import multiprocessing
import os
import signal
import threading
from dataclasses import dataclass, field, replace

from grader.results.pages.layout import ERROR, RESULTS, read_batch
from grader.results.pages.similarity import pairs as similar_pairs
from grader.results.pages.style import all_findings
from grader.results.pages.view import student_of
from grader.staff.class_record import saved_record


@dataclass
class Snapshot:
    """The class as read at one moment: students in folder order; pairs None while computed."""

    students: list
    pairs: list = None
    pair_numbers: dict = field(default_factory=dict)     # id(pair) -> its number, from 1
    styled: set = field(default_factory=set)             # folders whose style is found
    pairs_problem: str = ""                              # why there are no pairs, if it failed

    def student(self, folder):
        return next((student for student in self.students if student.folder == folder), None)

    def neighbour(self, folder, step):
        """The student step places after folder's (wrapping round), or None for an unknown one."""
        folders = [student.folder for student in self.students]
        if folder not in folders:
            return None
        return self.students[(folders.index(folder) + step) % len(folders)]


class Classroom:
    """OUT's students, read again whenever a results.json or error.txt in it changes."""

    def __init__(self, out):
        self.out = out
        self._lock = threading.Lock()
        self._signature = None
        self._snapshot = None
        self._similarity = multiprocessing.get_context("spawn").Pool(1, initializer=ignore_ctrl_c)
        try:
            self.current()     # a folder with no graded submission stops the command here
        except BaseException:
            self.close()
            raise

    def close(self):
        """Stop finding similar code (at once, whatever it was doing)."""
        self._similarity.terminate()
        self._similarity.join()

    def signature(self):
        """Each submission folder's results and error files' change times (never followed)."""
        marks = []
        with os.scandir(self.out) as entries:
            for entry in entries:
                if entry.name[:1] in "_." or not entry.is_dir(follow_symlinks=False):
                    continue
                for name in (RESULTS, ERROR):
                    try:
                        marks.append((entry.name, name,
                                      os.lstat(os.path.join(entry.path, name)).st_mtime_ns))
                    except OSError:
                        pass
        return sorted(marks)

    def current(self):
        """The class as it is now (LayoutError when OUT holds no graded submission)."""
        with self._lock:
            signature = self.signature()
            if signature != self._signature:
                submissions, _ = read_batch(self.out)
                snapshot = Snapshot([student_of(submission, identity(self.out, submission.folder))
                                     for submission in submissions])
                self._similarity.apply_async(
                    similar_pairs, (snapshot.students,),
                    callback=lambda found, snapshot=snapshot: keep_pairs(snapshot, found),
                    error_callback=lambda error, snapshot=snapshot: keep_pairs(
                        snapshot, [], "%s: %s" % (type(error).__name__, error)))
                self._signature, self._snapshot = signature, snapshot
            return self._snapshot

    def styled_student(self, folder):
        """The student of folder with their style findings, or None for an unknown folder."""
        snapshot = self.current()
        student = snapshot.student(folder)
        if student is not None and folder not in snapshot.styled:
            student.style = all_findings(student.sources)
            snapshot.styled.add(folder)
        return student


def ignore_ctrl_c():
    """In the process finding similar code: Ctrl-C in the terminal reaches it too, and would
    end it with a traceback; the app stops it (terminate) as it ends."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def identity(out, folder):
    """The student's CSV row as grade-all saved it in their folder (its sid, email, late)."""
    saved = saved_record(out, folder)
    return saved.record.row if saved is not None else None


def keep_pairs(snapshot, found, problem=""):
    """The pairs found in the other process, of its copies of the students: made of these."""
    students = {student.folder: student for student in snapshot.students}
    pairs = [replace(pair, a=students[pair.a.folder], b=students[pair.b.folder])
             for pair in found]
    for pair in found:
        for copy in (pair.a, pair.b):
            students[copy.folder].most_similar = copy.most_similar
    snapshot.pair_numbers = {id(pair): number for number, pair in enumerate(pairs, 1)}
    snapshot.pairs_problem = problem
    snapshot.pairs = pairs
