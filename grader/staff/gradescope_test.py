"""gradescope-test: the Gradescope bundle tried on this machine before it is uploaded.

    python -m grader gradescope-test SUBMISSION [--rubric FILE] [--python PYTHON] [--json [FILE.json]]

The bundle (gradescope-bundle's zip) is unpacked into a temporary folder laid out as
Gradescope's /autograder (source/, submission/, results/), its setup.sh run there as
Gradescope runs it when it builds the image, the submission's files put in submission/ as
Gradescope puts them (a zip unpacked), and run_autograder run on them.  As root it runs in
the mode Gradescope's container gives the grader: no namespaces and no CAP_SYS_ADMIN (the
sandbox's uid mode); without root, in the mode this machine allows.  results.json's
summary is printed: the score, the sandbox's mode, the tests failed.  The folder is
removed afterwards; nothing else on the machine is changed (setup.sh installs nothing).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from command_line import EXIT_FAILED, EXIT_OK, program_name
from grader.gradescope import bundle
from grader.results.scoring import points
from grader.staff.command import CommandError, check_writable, read_rubric

NO_USER_NAMESPACES = Path(__file__).with_name("no_user_namespaces.py")
MAX_UNPACKED_BYTES = 64 * 1024 * 1024     # a submission's zip, unpacked as Gradescope would
SCRIPT_SECONDS = 900     # setup.sh (it computes the expected values) or run_autograder


def gradescope_test(args):
    submission = Path(args.submission)
    if not submission.exists():
        raise CommandError("%s: no such file or folder" % submission)
    if args.rubric:
        read_rubric(args.rubric)
    if args.json not in (None, "-"):
        check_writable(args.json)
    with tempfile.TemporaryDirectory(prefix="wordle-kit-gradescope-") as temp:
        root = Path(temp) / "autograder"
        bin_dir = Path(temp) / "bin"
        install(root, args.rubric)
        env = environment(root, bin_dir, args.python)
        put_submission(submission, root / "submission")
        step("setup.sh", run_script(root, "setup.sh", env, ()), show=True)
        container = gradescope_container()
        step("run_autograder", run_script(root, "run_autograder", env, container), show=False)
        results = read_results(root / "results" / "results.json")
    if args.json == "-":
        sys.stdout.write(json.dumps(results, indent=2) + "\n")
    else:
        if args.json:
            with open(args.json, "w", encoding="utf-8") as stream:
                stream.write(json.dumps(results, indent=2) + "\n")
        print("\n".join(summary(results, container, submission)))
    return EXIT_OK if graded(results) else EXIT_FAILED


def graded(results):
    """False when run_autograder wrote its own results.json (the grader could not start) or
    the grader failed: what was run failed, not the student."""
    extra = results.get("extra_data")
    return isinstance(extra, dict) and "grader_failed" not in extra


def install(root, rubric):
    """The bundle unpacked into root/source with its files' modes, as Gradescope does."""
    source = root / "source"
    source.mkdir(parents=True)
    archive = root.parent / "autograder.zip"
    bundle.build(archive, rubric)
    with zipfile.ZipFile(archive) as opened:
        for info in opened.infolist():
            target = source / info.filename
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(opened.read(info))
            os.chmod(target, (info.external_attr >> 16) & 0o777)
    archive.unlink()


def environment(root, bin_dir, python):
    """Gradescope's: a home of its own, no PYTHONPATH; python3 on the PATH is the given one,
    by default the interpreter this one was made from, outside any virtual environment: the
    kit installed there (an editable install above all) would lend the bundle's Python the
    modules the bundle lacks, which Gradescope's image does not have."""
    path = os.environ.get("PATH", "/usr/bin:/bin")
    found = shutil.which(python) if python else base_interpreter()
    if found is None:
        raise CommandError("--python %s: no such program" % python)
    bin_dir.mkdir()
    (bin_dir / "python3").symlink_to(os.path.realpath(found))
    path = "%s:%s" % (bin_dir, path)
    return {"AUTOGRADER_ROOT": str(root), "HOME": str(root), "PATH": path,
            "TMPDIR": os.environ.get("TMPDIR", "/tmp"), "LANG": "C.UTF-8"}


