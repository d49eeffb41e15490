"""The command line.

    python -m solver [FILE]          analyse the games in FILE (or stdin): grid, words left, best next guess
    python -m solver play            suggestions as you play
    python -m solver bench           play every secret of a list, sum up the guesses needed
"""
import argparse
import json
import os
import sys

from command_line import (EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, add_color_option,
                          add_json_option, unwritable, use_colour)
from solver import games as games_module
from solver.analysis import Analysis
from solver.games import InputError
from solver.report import Printer, print_analysis
from solver.wordlists import kit_words, read_word_list

COMMANDS = ("analyse", "analyze", "play", "bench")


class Failure(Exception):
    """A reason the command cannot go on, for the user (no traceback)."""


def build_parser():
    parser = argparse.ArgumentParser(
        prog="python -m solver",
        description="The Wordle Tool Kit's report grid and solver. Commands: analyse (the default), play, bench.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND",
                                     title="commands (python -m solver COMMAND --help for each)")

    def common(sub, default_strategy="strong"):
        sub.add_argument("--strategy", choices=("strong", "minimax"), default=default_strategy,
                         help="strong: fewest expected guesses, with lookahead; minimax: fewest words "
                              "left in the worst case (default: %s)" % (default_strategy or "both"))
        sub.add_argument("--words", metavar="FILE",
                         help="the allowed guesses, one word a line (default: the kit's words.py)")
        sub.add_argument("--answers", metavar="FILE",
                         help="the possible secrets, a subset of the allowed guesses (default: all of them)")
        sub.add_argument("--cache", metavar="DIR",
                         help="where to keep the pattern table and first moves (default: ~/.cache/wordle-kit)")
        sub.add_argument("--no-cache", action="store_true", help="compute everything afresh, store nothing")
        add_color_option(sub)

    analyse = commands.add_parser("analyse", aliases=["analyze"], help="analyse games from a file or stdin")
    analyse.add_argument("file", nargs="?", default="-", help="the games (default: stdin)")
    add_json_option(analyse, "the analyses", hint="the games file goes before --json")
    analyse.add_argument("--all-letters", action="store_true", help="show untested letters in the grid too")
    common(analyse)
    play = commands.add_parser("play", help="suggest guesses as you play")
    common(play)
    bench = commands.add_parser("bench", help="play every secret of a list and report the guesses needed")
    common(bench, default_strategy=None)
    bench.add_argument("--sample", type=int, metavar="N",
                       help="play only N secrets, chosen at random (seeded); each game is still played "
                            "against every possible secret, so the figures estimate the full list's")
    bench.add_argument("--seed", type=int, default=1913, help="the seed for --sample (default 1913)")
    add_json_option(bench, "the results")
    return parser


def require_numpy():
    """Stop before any work, saying what to install, where NumPy is missing."""
    try:
        import numpy  # noqa: F401  (the pattern table)
    except ImportError:
        raise Failure("the solver needs NumPy, which is not installed for %s: "
                      "python -m pip install numpy (or: python -m pip install -r requirements.txt)"
                      % sys.executable) from None


def write_json(target, value):
    """Write value as JSON to target ('-': standard output)."""
    text = json.dumps(value, indent=2)
    if target == "-":
        print(text, flush=True)   # flushed here, where a closed pipe is caught, not at exit
        return
    try:
        with open(target, "w", encoding="utf-8") as file:
            file.write(text + "\n")
    except OSError as error:
        raise Failure("cannot write %s: %s" % (target, error.strerror or error)) from None


def check_writable(target):
    """Fail before the work, not after it, when --json FILE cannot be written."""
    problem = unwritable(target)
    if problem:
        raise Failure(problem)


def word_lists(args):
    """(allowed guesses, possible secrets), upper case."""
    try:
        words = read_word_list(args.words) if args.words else kit_words()
        answers = read_word_list(args.answers) if args.answers else words
    except InputError as error:
        raise Failure("bad word list:\n" + str(error))
    except OSError as error:
        raise Failure("cannot read the word list %s: %s" % (error.filename, error.strerror or error))
    except UnicodeDecodeError:
        raise Failure("cannot read a word list: it is not UTF-8 text")
    allowed = set(words)
    missing = [word for word in answers if word not in allowed]
    if missing:
        raise Failure("%d answer(s) are not allowed guesses (%s): add them to --words"
                      % (len(missing), ", ".join(missing[:5])))
    return words, answers


def make_strategy(name, words, args):
    """The strategy on the pattern table of words (loaded, or computed once and cached)."""
    from solver.patterns import PatternTable
    from solver.strategies import MinimaxStrategy, StrongStrategy

    cache_dir = False if args.no_cache else args.cache

    def tell(path):
        print("Computing the pattern table for %d words (once; cached in %s)..." % (len(words), path.parent),
              file=sys.stderr, flush=True)

    table = PatternTable.build(words, cache_dir=cache_dir, on_compute=tell)
    kind = {"strong": StrongStrategy, "minimax": MinimaxStrategy}[name]
    return kind(table, cache_dir=cache_dir)


def read_input(path):
    try:
        if path == "-":
            if sys.stdin.isatty():
                print("Type the games, one 'GUESS clue' line per guess (e.g. CRANE gy--g), then Ctrl-D.",
                      file=sys.stderr)
            return sys.stdin.read()
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError as error:
        raise Failure("cannot read %s: %s" % ("standard input" if path == "-" else path,
                                              error.strerror or error))
    except UnicodeDecodeError:
        raise Failure("cannot read %s: it is not UTF-8 text" % ("standard input" if path == "-" else path))


def run_analyse(args):
    name = "standard input" if args.file == "-" else args.file
    check_writable(args.json)
    text = read_input(args.file)
    try:
        games = games_module.parse_games(text)
    except InputError as error:
        raise Failure("%s: bad input:\n%s" % (name, "\n".join("  " + problem for problem in error.problems)))
    words, answers = word_lists(args)
    strategy = make_strategy(args.strategy, words, args)
    analyses = [Analysis(number, game, answers, strategy) for number, game in enumerate(games, start=1)]
    if args.json:
        write_json(args.json, [analysis.as_dict() for analysis in analyses])
    if args.json != "-":
        printer = Printer(use_colour(args.color))
        for analysis in analyses:
            print_analysis(analysis, printer, args.all_letters)
    return EXIT_OK


def run_play(args):
    from solver.live import play
    words, answers = word_lists(args)
    return play(make_strategy(args.strategy, words, args), answers, Printer(use_colour(args.color)))


def run_bench(args):
    from solver.bench import run_bench_command
    check_writable(args.json)
    words, answers = word_lists(args)
    names = [args.strategy] if args.strategy else ["minimax", "strong"]
    return run_bench_command([make_strategy(name, words, args) for name in names], answers, args)


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help")):
        argv.insert(0, "analyse")
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "sample", None) is not None and args.sample < 1:
        parser.error("argument --sample: must be at least 1")
    runner = {"analyse": run_analyse, "analyze": run_analyse, "play": run_play, "bench": run_bench}[args.command]
    try:
        require_numpy()
        status = runner(args)
        sys.stdout.flush()  # here, where a closed pipe is caught, not when Python exits
        return status
    except Failure as failure:
        print("solver: %s" % failure, file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:       # the reader went away (python -m solver ... | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILED
