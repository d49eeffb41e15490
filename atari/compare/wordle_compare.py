"""`python -m atari compare wordle`: WORDLE.LST's own screens against wordle.check_word.

Every figure comes from rows read off the simulated Atari's screen; the re-told rule
(retold.atari_clue) is only held against those screens as a cross-check.
"""

import time
from collections import Counter

from atari.listings.dictionary import wordle_words

from .retold import atari_clue, kit_words, python_check_word
from .tiles import recoloured
from .wordle_play import FULL_DICTIONARY_SIZE, WORD_LENGTH, first_game_probe, play_pairs

DEFAULT_REPEATED = 200
NON_WORD = "ZZZZZ"  # not in words.py, and no secret has a Z


class GuessFileError(ValueError):
    """A --guesses file that cannot be used; the message says where and why."""


def repeated_letter_words(count, exclude=()):
    """The first `count` words of words.py (in its order) that repeat a letter."""
    found = [word for word in kit_words() if len(set(word)) < WORD_LENGTH and word not in exclude]
    return found[:count]


def default_guesses(repeated=DEFAULT_REPEATED):
    """WORDLE's 46 words, then `repeated` repeated-letter words of words.py."""
    words = wordle_words()
    return words + repeated_letter_words(repeated, exclude=set(words))


def read_guesses(path):
    """Guesses from a file: one five-letter word (A-Z, any case) a line; blank lines and
    lines starting with # are skipped, repeats kept once."""
    try:
        with open(path, encoding="utf-8") as stream:
            lines = stream.read().splitlines()
    except OSError as problem:
        raise GuessFileError(f"cannot read {path}: {problem.strerror}") from None
    except UnicodeDecodeError:
        raise GuessFileError(f"{path} is not a text file (UTF-8)") from None
    guesses = []
    for number, line in enumerate(lines, 1):
        word = line.strip().upper()
        if not word or word.startswith("#"):
            continue
        if len(word) != WORD_LENGTH or not all("A" <= letter <= "Z" for letter in word):
            raise GuessFileError(f"{path} line {number}: {line.strip()[:40]!r} is not five letters A-Z")
        if word not in guesses:
            guesses.append(word)
    if not guesses:
        raise GuessFileError(f"{path} holds no guesses")
    return guesses


def compare_rows(rows, check_word):
    """Figures of the screens' rows against check_word, and the differing pairs."""
    kinds, positions = Counter(), Counter()
    differing, repeated_beyond, retold_matches = [], 0, 0
    for row in rows:
        python = check_word(row.secret, row.guess)
        retold_matches += list(row.colours) == atari_clue(row.secret, row.guess)
        if list(row.colours) == python:
            continue
        differing.append((row, python))
        for position, (atari, ours) in enumerate(zip(row.colours, python)):
            if atari != ours:
                kinds[(atari, ours)] += 1
                positions[(atari, ours, position + 1)] += 1
                letter = row.guess[position]
                repeated_beyond += row.guess.count(letter) > row.secret.count(letter)
    figures = {
        "pairs_played": len(rows),
        "pairs_differing": len(differing),
        "tiles_differing": sum(kinds.values()),
        "tiles_differing_by_kind": [
            {"atari": atari, "check_word": ours, "tiles": count,
             "by_position": {str(place): positions[(atari, ours, place)] for place in range(1, WORD_LENGTH + 1)}}
            for (atari, ours), count in sorted(kinds.items())],
        "differing_tiles_on_a_letter_the_guess_repeats_beyond_the_secret": repeated_beyond,
        "pairs_where_the_retold_rule_matches_the_screen": retold_matches,
    }
    return figures, differing


