"""The conventions the kit's commands share (grader, solver, atari; docs/conventions.md,
"One set of conventions"): exit statuses, --color and NO_COLOR, --json [FILE.json], output files
checked before any work, and usage errors shown with the usage of the command they belong to.  Standard library only: the grader's Gradescope bundle carries
this file.  (The student tester, test_wordle_funcs.py, stands alone and keeps the same
rules itself.)"""
import argparse
import os
import sys

EXIT_OK = 0
EXIT_FAILED = 1          # the work failed, or standard output was closed early (`| head`)
EXIT_OUTPUT_CLOSED = EXIT_FAILED   # `| head`: nothing is wrong, nothing to say
EXIT_USAGE = 2           # a bad option, file or input: nothing was done
EXIT_INTERRUPTED = 130   # Ctrl-C or SIGTERM


INSTALLED_COMMANDS = {"grader": "wordle-grader", "solver": "wordle-solver", "atari": "wordle-atari"}


def program_name(module):
    """What the user typed to start a tool, for its usage lines and the commands its messages
    suggest: its installed command (wordle-grader) when it was started by that, else
    python -m module (a process a tool starts keeps its sys.argv, spawned ones included)."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else ""
    if name.lower().endswith(".exe"):   # pip's launcher on Windows
        name = name[:-4]
    return name if name == INSTALLED_COMMANDS.get(module) else "python -m " + module


def parse_arguments(parser, argv=None):
    """parser.parse_args(argv), except that an argument no command knows is reported with the
    usage of the (sub)command it was given to, not the top level's, which is what argparse
    does with its subcommands' leftovers (`grader grade --sed 4`)."""
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        command_parser(parser, args).error("unrecognized arguments: %s" % " ".join(unknown))
    return args


def command_parser(parser, args):
    """The parser of the innermost subcommand args were parsed for (parser itself if none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = action.choices.get(getattr(args, action.dest, None))
            if chosen is not None:
                return command_parser(chosen, args)
    return parser


def add_color_option(command, what="the output"):
    command.add_argument("--color", "--colour", choices=("auto", "always", "never"), default="auto",
                         help="colour %s: auto (the default) on a terminal, unless NO_COLOR is "
                              "set and not empty or TERM is dumb" % what)


def use_colour(setting, stream=None, environ=None):
    """--color's answer for stream (standard output by default): auto colours a terminal
    unless NO_COLOR is set and not empty (no-color.org) or TERM is dumb; always and never
    win over both."""
    if setting == "auto":
        stream = stream or sys.stdout
        environ = os.environ if environ is None else environ
        return (stream.isatty() and not environ.get("NO_COLOR")
                and environ.get("TERM", "") != "dumb")
    return setting == "always"


def add_json_option(command, what, hint=""):
    command.add_argument("--json", nargs="?", const="-", metavar="FILE.json",
                         type=lambda text: json_target(text, hint),
                         help="%s as JSON: to standard output instead of the text (no FILE, "
                              "or -), or to FILE.json as well as the text" % what)


def json_target(text, hint=""):
    """--json's FILE: '-' (standard output) or a name ending in .json, so that a misplaced
    input file's name is never taken for the output and overwritten."""
    if text != "-" and not text.lower().endswith(".json"):
        raise argparse.ArgumentTypeError("%r: a JSON file's name ends in .json (or give - for "
                                         "standard output%s)" % (text, "; " + hint if hint else ""))
    return text


def unwritable(path):
    """Why an output file cannot be written (it is a folder, or its folder is missing or not
    writable), or None; None for no file or '-'.  The file itself is not opened."""
    if path is None or path == "-":
        return None
    if os.path.isdir(path):
        return "cannot write %s: it is a folder" % path
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return "cannot write %s: there is no folder %s" % (path, folder)
    if not os.access(folder, os.W_OK):
        return "cannot write %s: %s is not a writable folder" % (path, folder)
    return None
