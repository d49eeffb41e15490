"""Build the zip to upload as a Gradescope "autograder":

    python -m grader.gradescope autograder.zip

The zip holds setup.sh and run_autograder at its top (as Gradescope wants),
the reference solution, the handout files and the grader, without tests.
"""
import argparse
import pathlib
import stat
import sys
import zipfile

from grader import KIT_ROOT as KIT
from grader.assignment import HANDOUT_FILES, REQUIRED_FILES

HERE = pathlib.Path(__file__).resolve().parent
KIT_FILES = REQUIRED_FILES + HANDOUT_FILES + ("requirements.txt",)
SKIPPED_PARTS = {"tests", "__pycache__", "gradescope"}


def files_to_pack():
    """Yield (path on disk, name in the zip) for everything the autograder needs."""
    yield HERE / "setup.sh", "setup.sh"
    yield HERE / "run_autograder", "run_autograder"
    for name in KIT_FILES:
        yield KIT / name, name
    for path in sorted((KIT / "licenses").iterdir()):
        yield path, "licenses/" + path.name
    for path in sorted((KIT / "grader").rglob("*")):
        relative = path.relative_to(KIT)
        if path.is_file() and not SKIPPED_PARTS & set(relative.parts) and path.suffix != ".pyc":
            yield path, relative.as_posix()


def build(destination):
    """Write the autograder zip to destination."""
    with zipfile.ZipFile(destination, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, name in files_to_pack():
            info = zipfile.ZipInfo(name, date_time=(2025, 1, 1, 0, 0, 0))
            mode = 0o755 if path.stat().st_mode & stat.S_IXUSR else 0o644
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m grader.gradescope", description=__doc__.split("\n\n")[0])
    parser.add_argument("zip", type=pathlib.Path, help="where to write the autograder zip")
    args = parser.parse_args(argv)
    try:
        build(args.zip)
    except OSError as error:
        print("error: cannot write %s: %s" % (args.zip, error.strerror or error), file=sys.stderr)
        return 2
    print("wrote %s: upload it as the autograder (setup.sh and run_autograder at its top)" % args.zip)
    return 0


if __name__ == "__main__":
    sys.exit(main())
