"""Compare the original Atari WORDLE's colour rule with the kit's Python rule (wordle.check_word).

The Atari program colours a guessed letter green when it is at that position of the secret,
yellow when it occurs anywhere else in the secret, however many times the guess repeats it;
wordle.check_word gives a repeated letter only as many yellows as the secret has unused copies.

    python -m atari.compare                       every secret x guess pair of the 46-word dictionary
    python -m atari.compare --replay EMCEE EMBED  play WORDLE in the interpreter: screen vs both rules
"""

import argparse
import importlib
import sys
from collections import Counter
from pathlib import Path

from atari.listings.dictionary import FIRST_GAME_DICTIONARY_SIZE, FULL_DICTIONARY_SIZE, wordle_words
from atari.listings.scripted_run import ScriptedRunError, rnd_choosing, run_scripted

REPO_ROOT = Path(__file__).resolve().parent.parent
GREEN, YELLOW, GREY = "green", "yellow", "grey"
TILE_MARK = {GREEN: "G", YELLOW: "Y", GREY: "-"}
MAX_GUESSES = 6

# WORDLE's screen (GRAPHICS 2): bits 7-6 of a character's internal code pick its colour
# register; line 0 makes 709 yellow, 710 green and 711 grey, and keeps 708 for white.
TILE_COLOUR_BY_REGISTER = {1: YELLOW, 2: GREEN, 3: GREY}
FIRST_GUESS_ROW = 3
FIRST_TILE_COLUMN = 7


def atari_clue(secret: str, guess: str) -> list[str]:
    """The clue WORDLE's lines 6 and 7 give: green in place, yellow if anywhere in the secret."""
    return [GREEN if letter == secret[i] else YELLOW if letter in secret else GREY
            for i, letter in enumerate(guess)]


def python_check_word():
    """The kit's reference check_word, from wordle.py at the repository root."""
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))
    return importlib.import_module("wordle").check_word


def format_clue(guess: str, clue: list[str]) -> str:
    """A clue as the guess's letters with G/Y/- marks, e.g. 'E:G M:G B:- E:Y D:Y'."""
    return " ".join(f"{letter}:{TILE_MARK[colour]}" for letter, colour in zip(guess, clue))


def compare_rules(words: list[str], check_word) -> dict:
    """Every secret x guess pair of WORDS: how often and where the two rules disagree."""
    differing_pairs = []
    positions = Counter()
    kinds = Counter()
    for secret in words:
        for guess in words:
            atari, python = atari_clue(secret, guess), check_word(secret, guess)
            if atari != python:
                differing_pairs.append((secret, guess, atari, python))
                for position, (atari_colour, python_colour) in enumerate(zip(atari, python)):
                    if atari_colour != python_colour:
                        positions[position + 1] += 1
                        kinds[(atari_colour, python_colour)] += 1
    return {"pairs": len(words) ** 2, "differing_pairs": differing_pairs,
            "positions": positions, "kinds": kinds}


def print_rule_report(report: dict, example_count: int) -> None:
    """The comparison in words."""
    differing = report["differing_pairs"]
    print(f"{report['pairs']} secret x guess pairs of the WORDLE dictionary; "
          f"the Atari's clue differs from wordle.check_word in {len(differing)} "
          f"({100 * len(differing) / report['pairs']:.1f}%).")
    print(f"Differing tiles: {sum(report['positions'].values())}")
    for (atari_colour, python_colour), count in sorted(report["kinds"].items()):
        print(f"  Atari {atari_colour}, Python {python_colour}: {count}")
    print("By position: " + ", ".join(f"{position}: {count}" for position, count in sorted(report["positions"].items())))
    for secret, guess, atari, python in differing[:example_count]:
        print(f"  secret {secret} guess {guess}  Atari {format_clue(guess, atari)}  Python {format_clue(guess, python)}")


def replay_script(words: list[str], secret: str, guesses: list[str]) -> tuple[str, list[float]]:
    """Keys and RND values that make WORDLE play GUESSES against SECRET.

    The first game draws from the first 34 words only; for a later word, game one is won at
    once (word 0, guessed) so that the second game draws from all 46.
    """
    index = words.index(secret)
    if index < FIRST_GAME_DICTIONARY_SIZE:
        return "".join(guesses), [rnd_choosing(index, FIRST_GAME_DICTIONARY_SIZE)]
    keys = words[0] + "".join(guesses)
    return keys, [rnd_choosing(0, FIRST_GAME_DICTIONARY_SIZE), rnd_choosing(index, FULL_DICTIONARY_SIZE)]


