"""The grader's own cost for the worst submissions of each kind, next to a correct one's
(issue 24): grading time, the grader's CPU time and peak memory, and the size of what it
writes, each against its target.

    python benchmarks/grader_bounds.py [--quick]

Kinds (the corpus's submissions, and larger ones made here): a quarter-megabyte line of
colour codes; tiny messages flooding the grader's protocol socket, and 1 MiB ones (2 GiB
of them); a module whose import sleeps 9 s (--quick: 2 s) and whose functions all
os._exit; work done in an orphaned grandchild; a staff page of 100,000 comment lines
(--quick: 20,000).  Each grading runs in a process of its own, so its peak memory
(ru_maxrss of the grading process, which holds every thread of the grader) is its own.

Targets: results.json and the text report at most 1 MB; a staff page at most 8 MB; the
grader's process at most 1 GiB; a submission that only crashes or floods graded in at
most a correct one's time plus 60 s (its limits once: the 10 s import net, a game's run,
the 10 s restart budget), not once per test.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
CORPUS = KIT_ROOT / "grader" / "tests" / "submissions"
REPORT_TARGET = 1_000_000
PAGE_TARGET = 8_000_000
MEMORY_TARGET = 2 ** 30
EXTRA_SECONDS_TARGET = 60

DRIVER = r"""
import json, os, resource, sys, time
from grader import grading
from grader.results.gradescope_json import results_json
from grader.results.rubric import load_rubric
from grader.results.text_report import text_report
rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
started = time.monotonic()
result = grading.grade(sys.argv[1], rubric, seed=1913)
wall = time.monotonic() - started
own = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps({"score": result.score, "wall": wall, "cpu": own.ru_utime + own.ru_stime,
                  "peak": own.ru_maxrss * 1024,
                  "json": len(json.dumps(results_json(result), indent=2)),
                  "report": len(text_report(result).encode("utf-8"))}))
"""

BIG_MESSAGES = '''
def flood_the_grader():
    """2 GiB of well-formed 1 MiB messages on every inherited descriptor past stderr."""
    import os
    message = b'{"x": "' + b"a" * 2 ** 20 + b'"}\\n'
    for fd in range(3, 64):
        try:
            for _ in range(2048):
                os.write(fd, message)
        except OSError:
            pass
'''

SLOW_IMPORT = '''"""Sleeps at import, and every function ends its process."""
import os
import time

time.sleep(%s)


def check_word(secret, guess):
    os._exit(1)


known_word = no_letters = yes_letters = check_word


if __name__ == '__main__':
    check_word("", "")
'''


def grade(path):
    done = subprocess.run([sys.executable, "-c", DRIVER, str(path)], cwd=KIT_ROOT,
                          capture_output=True, text=True, timeout=1200)
    if done.returncode != 0:
        raise SystemExit("grading %s failed:\n%s" % (path, done.stderr[-2000:]))
    return json.loads(done.stdout.strip().splitlines()[-1])


def made_submissions(folder, quick):
    """The kinds written here: {name: folder}."""
    made = {}
    big = folder / "big_messages"
    shutil.copytree(CORPUS / "hostile_floods_protocol", big)
    source = (big / "wordle.py").read_text()
    start = source.index("def flood_the_grader():")
    end = source.index("def main():")
    (big / "wordle.py").write_text(source[:start] + BIG_MESSAGES.lstrip() + "\n\n" + source[end:])
    made["1 MiB messages, 2 GiB"] = big
    slow = folder / "slow_import"
    slow.mkdir()
    (slow / "wordle.py").write_text(SLOW_IMPORT % ("2" if quick else "9"))
    (slow / "easy_wordle.py").write_text(
        "import os\nimport wordle\n\n\ndef filter_word_list(words, clues):\n    os._exit(1)\n")
    made["import sleeps %s s, calls os._exit" % ("2" if quick else "9")] = slow
    return made


def page_size(folder, lines):
    """The size of the staff page of a student whose wordle.py has LINES comment lines
    (four pycodestyle findings each), and the seconds it took to build."""
    from grader.results import pages
    from grader.results.pages import layout
    out = folder / "pages"
    source = (CORPUS / "correct_counts" / "wordle.py").read_bytes()
    comments = b"#bad comment with trailing space and more than seventy-nine characters, " \
               b"yes, really \n" * lines
    layout.write_submission(out, "commenter", {"score": 0, "tests": []}, "report\n",
                            [("wordle.py", source + comments)])
    started = time.monotonic()
    pages.build(out)
    return (out / layout.folder_name("commenter") / "index.html").stat().st_size, \
        time.monotonic() - started


def main():
    quick = "--quick" in sys.argv[1:]
    sys.path.insert(0, str(KIT_ROOT))
    os.environ.setdefault("PYTHONPATH", str(KIT_ROOT))
    with tempfile.TemporaryDirectory() as temp:
        folder = pathlib.Path(temp)
        kinds = {"correct (correct_counts)": CORPUS / "correct_counts",
                 "colour-code line of 250,000 characters": CORPUS / "hostile_colour_line",
                 "tiny messages flood the socket": CORPUS / "hostile_floods_protocol",
                 "work done in an orphaned grandchild": CORPUS / "hostile_orphan_does_the_work"}
        kinds.update(made_submissions(folder, quick))
        figures = {name: grade(path) for name, path in kinds.items()}
        correct = figures["correct (correct_counts)"]
        met = True
        print("%-42s %6s %8s %8s %9s %10s %10s" % ("kind", "score", "wall s", "cpu s",
                                                  "peak MB", "json kB", "report kB"))
        for name, figure in figures.items():
            print("%-42s %6g %8.1f %8.1f %9.0f %10.1f %10.1f" % (
                name, figure["score"], figure["wall"], figure["cpu"], figure["peak"] / 1e6,
                figure["json"] / 1e3, figure["report"] / 1e3))
            met &= figure["json"] <= REPORT_TARGET and figure["report"] <= REPORT_TARGET
            met &= figure["peak"] <= MEMORY_TARGET
            met &= figure["wall"] <= correct["wall"] + EXTRA_SECONDS_TARGET
        lines = 20_000 if quick else 100_000
        size, seconds = page_size(folder, lines)
        print("staff page of %d comment lines: %.1f MB (built in %.0f s)"
              % (lines, size / 1e6, seconds))
        met &= size <= PAGE_TARGET
    print("targets (reports <= 1 MB, page <= 8 MB, grader <= 1 GiB, time <= correct + %d s): %s"
          % (EXTRA_SECONDS_TARGET, "met" if met else "NOT met"))
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
