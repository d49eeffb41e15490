"""Fill the layout of layout.py by running today's grader, one `grade` command per submission.

A stand-in for `grade-all --out DIR` (which will write the same layout as it grades):

    python -m grader.pages_adapter SUBMISSIONS_FOLDER OUT [--jobs N]

then `python -m grader report OUT`.  Each submission (a subfolder or .zip of the folder,
named after the student) is graded by `python -m grader grade SUB --json`; the graded
files are copied as the grader loads them.
"""
import argparse
import concurrent.futures
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from grader import assignment
from grader.sandbox.loading import LoadError, load_submission
from grader.results.pages.layout import write_submission

from grader import KIT_ROOT


def grade_into(out, student, path):
    """Grade one submission with the grader's command and write its folder under OUT."""
    with tempfile.TemporaryDirectory(prefix="wordle-kit-pages-") as scratch:
        results_file = Path(scratch) / "results.json"
        run = subprocess.run([sys.executable, "-m", "grader", "grade", str(path), "--no-color",
                              "--json", str(results_file)],
                             cwd=KIT_ROOT, capture_output=True, text=True, errors="replace")
        results = json.loads(results_file.read_text()) if run.returncode == 0 else None
    try:
        with load_submission(path, assignment.REQUIRED_FILES) as submission:
            sources = [(name, file.read_bytes()) for name, file in submission.files.items()]
    except LoadError:
        sources = []
    return write_submission(out, student, results, run.stdout, sources,
                            error=run.stderr.strip(), submission=path)


def submissions_in(folder):
    """(student, path): each subfolder or .zip of FOLDER, named after it."""
    return [(path.stem if path.is_file() else path.name, path)
            for path in sorted(Path(folder).iterdir())
            if path.is_dir() or path.suffix.lower() == ".zip"]


def grade_folder_into(out, folder, jobs=2):
    """Grade every submission of FOLDER into OUT, JOBS at a time; return their folders."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda item: grade_into(out, *item), submissions_in(folder)))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m grader.pages_adapter",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("submissions", help="a folder with one subfolder or .zip per student")
    parser.add_argument("out", help="where to write the graded submissions' folders")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if not Path(args.submissions).is_dir():
        parser.error("%s is not a folder" % args.submissions)
    for folder in grade_folder_into(args.out, args.submissions, max(1, args.jobs)):
        print(folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