def screen_clues(dump: dict, guess_count: int) -> list[list[str]]:
    """The tile colours of each guessed row on the dumped screen."""
    clues = []
    for row in dump["screen"][FIRST_GUESS_ROW:FIRST_GUESS_ROW + guess_count]:
        tiles = row[FIRST_TILE_COLUMN:FIRST_TILE_COLUMN + 5]
        clues.append([TILE_COLOUR_BY_REGISTER.get(code >> 6, f"register {708 + (code >> 6)}") for code in tiles])
    return clues


def validate_replay(words: list[str], secret: str, guesses: list[str]) -> str | None:
    """Why SECRET and GUESSES cannot be replayed, or None."""
    if secret not in words:
        return f"{secret!r} is not one of WORDLE's 46 words"
    if not 1 <= len(guesses) <= MAX_GUESSES:
        return f"give 1 to {MAX_GUESSES} guesses"
    for number, guess in enumerate(guesses, 1):
        if len(guess) != 5 or not all("A" <= letter <= "Z" for letter in guess):
            return f"guess {guess!r}: need five letters A-Z"
        if guess == secret and number < len(guesses):
            return f"guess {number} wins the game; the guesses after it would start a new game"
    return None


def replay(secret: str, guesses: list[str], check_word) -> int:
    """Play GUESSES against SECRET in the interpreter and print the Atari's tiles next to both rules."""
    words = wordle_words()
    secret, guesses = secret.upper(), [guess.upper() for guess in guesses]
    problem = validate_replay(words, secret, guesses)
    if problem:
        print(f"compare: {problem}", file=sys.stderr)
        return 2
    # A game-ending guess (a win, or the sixth) is never seen coloured: the next game clears the
    # board at once. So the run stops before it, and only the rules speak for that guess.
    game_over = guesses[-1] == secret or len(guesses) == MAX_GUESSES
    keys, rnd = replay_script(words, secret, guesses[:len(guesses) - game_over])
    try:
        dump = run_scripted("WORDLE", keys=keys, rnd=rnd)
    except ScriptedRunError as problem:
        print(f"compare: the interpreter run failed: {problem}", file=sys.stderr)
        return 1
    on_screen_clues = screen_clues(dump, len(guesses) - game_over) + [None] * game_over
    screen_matches_rule = True
    print(f"secret {secret} (word {words.index(secret) + 1} of {len(words)})")
    for guess, on_screen in zip(guesses, on_screen_clues):
        original, python = atari_clue(secret, guess), check_word(secret, guess)
        if on_screen is None:
            shown = "(ends the game: WORDLE clears the board at once)"
        else:
            screen_matches_rule &= on_screen == original
            shown = "Atari screen " + " ".join(TILE_MARK.get(colour, "?") for colour in on_screen)
        note = "same" if original == python else "Python differs"
        print(f"  {guess}  {shown}  original rule {format_clue(guess, original)}  "
              f"check_word {format_clue(guess, python)}  {note}")
    if not screen_matches_rule:
        print("compare: the interpreter's tiles do not follow the original rule", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    """Command line: the rule comparison, or a replay."""
    parser = argparse.ArgumentParser(prog="python -m atari.compare", description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[5:]))
    parser.add_argument("--examples", type=int, default=10, metavar="N", help="differing pairs to show (default 10)")
    parser.add_argument("--replay", nargs="+", metavar="WORD",
                        help="SECRET then 1 to 6 guesses: play them in the interpreter")
    options = parser.parse_args(argv)
    try:
        check_word = python_check_word()
    except ImportError as problem:
        print(f"compare: cannot import the kit's wordle.py: {problem}", file=sys.stderr)
        return 2
    if options.replay:
        if len(options.replay) < 2:
            parser.error("--replay needs a secret and at least one guess")
        return replay(options.replay[0], options.replay[1:], check_word)
    print_rule_report(compare_rules(wordle_words(), check_word), max(options.examples, 0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