def run_comparison(guesses, examples, progress=None):
    """Play every guess against all 46 secrets and compare. (figures, differing pairs, rows)."""
    started = time.perf_counter()
    words = wordle_words()
    first_shown, probe_rows = first_game_probe(words, NON_WORD)
    rows = play_pairs(words, guesses, words, on_game=progress)
    later_secrets = {row.secret for row in rows}
    figures, differing = compare_rows(rows, python_check_word())
    first_game = [word for word in words if word in first_shown]
    known_words = set(kit_words())
    figures.update({
        "program": "atari/listings/WORDLE.LST",
        "secrets": len(words),
        "guesses": len(guesses),
        "guesses_not_in_words_py": sum(guess not in known_words for guess in guesses),
        "first_game_rnd_samples": FULL_DICTIONARY_SIZE,
        "first_game_words": first_game,
        "later_game_only_words": [word for word in words if word not in first_shown and word in later_secrets],
        "never_shown_words": [word for word in words if word not in first_shown and word not in later_secrets],
        "non_word_probe": {"guess": NON_WORD, "rows": len(probe_rows),
                           "coloured_grey": sum(set(row.colours) == {"grey"} for row in probe_rows)},
        "examples": [{"secret": row.secret, "guess": row.guess, "atari": list(row.colours), "check_word": python}
                     for row, python in differing[:examples]],
        "seconds": round(time.perf_counter() - started, 2),
    })
    return figures, differing, rows


def expected_pairs(guesses):
    """How many pairs a comparison plays: every guess against every secret."""
    return len(guesses) * FULL_DICTIONARY_SIZE


def report_lines(figures):
    """The comparison in words (no examples: the command draws those)."""
    pairs, differing = figures["pairs_played"], figures["pairs_differing"]
    first, later = figures["first_game_words"], figures["later_game_only_words"]
    lines = [
        f"WORDLE.LST in the kit's interpreter against wordle.check_word: {figures['secrets']} secrets x "
        f"{figures['guesses']} guesses = {pairs:,} pairs played in {figures['seconds']:.1f} s, "
        "tiles read from screen memory.",
        f"Pairs that differ: {differing:,} ({100 * differing / max(pairs, 1):.1f}%); "
        f"tiles that differ: {figures['tiles_differing']:,}.",
    ]
    for kind in figures["tiles_differing_by_kind"]:
        lines.append(f"  Atari {kind['atari']}, check_word {kind['check_word']}: {kind['tiles']:,} tiles "
                     "(by position: " + ", ".join(f"{place}: {count:,}" for place, count in kind["by_position"].items())
                     + ")")
    beyond = figures["differing_tiles_on_a_letter_the_guess_repeats_beyond_the_secret"]
    probe = figures["non_word_probe"]
    lines += [
        "The rules behind them:",
        f"  - repeats are not counted: {beyond:,} of the {figures['tiles_differing']:,} differing tiles are a "
        "letter the guess has more often than the secret; WORDLE colours every copy yellow (or green),",
        "    check_word only as many as the secret has.",
        f"  - non-words are played: the first-game probes typed {probe['guess']} (not in words.py) "
        f"{probe['rows']} times; WORDLE took every one and coloured {probe['coloured_grey']} of those rows all grey "
        "(no secret has a Z)" + (f"; {figures['guesses_not_in_words_py']} of the guesses played are not in words.py."
                         if figures["guesses_not_in_words_py"] else "."),
        f"  - the re-told rule (green in place, yellow anywhere in the secret) matches the screen on "
        f"{figures['pairs_where_the_retold_rule_matches_the_screen']:,} of {pairs:,} pairs.",
        f"Secrets: {_word_span(first)} came up in a first game (RND at "
        f"{figures['first_game_rnd_samples']} points across [0,1)); "
        f"{_word_span(later)} only in later games (line 8 sets N=46 when a game ends)"
        + (f"; never shown: {', '.join(figures['never_shown_words'])}." if figures["never_shown_words"] else "."),
    ]
    return lines


def _word_span(chosen):
    """'words 1-34 (NINJA..CABAL)' style, or the list when they are not consecutive."""
    if not chosen:
        return "no words"
    words = wordle_words()
    numbers = [words.index(word) + 1 for word in chosen]
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"words {numbers[0]}-{numbers[-1]} ({chosen[0]}..{chosen[-1]})"
    return "words " + ", ".join(f"{number} {word}" for number, word in zip(numbers, chosen))


def example_rows(differing, count):
    """The first `count` differing pairs as (secret, guess, Atari tiles, check_word tiles),
    each tiles as (colours, looks); check_word's drawn in the inks the program gave each colour."""
    return [(row.secret, row.guess, (row.colours, row.looks), (python, recoloured(row.looks, python, row.inks)))
            for row, python in differing[:count]]
