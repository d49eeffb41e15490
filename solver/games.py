"""Reading games: one guess per line with its clue, or a transcript of the
kit's own game (the screen of ``python wordle.py`` or ``easy_wordle.py``).

Clue lines look like ``CRANE gy--g``: the guess, then one symbol per letter,
g for green, y for yellow and -, ., x, b or _ for grey (any case; the
coloured squares players share work too). Games are separated by blank
lines; # starts a comment. In a transcript the coloured history lines
carry the clues; the rest of the screen (Known:, Answer:, the prompts, easy
mode's word samples) is recognised and checked, and an Answer: line is kept.
"""
import re

WORD_LENGTH = 5
SYMBOLS = {"g": "green", "y": "yellow", "-": "grey", ".": "grey", "x": "grey", "b": "grey", "_": "grey",
           "\U0001F7E9": "green", "\U0001F7E8": "yellow", "\u2B1B": "grey", "\u2B1C": "grey"}
ESCAPE_COLOURS = {"42;1": "green", "43": "yellow", "47": "grey"}
ESCAPE_TILE = re.compile(r"\x1b\[(42;1|43|47)m([A-Za-z])\x1b\[0m")
BRACKET_TILE = re.compile(r"\[([A-Za-z]):(green|yellow|grey)\]")
PROMPT = re.compile(r"^(> ?)+")
SCREEN_LINE = re.compile(r"^(Known: +[A-Z_]{5}|Green/Yellow Letters:.*|Grey Letters:.*|\d+ words possible:"
                         r"|Word must be 5 letters long|Invalid word)$")
ANSWER = re.compile(r"^Answer: *([A-Za-z]{5})$")
LONE_WORD = re.compile(r"^[A-Za-z]+$")
CLUE_LINE = re.compile(r"^([A-Za-z]+)\s+(\S.*)$")


class InputError(Exception):
    """Bad input: the problems, one "line N: message" string each."""

    def __init__(self, problems):
        super().__init__("\n".join(problems))
        self.problems = problems


class Game:
    """One game read from the input: its clues, the lines it came from, and
    the secret its transcript showed (Answer:), if any."""

    def __init__(self, first_line, last_line, clues, answer=None):
        self.first_line = first_line
        self.last_line = last_line
        self.clues = clues          # [(GUESS, [colour, ...]), ...] as in wordle.py
        self.answer = answer


def parse_clue(text):
    """The colour list of a clue written as symbols (spaces between them and
    emoji variation selectors allowed), or None if it is not one."""
    symbols = [symbol for symbol in text if not symbol.isspace() and symbol != "\ufe0f"]
    if len(symbols) != WORD_LENGTH or any(symbol.lower() not in SYMBOLS for symbol in symbols):
        return None
    return [SYMBOLS[symbol.lower()] for symbol in symbols]


def tiles(line):
    """(LETTERS, colours) for a line made only of coloured letters (as the game
    prints them, or as [R:green]), or None."""
    for pattern, colour_of in ((ESCAPE_TILE, ESCAPE_COLOURS.get), (BRACKET_TILE, str)):
        found = pattern.findall(line)
        if found and pattern.sub("", line) == "":
            if pattern is ESCAPE_TILE:
                found = [(letter, code) for code, letter in found]
            return ("".join(letter for letter, _ in found).upper(), [colour_of(code) for _, code in found])
    return None


def split_games(text):
    """Blocks of (line number, line) pairs, split at blank lines, comments dropped."""
    blocks, block = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].rstrip()
        if line.strip():
            block.append((number, line))
        elif block:
            blocks.append(block)
            block = []
    if block:
        blocks.append(block)
    return blocks


def is_transcript(block):
    """Whether a block is a game's screen rather than clue lines."""
    for _, line in block:
        bare = PROMPT.sub("", line.strip())
        if tiles(bare) or SCREEN_LINE.match(bare) or ANSWER.match(bare):
            return True
    return False


def parse_clue_lines(block, problems):
    """The clues of a block of CRANE gy--g lines."""
    clues = []
    for number, line in block:
        match = CLUE_LINE.match(line.strip())
        clue = parse_clue(match.group(2)) if match else None
        if match is None:
            problems.append("line %d: expected a guess and its clue, like 'CRANE gy--g', got %r"
                            % (number, line.strip()))
        elif len(match.group(1)) != WORD_LENGTH:
            problems.append("line %d: the guess %r is not %d letters long" % (number, match.group(1), WORD_LENGTH))
        elif clue is None:
            problems.append("line %d: the clue %r is not %d of g (green), y (yellow), - (grey)"
                            % (number, match.group(2), WORD_LENGTH))
        else:
            clues.append((match.group(1).upper(), clue))
    return clues


def parse_transcript(block, problems):
    """The clues and answer of a block holding a wordle.py screen.

    After each guess the game prints the whole history again, so the
    history lines come in runs, each the one before plus one guess.
    """
    runs, run, answer, run_start = [], [], None, None
    for number, line in block:
        bare = PROMPT.sub("", line.strip())
        found = tiles(bare)
        if found and len(found[0]) != WORD_LENGTH:
            problems.append("line %d: a history line must have %d coloured letters" % (number, WORD_LENGTH))
            continue
        if found:
            if not run:
                run_start = number
            run.append(found)
            continue
        if run:
            runs.append((run_start, run))
            run = []
        answer_match = ANSWER.match(bare)
        if answer_match:
            answer = answer_match.group(1).upper()
        elif not (SCREEN_LINE.match(bare) or LONE_WORD.match(bare) or bare == ""):
            problems.append("line %d: not a line of a wordle.py game: %r" % (number, line.strip()))
    if run:
        runs.append((run_start, run))
    clues = []
    for start, history in runs:
        if history[:len(clues)] != clues:
            problems.append("line %d: this history does not continue the one before it" % start)
        clues = history
    return clues, answer


def parse_games(text):
    """The games in text; raise InputError listing every bad line."""
    problems, games = [], []
    for block in split_games(text):
        problems_before = len(problems)
        if is_transcript(block):
            clues, answer = parse_transcript(block, problems)
        else:
            clues, answer = parse_clue_lines(block, problems), None
        if clues:
            games.append(Game(block[0][0], block[-1][0], clues, answer))
        elif len(problems) == problems_before:
            problems.append("line %d: no guesses in this game" % block[0][0])
    if problems:
        raise InputError(problems)
    if not games:
        raise InputError(["no games in the input (one 'GUESS clue' line per guess, e.g. 'CRANE gy--g')"])
    return games
