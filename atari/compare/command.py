"""`python -m atari compare wordle|2048`: the command line of the comparisons.

Exit status: 0 when the comparison ran (differences are findings, not failures), 1 when
the program stopped or showed something the comparison cannot read, 2 for unusable
options or files.
"""

import argparse
import json
import sys
from contextlib import nullcontext

from atari.basic import BasicError
from atari.listings import load_listing
from atari.listings.dictionary import wordle_words
from command_line import (add_color_option, add_json_option, parse_arguments, program_name,
                          use_colour)
from atari.frontends.outcome import EXIT_PROGRAM_ERROR
from atari.usage import UsageError, check_writable, require_pillow, run_handler, write_output

from . import compare2048, wordle_compare
from .play2048 import ScreenError
from .retold import python_check_word
from .tiles import ansi_tiles, marked_tiles, recoloured, save_rows_png
from .wordle_play import ROWS_PER_GAME, SessionError, WordleSession, replay_games

PNG_ROWS = 8


def main(argv=None):
    """`python -m atari.compare [OPTIONS]`: the same as `python -m atari compare wordle [OPTIONS]`."""
    parser = argparse.ArgumentParser(prog=program_name("atari"))
    add_compare_command(parser.add_subparsers(dest="command", required=True, metavar="COMMAND"))
    argv = sys.argv[1:] if argv is None else list(argv)
    return run_handler(parse_arguments(parser, ["compare", "wordle", *argv]))


