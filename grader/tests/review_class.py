"""For the tests of review: a graded class (corpus submissions graded by grade-all, then
their folders copied under other names, as many as a class has) and the review app in its
own process, started as a TA starts it and ended by Ctrl-C."""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from dataclasses import replace

from grader import KIT_ROOT
from grader.results.pages import layout
from grader.staff import batch, class_record
from grader.staff.class_folder import Student

SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"
URL = re.compile(r"^open (http://127\.0\.0\.1:\d+)/\?token=(\S+)$")


def graded_class(root, graded=("correct_loops", "cw_extra_yellow"), copies=()):
    """root/out: the graded submissions, then each of copies {name: folder copied} as a
    student of that name (the folder grade-all wrote, renamed in its student.json and
    batch.json)."""
    out = root / "out"
    batch.grade_class([Student(name, SUBMISSIONS / name) for name in graded],
                      root / "grades.csv", out=out, jobs=2)
    for name, folder in copies.items():
        copy_student(out, folder, name)
    return out


def copy_student(out, folder, name, new=None):
    """Copy OUT/folder as the student name's (in the folder new: default, the one grade-all
    would name); return the new folder's name."""
    new = new or layout.folder_name(name)
    shutil.copytree(out / folder, out / new)
    identity = json.loads((out / new / layout.STUDENT).read_text())
    (out / new / layout.STUDENT).write_text(json.dumps(dict(identity, student=name)) + "\n")
    saved = class_record.saved_record(out, new)
    record = replace(saved.record, row=dict(saved.record.row, student=name))
    (out / new / layout.RECORD).write_text(replace(saved, folder=new, record=record).text())
    return new


class Review:
    """python -m grader review OUT --no-browser, its address and token read from its output."""

    def __init__(self, out, *options):
        self.process = subprocess.Popen(
            [sys.executable, "-m", "grader", "review", str(out), "--no-browser"] + list(options),
            cwd=KIT_ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            start_new_session=True)     # a group of its own, as in a terminal
        self.lines = []
        for line in self.process.stdout:
            self.lines.append(line)
            found = URL.match(line.strip())
            if found:
                self.base, self.token = found.groups()
                return
        raise AssertionError("review printed no address: %s %s" % (
            "".join(self.lines), self.process.stderr.read()))

    @property
    def url(self):
        return "%s/?token=%s" % (self.base, self.token)

    def stop(self):
        """Ctrl-C, as a terminal sends it (to the process group: the app and what it started):
        its exit status and what it wrote to standard error (again when stopped)."""
        if self.process.returncode is None:
            os.killpg(self.process.pid, signal.SIGINT)
            _, self.errors = self.process.communicate(timeout=60)
        return self.process.returncode, self.errors
