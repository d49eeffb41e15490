"""The command line.

    python -m solver [FILE]          analyse the games in FILE (or stdin): grid, words left, best next guess
    python -m solver play            suggestions as you play
    python -m solver bench           play every secret of a list, sum up the guesses needed
    python -m solver build-tree      search the decision tree that play and bench use (once; long)
"""
import argparse
import json
import os
import sys

from command_line import (EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, EXIT_OUTPUT_CLOSED, EXIT_USAGE,
                          add_color_option, add_json_option, command_parser, parse_arguments, program_name, unwritable,
                          use_colour)
from solver import games as games_module
from solver.analysis import Analysis
from solver.games import InputError
from solver.report import Printer, print_analysis
from solver.wordlists import kit_words, read_word_list

MAX_GUESSES = 6   # the game's, as in wordle.py
COMMANDS = ("analyse", "analyze", "play", "bench", "build-tree")
OPENINGS_TRIED = 30   # build-tree without --first: the best openings by the estimate put to the cover test


class Failure(Exception):
    """A reason the command cannot go on, for the user (no traceback)."""


def add_strategy_option(command, searches):
    command.add_argument("--strategy", choices=("tree", "strong", "minimax"),
                         help="tree: the moves of the shipped decision tree for these word lists (strong "
                              "where it has none); strong: fewest expected guesses, with lookahead; minimax: "
                              "fewest words left in the worst case (default: tree where a shipped tree fits "
                              "these lists and wins every game within six guesses, else %s)" % searches)


def build_parser():
    parser = argparse.ArgumentParser(
        prog=program_name("solver"),
        description="The Wordle Tool Kit's report grid and solver. Commands: analyse (the default), play, bench, "
                    "build-tree.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND",
                                     title="commands (%s COMMAND --help for each)" % program_name("solver"))

    def common(sub, searches="strong", strategy=True):
        if strategy:
            add_strategy_option(sub, searches)
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
    common(bench, searches="minimax and strong")
    bench.add_argument("--sample", type=int, metavar="N",
                       help="play only N secrets, chosen at random (seeded); each game is still played "
                            "against every possible secret, so the figures estimate the full list's")
    bench.add_argument("--seed", type=int, default=1913, help="the seed for --sample (default 1913)")
    add_json_option(bench, "the results")
    build = commands.add_parser("build-tree", help="search a decision tree for every secret (slow; resumable)")
    common(build, strategy=False)
    build.add_argument("--first", metavar="WORD", help="the first guess (default: the best by the strong "
                                                      "strategy's estimate among those that pass the family "
                                                      "cover test: every family of words differing in one "
                                                      "place that it leaves together can be found in time)")
    build.add_argument("--widths", default="1", metavar="N,N,...",
                       help="guesses tried at each level after the first (then 1 below; default 1)")
    build.add_argument("--hard-family", type=int, default=0, metavar="K",
                       help="search the first guess's groups that hold K or more words differing in one place "
                            "only (BILLS, DILLS, ...: where the six-guess cap binds) with --hard-widths "
                            "(default 0: none)")
    build.add_argument("--hard-widths", metavar="N,N,...",
                       help="the widths for the groups --hard-family picks (default: --widths)")
    build.add_argument("--rescue", type=int, default=20, metavar="N",
                       help="more guesses tried where none of those fits in six (default 20)")
    build.add_argument("--exhaustive", action="store_true",
                       help="count one-letter families (BILLS, DILLS, ...) exactly and, where a tight one makes "
                            "the width and rescue guesses fail, try every guess that can still cover it (slower)")
    build.add_argument("--exact-below", type=int, default=0, metavar="N",
                       help="search groups of at most N words over every guess, with lower bounds, so that "
                            "their subtrees are proven optimal (default 0: none; the tree is optimal for its "
                            "opening when every group after it is)")
    build.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                       help="groups of the first guess searched at once, each in a process of its own "
                            "(default: CPU count; the tree is the same)")
    build.add_argument("-o", "--output", metavar="FILE", help="where to write the tree (default: solver/data/, "
                                                        "named by the word lists' digests)")
    build.add_argument("--checkpoint", metavar="FILE", help="the search's progress, to resume from "
                                                            "(default: in the cache folder)")
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