def add_compare_command(commands):
    """The `compare` command and its two subcommands, on the atari command line's subparsers."""
    compare = commands.add_parser(
        "compare", help="run WORDLE or 2048 and compare their screens with the kit's rules",
        description="Run an original program in the interpreter, read its screen and compare it "
                    "with the kit's Python rules. " + __doc__.split("\n\n")[1].replace("\n", " "))
    games = compare.add_subparsers(dest="game", required=True, metavar="GAME")

    wordle = games.add_parser(
        "wordle", help="WORDLE.LST's tiles against wordle.check_word",
        description="Play guesses against each of WORDLE's 46 secrets in WORDLE.LST, read every "
                    "row's tile colours from screen memory and compare them with wordle.check_word.")
    guesses = wordle.add_mutually_exclusive_group()
    guesses.add_argument("--guesses", metavar="FILE",
                         help="guesses to play, one five-letter word a line (# comments); "
                              "default: the 46 dictionary words and --repeated words of words.py")
    guesses.add_argument("--repeated", type=_count, default=wordle_compare.DEFAULT_REPEATED, metavar="N",
                         help="repeated-letter words of words.py (in its order) added to the 46 "
                              f"(default {wordle_compare.DEFAULT_REPEATED})")
    guesses.add_argument("--replay", nargs="+", metavar="WORD",
                         help="SECRET then 1 to 6 guesses: play that one game and show its rows")
    wordle.add_argument("--examples", type=_count, default=8, metavar="N",
                        help="differing pairs to show as tiles (default 8)")
    wordle.add_argument("--png", metavar="FILE.png",
                        help=f"draw the first {PNG_ROWS} differing rows (--replay: the game's rows) as a PNG")
    add_json_option(wordle, "the figures (--replay: the game's rows)")
    add_color_option(wordle)
    wordle.set_defaults(handler=wordle_command)

    game2048 = games.add_parser(
        "2048", help="B2048.LST's moves and new tiles against atari/rules2048.py",
        description=compare2048.__doc__.split("\n", 1)[1].strip(),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    game2048.add_argument("--runs", type=_positive, default=compare2048.DEFAULT_RUNS, metavar="N",
                          help=f"seeded runs of the program (default {compare2048.DEFAULT_RUNS})")
    game2048.add_argument("--moves", type=_count, default=compare2048.DEFAULT_MOVES, metavar="N",
                          help=f"compared moves per run (default {compare2048.DEFAULT_MOVES})")
    game2048.add_argument("--placements", type=_count, default=compare2048.DEFAULT_PLACEMENTS, metavar="N",
                          help=f"placement probes per run (default {compare2048.DEFAULT_PLACEMENTS})")
    game2048.add_argument("--fills", type=_count, default=compare2048.DEFAULT_FILLS, metavar="N",
                          help=f"fills of an empty board per run (default {compare2048.DEFAULT_FILLS})")
    game2048.add_argument("--examples", type=_count, default=5, metavar="N",
                          help="differing moves to show (default 5)")
    add_json_option(game2048, "the figures")
    game2048.set_defaults(handler=game2048_command)


# -- wordle ---------------------------------------------------------------------------

def wordle_command(args):
    for path in (args.png, args.json):
        check_writable(path)
    if args.png:
        require_pillow("--png")
    colour = use_colour(args.color)
    if args.replay:
        return replay_command(args.replay, args.png, args.json, colour)
    try:
        guesses = wordle_compare.read_guesses(args.guesses) if args.guesses else \
            wordle_compare.default_guesses(args.repeated)
    except wordle_compare.GuessFileError as problem:
        raise UsageError(problem) from None
    try:
        with _progress(wordle_compare.expected_pairs(guesses), "pairs") as bar:
            figures, differing, _ = wordle_compare.run_comparison(guesses, args.examples,
                                                                     bar.update if bar else None)
    except (SessionError, BasicError) as problem:
        print(f"{program_name('atari')} compare wordle: {problem}", file=sys.stderr)
        return EXIT_PROGRAM_ERROR
    examples = wordle_compare.example_rows(differing, max(args.examples, PNG_ROWS))
    if args.json != "-":
        print("\n".join(wordle_compare.report_lines(figures)))
        if args.examples and examples:
            print("First differing pairs (secret, guess: WORDLE.LST's tiles | check_word's):")
            for secret, guess, atari, python in examples[:args.examples]:
                print(f"  {secret} {guess}  {_side_by_side(guess, atari, python, colour)}")
    if args.png:
        rows = [(f"{secret} {guess}", atari[1], python[1])
                for secret, guess, atari, python in examples[:PNG_ROWS]]
        write_output(args.png, lambda path: save_rows_png(path, rows))
    _write_json(args.json, figures)
    return 0


def replay_command(words_given, png=None, json_target=None, colour=False):
    """Play one game against a secret and show each row next to check_word's (and draw
    them in png, write them as JSON to json_target)."""
    words = wordle_words()
    secret, guesses = words_given[0].upper(), [guess.upper() for guess in words_given[1:]]
    problem = _replay_problem(words, secret, guesses)
    if problem:
        raise UsageError(problem)
    try:
        rows = WordleSession(load_listing("WORDLE")).play(replay_games(words, secret, guesses))
    except (SessionError, BasicError) as error:
        print(f"{program_name('atari')} compare wordle: {error}", file=sys.stderr)
        return EXIT_PROGRAM_ERROR
    check_word = python_check_word()
    shown, png_rows, json_rows = [], [], []
    for row in rows:
        python = check_word(secret, row.guess)
        note = "same" if list(row.colours) == python else "differs"
        python_tiles = (python, recoloured(row.looks, python, row.inks))
        shown.append(f"  {row.guess}  {_side_by_side(row.guess, (row.colours, row.looks), python_tiles, colour)}"
                     f"  {note}")
        png_rows.append((f"{secret} {row.guess}", row.looks, python_tiles[1]))
        json_rows.append({"guess": row.guess, "atari": list(row.colours), "check_word": python,
                          "same": note == "same"})
    if json_target != "-":
        print(f"secret {secret} (word {words.index(secret) + 1} of {len(words)}): WORDLE.LST's tiles | check_word's")
        print("\n".join(shown))
    if png:
        write_output(png, lambda path: save_rows_png(path, png_rows))
    _write_json(json_target, {"secret": secret, "rows": json_rows})
    return 0


def _side_by_side(guess, atari, python, colour):
    """Two rows, each (colours, looks): coloured tiles (colour), else letters with colour
    marks parted by '|'."""
    if colour:
        return f"{ansi_tiles(atari[1])}  {ansi_tiles(python[1])}"
    return f"{marked_tiles(guess, atari[0])}  |  {marked_tiles(guess, python[0])}"


def _replay_problem(words, secret, guesses):
    """Why SECRET and GUESSES cannot be replayed, or None."""
    if secret not in words:
        return f"{secret!r} is not one of WORDLE's 46 words"
    if not 1 <= len(guesses) <= ROWS_PER_GAME:
        return f"--replay needs the secret and 1 to {ROWS_PER_GAME} guesses"
    for number, guess in enumerate(guesses, 1):
        if len(guess) != 5 or not all("A" <= letter <= "Z" for letter in guess):
            return f"guess {guess!r}: need five letters A-Z"
        if guess == secret and number < len(guesses):
            return f"guess {number} wins the game; the guesses after it would start a new game"
    return None


# -- 2048 -----------------------------------------------------------------------------

def game2048_command(args):
    check_writable(args.json)
    total = compare2048.expected_moves(args.runs, args.moves, args.placements, args.fills)
    try:
        with _progress(total, "moves") as bar:
            figures = compare2048.run_comparison(args.runs, args.moves, args.placements, args.fills,
                                                 args.examples, bar.update if bar else None)
    except (ScreenError, BasicError) as problem:
        print(f"{program_name('atari')} compare 2048: {problem}", file=sys.stderr)
        return EXIT_PROGRAM_ERROR
    if args.json != "-":
        print("\n".join(compare2048.report_lines(figures)))
    _write_json(args.json, figures)
    return 0


# -- helpers --------------------------------------------------------------------------

def _progress(total, unit):
    """A tqdm progress bar on standard error when it is a terminal, else nothing."""
    if not sys.stderr.isatty():
        return nullcontext(None)
    try:
        from tqdm import tqdm
    except ImportError:
        return nullcontext(None)
    return tqdm(total=total, unit=f" {unit}", file=sys.stderr, leave=False, dynamic_ncols=True)


def _write_json(path, figures):
    if path is None:
        return
    if path == "-":
        print(json.dumps(figures, indent=1), flush=True)
        return

    def write(path):
        with open(path, "w", encoding="utf-8") as stream:
            json.dump(figures, stream, indent=1)
            stream.write("\n")
    write_output(path, write)


def _count(text):
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is below 0")
    return value


def _positive(text):
    value = _count(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value
