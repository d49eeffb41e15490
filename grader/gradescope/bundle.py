"""The zip to upload as a Gradescope "autograder":

    python -m grader gradescope-bundle -o autograder.zip [--rubric FILE]

The zip holds setup.sh and run_autograder at its top (as Gradescope wants), the
reference solution, the handout files and the grading path of the grader: no tests,
and none of the staff-only parts (the class batch, the staff pages).  The grader needs
nothing beyond Python 3.10+'s standard library, so setup.sh installs nothing into the
image's Python.  With --rubric, the staff's rubric (checked first) replaces the default.
"""
import pathlib
import stat
import zipfile

from grader import KIT_ROOT as KIT, seed_key
from grader.assignment import HANDOUT_FILES, REQUIRED_FILES
from grader.results.rubric import DEFAULT_RUBRIC

HERE = pathlib.Path(__file__).resolve().parent
KIT_FILES = REQUIRED_FILES + HANDOUT_FILES + ("command_line.py",)   # the last: the CLI conventions
RUBRIC_IN_ZIP = DEFAULT_RUBRIC.relative_to(KIT).as_posix()
SKIPPED_PARTS = {"tests", "__pycache__", "gradescope", "pages", "review"}   # folders anywhere in grader/
SEED_KEY_IN_ZIP = seed_key.BUNDLED_KEY.relative_to(KIT).as_posix()
STAFF_ONLY = {"grader/staff/batch.py", "grader/staff/class_folder.py", "grader/staff/bundle_command.py",
              "grader/staff/gradescope_test.py", "grader/staff/no_user_namespaces.py",
              "grader/results/class_summary.py"}


def files_to_pack(rubric=None):
    """Yield (path on disk, name in the zip) for everything the autograder needs."""
    yield HERE / "setup.sh", "setup.sh"
    yield HERE / "run_autograder", "run_autograder"
    for name in KIT_FILES:
        yield KIT / name, name
    for path in license_files():
        yield path, "licenses/" + path.name
    for path in sorted((KIT / "grader").rglob("*")):
        relative = path.relative_to(KIT)
        name = relative.as_posix()
        if (path.is_file() and not SKIPPED_PARTS & set(relative.parts) and path.suffix != ".pyc"
                and name not in STAFF_ONLY and name != SEED_KEY_IN_ZIP):
            yield (pathlib.Path(rubric) if rubric and name == RUBRIC_IN_ZIP else path), name


def license_files():
    """The word list's license and notice: the kit's licenses/ folder, or in a kit installed
    with pip (whose site-packages has no such folder) its distribution's license files."""
    folder = KIT / "licenses"
    if folder.is_dir():
        return sorted(folder.iterdir())
    from importlib import metadata
    try:
        distribution = metadata.distribution("wordle-kit")
    except metadata.PackageNotFoundError:
        distribution = None
    found = sorted(pathlib.Path(distribution.locate_file(name)) for name in (
        distribution.files if distribution else ()) if name.suffix in (".LICENSE", ".NOTICE"))
    if not found:
        raise OSError("the kit's licenses/ folder is missing from %s" % KIT)
    return found


def build(destination, rubric=None):
    """Write the autograder zip to destination (rubric: a checked rubric file, or None).

    The zip carries this kit's seed key, so Gradescope draws each submission's runs as this
    kit does (a TA gets the same score here)."""
    with zipfile.ZipFile(destination, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, name in files_to_pack(rubric):
            executable = name in ("setup.sh", "run_autograder")
            mode = 0o755 if executable or path.stat().st_mode & stat.S_IXUSR else 0o644
            add(archive, name, path.read_bytes(), mode)
        add(archive, SEED_KEY_IN_ZIP, seed_key.key().hex().encode() + b"\n", 0o600)


def add(archive, name, data, mode):
    info = zipfile.ZipInfo(name, date_time=(2025, 1, 1, 0, 0, 0))
    info.external_attr = (stat.S_IFREG | mode) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)
