"""The gradescope-bundle command's work (python -m grader gradescope-bundle): check the rubric
and the output first, then write the zip (grader/gradescope/bundle.py)."""
from command_line import EXIT_OK
from grader.staff.command import CommandError, check_writable, read_rubric
from grader.gradescope import bundle


def bundle_command(args):
    if args.rubric:
        read_rubric(args.rubric)  # a bad rubric is refused here, not on Gradescope
    check_writable(args.output)
    try:
        bundle.build(args.output, args.rubric)
    except OSError as error:
        raise CommandError("cannot write %s: %s" % (args.output, error.strerror or error)) \
            from None
    print("wrote %s: upload it as the autograder (setup.sh and run_autograder at its top)"
          % args.output)
    return EXIT_OK
