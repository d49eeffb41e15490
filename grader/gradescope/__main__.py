"""python -m grader.gradescope ZIP [--rubric FILE]: the same as
python -m grader gradescope-bundle -o ZIP [--rubric FILE]."""
import sys

from grader import cli


def main(argv=None):
    args = sys.argv[1:] if argv is None else list(argv)
    if args and not args[0].startswith("-"):
        args = ["-o"] + args
    return cli.main(["gradescope-bundle"] + args)


if __name__ == "__main__":
    sys.exit(main())
