"""What a run's screen tells: its secret, its coloured rows, its counts of possible words."""
import re

from grader import reference
from grader.assignment import MAX_GUESSES
from grader.checks.possible_words import possible_words
from grader.checks.screen import ESCAPE, screen_lines

# The spec's text is ASCII, and so is what is read from a screen: a look-alike letter (U+212A
# KELVIN SIGN for K) is no letter here, it is the student's mistake, shown in the diff.
ANSWER = re.compile(r"answer\b[^a-z]*(?:(?:was|is)[^a-z]+)?([a-z]{5})\b",
                    re.IGNORECASE | re.ASCII)


def learn_secret(run):
    """The secret a run's Answer line shows (upper case), or None."""
    found = [word.upper() for word in ANSWER.findall(ESCAPE.sub("", run.stdout))
             if word.lower() in reference.load().word_set]
    return found[-1] if found else None


COLOURS = ("green", "yellow", "grey")


def history_row(line):
    """(word, colours) when line shows a guess in colours (a history row), else None;
    spacing is no letter, whatever its colour."""
    coloured = [(char, colour) for char, colour in line.key if colour is not None]
    if len(coloured) != 5 or any(colour not in COLOURS for _, colour in coloured):
        return None
    return "".join(char for char, _ in coloured).upper(), [colour for _, colour in coloured]


def history_blocks(output):
    """The runs of consecutive history rows of a screen, each a list of (word, colours)."""
    blocks, current = [], []
    for line in screen_lines(output):
        found = history_row(line)
        if found:
            current.append(found)
        elif current:
            blocks.append(current)
            current = []
    return blocks + ([current] if current else [])


def fitting_secrets(run):
    """The words (upper case) that give every coloured row the run showed. A game that prints
    no Answer line can still be compared with any of them: the reference's screen before its
    Answer line depends only on the guesses and their clues. The work is bounded by what a
    game can show, not by what was printed: a row that is no word of the list, or more than
    MAX_GUESSES different guesses, and no word fits (the first such row ends the search)."""
    rows = {}
    for block in history_blocks(run.stdout):
        for word, colours in block:
            if not (word.isascii() and word.lower() in reference.load().word_set):
                return []
            rows[word] = colours
            if len(rows) > MAX_GUESSES:
                return []
    possible = None     # the whole word list
    for guess, colours in rows.items():
        possible = possible_words(guess, colours, possible)
    return [word.upper() for word in possible] if rows else []


def shared_list_hint(run, secret):
    """A line when every reprinted history shows all its guesses in the right colours of its
    last guess, while their own clues differ (check_word returning one list object that it
    changes each call), else None."""
    check_word = reference.load().wordle.check_word
    blocks = [block for block in history_blocks(run.stdout) if len(block) >= 2]
    telling = False
    for block in blocks:
        right = [check_word(secret, word) for word, _ in block]
        if any(colours != right[-1] for _, colours in block):
            return None
        telling = telling or any(clue != right[-1] for clue in right)
    if not telling:
        return None
    return ("every guess of the history is shown in the colours of the last one: does "
            "check_word return the same list object each time (a list made once, outside the "
            "function, and changed)? Earlier clues then change too")


def shows_win(run, secret):
    """Whether the run's output has the secret as an all-green line."""
    won = tuple((letter, "green") for letter in secret)
    return any(line.key[-5:] == won for line in screen_lines(run.stdout))



# The easy game's 'N words possible:' line (spacing as the screens' comparison forgives it).
COUNT_LINE = re.compile(r"^\s*(\d+)\s+words possible:\s*$", re.ASCII)


def shown_counts(run):
    """The N of each 'N words possible:' line of the run's screen (the easy game's turns)."""
    return [int(match.group(1)) for match in
            (COUNT_LINE.match(line.plain or "") for line in screen_lines(run.stdout)) if match]
