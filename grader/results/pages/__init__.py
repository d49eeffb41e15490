"""Staff pages for the manual half of grading: `python -m grader report DIR`.

DIR is a folder of graded submissions laid out as layout.py documents (what
`grade-all --out DIR` writes).  The pages are written into it: DIR/index.html, the
class (sortable table of students and scores by rubric group, the score distribution,
each test's pass rate, the most similar pairs of code), DIR/<student>/index.html, one
per student (the code highlighted, the game transcripts in their colours, every failed
test with its diff, the style findings and the import checks), and DIR/_similar/N.html,
pairs of code side by side.

Only this package uses the staff-side libraries (Jinja2, Pygments, pycodestyle,
copydetect), and only when pages are built: the grading path stays standard library.
"""
from pathlib import Path

from grader.results.pages.layout import LayoutError

NEEDED = ("jinja2", "markupsafe", "pygments", "pycodestyle", "copydetect", "numpy")


class PagesError(Exception):
    """The pages cannot be built (a missing library, an unusable folder); the message says why."""


def missing_libraries(names=NEEDED):
    """The staff libraries of names this Python cannot import (found without importing them)."""
    import importlib.util
    missing = []
    for name in names:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):  # ValueError: blocked in sys.modules (set to None)
            found = False
        if not found:
            missing.append(name)
    return missing


def missing_message(missing, needing="the staff pages need"):
    import sys
    return ("%s %s, not installed for %s: python -m pip install -r "
            "requirements.txt" % (needing, ", ".join(missing), sys.executable))


def build(folder, identities=None):
    """Build the pages for the graded submissions in FOLDER; return (the class page's path,
    the entries left because they are links or not regular files: inside.Skipped).  No link
    in FOLDER is followed, to read or to write (inside.py).  identities: {a student's folder:
    {"sid", "email", "late"}} shown beside their name (the class's record, which grade-all
    keeps in the folders: staff/class_record.py)."""
    missing = missing_libraries()
    if missing:
        raise PagesError(missing_message(missing))
    from grader.results.pages.layout import read_batch
    from grader.results.pages.render import CLASS_PAGE, write_pages
    from grader.results.pages.similarity import pairs as similar_pairs
    from grader.results.pages.style import all_findings
    from grader.results.pages.view import distribution, groups_in_order, pass_rates, student_of
    try:
        submissions, skipped = read_batch(folder)
        students = [student_of(submission, (identities or {}).get(submission.folder))
                    for submission in submissions]
        for student in students:
            student.style = all_findings(student.sources)
        pairs = similar_pairs(students)
        skipped += write_pages(folder, students, pass_rates(students), groups_in_order(students),
                               distribution(students), pairs)
        return Path(folder) / CLASS_PAGE, skipped
    except LayoutError as error:
        raise PagesError(str(error)) from None
    except OSError as error:
        raise PagesError("cannot write the pages in %s: %s" % (folder, error)) from None
