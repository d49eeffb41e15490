"""python -m grader.gradescope ZIP [--rubric FILE]: the same as
python -m grader gradescope-bundle -o ZIP [--rubric FILE]."""
import argparse
import sys

from grader.command import add_bundle_options, run
from grader.gradescope.command import bundle_command


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    if args and not args[0].startswith("-"):
        args = ["-o"] + args
    parser = argparse.ArgumentParser(prog="python -m grader")
    bundle = parser.add_subparsers(dest="command", required=True).add_parser("gradescope-bundle")
    add_bundle_options(bundle)
    bundle.set_defaults(run=bundle_command)
    return run(parser.parse_args(["gradescope-bundle"] + args))


if __name__ == "__main__":
    sys.exit(main())