def make_strategy(name, words, args, answers=None):
    """The strategy on the pattern table of words (loaded, or computed once and cached, when a
    move needs it); the tree strategy also needs the possible secrets."""
    from solver.patterns import PatternTable
    from solver.strategies import MinimaxStrategy, StrongStrategy

    cache_dir = False if args.no_cache else args.cache

    def tell(path):
        print("Computing the pattern table for %d words (once; cached in %s)..." % (len(words), path.parent),
              file=sys.stderr, flush=True)

    table = PatternTable.build(words, cache_dir=cache_dir, on_compute=tell, lazy=True)
    if name == "tree":
        return tree_strategy(table, answers, StrongStrategy(table, cache_dir=cache_dir))
    kind = {"strong": StrongStrategy, "minimax": MinimaxStrategy}[name]
    return kind(table, cache_dir=cache_dir)


def default_strategies(words, answers, searches):
    """["tree"] where a shipped tree fits these lists and wins every game within six guesses
    (one that needs a seventh guess is no better than the searches: its gain is only speed),
    else the searches named."""
    from solver.tree import shipped_tree
    tree, _ = shipped_tree(words, answers)
    return ["tree"] if tree is not None and tree.worst <= MAX_GUESSES else searches


def tree_strategy(table, answers, fallback):
    """The shipped tree's moves for these lists; if none fits, says so and searches (fallback)."""
    from solver.tree import TreeStrategy, shipped_tree

    tree, problem = shipped_tree(table.words, answers)
    if tree is None:
        print("solver: %s; searching instead (%s strategy)" % (problem, fallback.name), file=sys.stderr)
        return fallback
    return TreeStrategy(tree, fallback)


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
    strategy = make_strategy(args.strategy or default_strategies(words, answers, ["strong"])[0],
                             words, args, answers)
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
    name = args.strategy or default_strategies(words, answers, ["strong"])[0]
    return play(make_strategy(name, words, args, answers), answers, Printer(use_colour(args.color)))


def run_bench_command(strategies, answers, args):
    """python -m solver bench: every strategy over the answers (or a sample of them, each
    game still played against all the answers)."""
    import random

    from solver.bench import bench, print_result

    label = args.answers or args.words or "words.py"
    secrets = answers
    if args.sample and args.sample < len(answers):
        secrets = random.Random(args.seed).sample(answers, args.sample)
        label = "a sample of %d of the %d secrets of %s (seed %d), each game against all %d" % (
            len(secrets), len(answers), label, args.seed, len(answers))
    results = []
    show_progress = sys.stderr.isatty()
    for strategy in strategies:
        index = strategy.table.index

        def progress(done, total):
            print("\r  %s: %d/%d " % (strategy.name, done, total), end="", file=sys.stderr, flush=True)

        result = bench(strategy, [index[word] for word in secrets], progress if show_progress else None,
                       possible=[index[word] for word in answers])
        if show_progress:
            print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
        results.append(result)
        if args.json != "-":
            print_result(result, strategy.table.words, label)
    if args.json:
        write_json(args.json, [dict(result.as_dict(), possible_secrets=len(answers)) for result in results])
    return 0


def run_bench(args):
    from solver.bench import ORIGINAL_ANSWERS

    check_writable(args.json)

    def strategies(secrets):
        """--strategy, else the default: the shipped tree, or both searches side by side."""
        names = [args.strategy] if args.strategy else default_strategies(words, secrets, ["minimax", "strong"])
        return [make_strategy(name, words, args, secrets) for name in names]

    words, answers = word_lists(args)
    status = run_bench_command(strategies(answers), answers, args)
    if not (args.words or args.answers or args.sample or args.json):
        # The kit's list, and the original game: its 2,315 answers as the secrets.
        print()
        original = read_word_list(ORIGINAL_ANSWERS)
        args.answers = "the original game's %d answers" % len(original)
        status = status or run_bench_command(strategies(original), original, args)
    return status


