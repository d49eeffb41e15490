"""Time to build the staff pages for a class (target: 40 students in under 15 s).

    python benchmarks/pages_time.py [N]

Grades four corpus submissions once (grade-all's batch, into the pages' layout), copies them to N students (default 40) and times each part of
`python -m grader report`: reading the folder, style, similarity (every pair of the
class: it grows with N squared) and writing the pages.
"""
import pathlib
import shutil
import sys
import tempfile
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT))

from grader.staff import batch  # noqa: E402
from grader.staff.class_folder import Student  # noqa: E402
from grader.results.pages import layout, render, similarity, style, view  # noqa: E402

SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"
KINDS = ("correct_loops", "correct_star", "cw_extra_yellow", "imports_string")
TARGET_SECONDS, TARGET_STUDENTS = 15.0, 40


def timed(label, work, figures):
    started = time.perf_counter()
    value = work()
    figures.append((label, time.perf_counter() - started))
    return value


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else TARGET_STUDENTS
    with tempfile.TemporaryDirectory() as temp:
        graded, out = pathlib.Path(temp) / "graded", pathlib.Path(temp) / "out"
        batch.grade_class([Student(kind, SUBMISSIONS / kind) for kind in KINDS],
                          pathlib.Path(temp) / "grades.csv", out=graded, jobs=2)
        for number in range(count):
            shutil.copytree(graded / KINDS[number % len(KINDS)], out / ("student%03d" % number))
        figures = []
        students = timed("read", lambda: [view.student_of(s) for s in layout.read_batch(out)],
                         figures)
        for student in students:
            student.style = timed("style", lambda: style.all_findings(student.sources), figures)
        pairs = timed("similarity", lambda: similarity.pairs(students), figures)
        timed("write", lambda: render.write_pages(
            out, students, view.pass_rates(students), view.groups_in_order(students),
            view.distribution(students), pairs), figures)
    totals = {}
    for label, seconds in figures:
        totals[label] = totals.get(label, 0.0) + seconds
    total = sum(totals.values())
    print("%d students, %d pairs compared: " % (count, count * (count - 1) // 2)
          + ", ".join("%s %.2f s" % item for item in totals.items()) + "; total %.2f s" % total)
    if count == TARGET_STUDENTS:
        met = total < TARGET_SECONDS
        print("target (%d students under %.0f s): %s" % (TARGET_STUDENTS, TARGET_SECONDS,
                                                        "met" if met else "NOT met"))


if __name__ == "__main__":
    main()