def base_interpreter():
    """The Python outside any virtual environment this one was made from (sys.base_prefix)."""
    return shutil.which("python3", path=os.path.join(sys.base_prefix, "bin")) or sys.executable


def put_submission(submission, folder):
    """The student's files in folder: a folder copied, a zip unpacked (Gradescope unpacks an
    uploaded zip); links are copied as links, never followed."""
    if submission.is_dir():
        shutil.copytree(submission, folder, symlinks=True)
        return
    folder.mkdir()
    try:
        with zipfile.ZipFile(submission) as opened:
            if sum(info.file_size for info in opened.infolist()) > MAX_UNPACKED_BYTES:
                raise CommandError("%s unpacks to more than %d MB" % (
                    submission, MAX_UNPACKED_BYTES // (1024 * 1024)))
            opened.extractall(folder)   # names outside the folder are made relative
    except (zipfile.BadZipFile, OSError) as error:
        raise CommandError("%s is not a folder or a readable zip: %s" % (submission, error)) \
            from None


def gradescope_container():
    """The command prefix that gives run_autograder what Gradescope's container gives it, as
    root: no namespace can be made (Docker's seccomp profile) and no CAP_SYS_ADMIN.  Empty
    without root (no uid mode can be made then)."""
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or setpriv is None:
        return ()
    return (sys.executable, str(NO_USER_NAMESPACES), setpriv, "--bounding-set=-sys_admin", "--")


def run_script(root, name, env, prefix):
    try:
        return subprocess.run(list(prefix) + ["bash", str(root / "source" / name)], cwd=root,
                              env=env, stdin=subprocess.DEVNULL, capture_output=True,
                              text=True, errors="replace", timeout=SCRIPT_SECONDS)
    except subprocess.TimeoutExpired:
        raise CommandError("%s ran longer than %d s" % (name, SCRIPT_SECONDS), EXIT_FAILED) \
            from None


def step(name, done, show):
    """Show a script's output on standard error when show or when it failed (run_autograder's
    is the whole report, which Gradescope shows staff); stop when it failed."""
    if show or done.returncode != 0:
        for stream in (done.stdout, done.stderr):
            for line in stream.splitlines():
                print("%s| %s" % (name, line), file=sys.stderr)
    if done.returncode != 0:
        raise CommandError("%s failed (exit status %d): Gradescope would show \"the "
                           "autograder failed\"" % (name, done.returncode), EXIT_FAILED)


def read_results(path):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CommandError("run_autograder wrote no readable results.json: %s" % error,
                           EXIT_FAILED) from None


def summary(results, container, submission):
    """results.json as a TA checks it: the score out of the tests' maxima, how the student
    code was run, the tests failed, and how to see the whole report."""
    tests = results.get("tests", [])
    maximum = sum(test.get("max_score", 0) for test in tests)
    sandbox = results.get("extra_data", {}).get("sandbox", {})
    lines = ["Gradescope score: %s / %s" % (points(results.get("score", 0)), points(maximum)),
             "Sandbox: %s mode%s" % (sandbox.get("mode", "unknown"), (
                 " (as in Gradescope's container: no namespaces, no CAP_SYS_ADMIN)"
                 if container else " (not Gradescope's uid mode: it needs root and setpriv)"))]
    failed = [test for test in tests if test.get("status") == "failed"]
    lines += ["failed: %s (%s / %s)" % (test.get("name", "?"), points(test.get("score", 0)),
                                         points(test.get("max_score", 0))) for test in failed]
    if not graded(results):
        lines.append("not graded: %s" % results.get("output", "").strip())
    elif "seed" in results["extra_data"]:
        lines.append("the whole report (the same grading): %s grade %s --seed %d"
                     % (program_name("grader"), submission, results["extra_data"]["seed"]))
    return lines