def parse_widths(option, text):
    """The widths an option gives (numbers of at least 1 separated by commas)."""
    try:
        widths = tuple(int(width) for width in text.split(","))
    except ValueError:
        raise Failure("%s: numbers separated by commas, e.g. 3,2" % option)
    if any(width < 1 for width in widths):
        raise Failure("%s: each width must be at least 1" % option)
    return widths


def run_build_tree(args):
    import pathlib
    import shlex

    import numpy as np

    from solver import cache
    from solver.strategies import Profile
    from solver.tree import DATA_DIR, tree_name
    from solver.treesearch import TreeSearch, build_tree, proof_statement, say

    words, answers = word_lists(args)
    widths = parse_widths("--widths", args.widths)
    hard_widths = parse_widths("--hard-widths", args.hard_widths or args.widths)
    if args.jobs < 1 or args.rescue < 0 or args.exact_below < 0 or args.hard_family < 0:
        raise Failure("--jobs must be at least 1, --rescue, --exact-below and --hard-family at least 0")
    table = make_strategy("strong", words, args).table
    secrets = np.array(sorted(table.index[word] for word in answers), dtype=np.int64)
    search = TreeSearch(table, secrets, max_guesses=MAX_GUESSES, widths=widths, rescue=args.rescue,
                        exhaustive=args.exhaustive, exact_below=args.exact_below, progress=say,
                        hard_family=args.hard_family, hard_widths=hard_widths)
    if args.first:
        if args.first.upper() not in table.index:
            raise Failure("--first: %s is not an allowed guess" % args.first.upper())
        first = table.index[args.first.upper()]
    else:
        estimate = Profile(secrets, table.by_secret, quick=True).finish
        first = search.choose_opening(np.argsort(estimate, kind="stable")[:OPENINGS_TRIED])
        if first is None:
            raise Failure("none of the %d best openings by the estimate passes the family cover test: "
                          "give one with --first" % OPENINGS_TRIED)
    output = pathlib.Path(args.output) if args.output else DATA_DIR / tree_name(words, answers)
    checkpoint = (pathlib.Path(args.checkpoint) if args.checkpoint else
                  cache.path_for(args.cache, "treesearch", words, answers).with_suffix(".jsonl"))
    command = "%s build-tree --first %s --widths %s --rescue %d%s%s" % (
        program_name("solver"), table.words[first], ",".join(map(str, widths)), args.rescue,
        " --exhaustive" if args.exhaustive else "",
        " --exact-below %d" % args.exact_below if args.exact_below else "")
    if args.hard_family:
        command += " --hard-family %d --hard-widths %s" % (args.hard_family, ",".join(map(str, hard_widths)))
    for option, value in (("--words", args.words), ("--answers", args.answers)):
        if value:
            command += " %s %s" % (option, shlex.quote(pathlib.Path(value).name))
    figures = build_tree(search, first, output, None if args.no_cache else checkpoint, command, args.jobs)
    if figures is None:
        return EXIT_FAILED
    distribution, mean, result, seconds = figures
    print("tree written to %s: %d secrets, mean %.4f guesses, worst %d" % (output, len(secrets), mean,
                                                                           max(distribution)))
    print("  " + ", ".join("%d guesses: %d" % item for item in distribution.items()))
    print("  " + proof_statement(result, len(secrets), table.words[first], MAX_GUESSES))
    print("  %.0f s of search in all (each group's time; resumed runs and groups searched at once summed)" % seconds)
    return EXIT_OK


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help")):
        argv.insert(0, "analyse")
    parser = build_parser()
    args = parse_arguments(parser, argv)
    if getattr(args, "sample", None) is not None and args.sample < 1:
        command_parser(parser, args).error("argument --sample: must be at least 1")
    runner = {"analyse": run_analyse, "analyze": run_analyse, "play": run_play, "bench": run_bench,
              "build-tree": run_build_tree}[args.command]
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
        if args.command == "build-tree":
            print("solver: interrupted: the groups searched so far are kept in the checkpoint; "
                  "the same command goes on from there", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:       # the reader went away (python -m solver ... | head): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OUTPUT_CLOSED
