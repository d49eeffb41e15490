"""python -m solver play: suggestions while you play a game elsewhere."""
import numpy as np

from easy_wordle import filter_word_list
from solver.games import CLUE_LINE, WORD_LENGTH, parse_clue
from solver.grid import Grid
from solver.report import describe_choice, plural, possible_words

HELP = """Type the clue your game gave, one symbol a letter: g green, y yellow, - grey
(e.g. 'gy--g') when you played the suggestion, or 'WORD clue' when you played
another word. 'undo' takes back the last guess, 'new' starts a new game,
'grid' shows every letter, Ctrl-D or Ctrl-C quits."""


class LiveGame:
    """The clues so far and the words they leave."""

    def __init__(self, strategy, answers):
        self.strategy = strategy
        self.answers = answers
        self.clues = []

    def candidates(self):
        """Word numbers of the answers that fit every clue so far: the strategy's
        own if it knows them (a tree's node), else by filter_word_list."""
        known = self.strategy.secrets_after(self.clues)
        if known is not None:
            return known
        index = self.strategy.table.index
        return np.array(sorted(index[word] for word in filter_word_list(self.answers, self.clues)), dtype=np.int64)

    def suggestion(self, candidates):
        return self.strategy.choose(candidates, len(self.clues))


def read_move(line, suggested):
    """(GUESS, clue) from a typed line, or a message saying what is wrong."""
    if parse_clue(line):
        if suggested is None:
            return "there is no suggestion to play: type 'WORD clue'"
        return suggested, parse_clue(line)
    match = CLUE_LINE.match(line.strip())
    if not match:
        return "type a clue like 'gy--g', or 'WORD clue' ('help' explains)"
    if len(match.group(1)) != WORD_LENGTH:
        return "%r is not a %d-letter word" % (match.group(1), WORD_LENGTH)
    clue = parse_clue(match.group(2))
    if clue is None:
        return "%r is not a clue: %d of g, y and -" % (match.group(2), WORD_LENGTH)
    return match.group(1).upper(), clue


def show_state(game, printer, everything=False):
    """Print the grid, the words left and the next suggestion; return the suggested word."""
    candidates = game.candidates()
    words = game.strategy.table.words
    if game.clues:
        printer.clues(game.clues)
        printer.grid(Grid(game.clues), everything)
    left = [words[i] for i in candidates]
    if game.clues and game.clues[-1][1] == ["green"] * WORD_LENGTH:
        print("Solved in %s. A new game:" % plural(len(game.clues), "guess", "guesses"))
        game.clues = []
        return show_state(game, printer)
    print(possible_words(left))
    if not left:
        print("No word fits these clues: 'undo' the last one?")
        return None
    if len(left) == 1:
        print("Solution: %s" % left[0])
        return left[0]
    choice = game.suggestion(candidates)
    print("Suggested: " + describe_choice(choice, words, game.strategy.name))
    return words[choice.guess]


def play(strategy, answers, printer, read=input):
    """The interactive loop; returns the exit status (0, also on Ctrl-D/Ctrl-C)."""
    game = LiveGame(strategy, answers)
    print(HELP)
    suggested = show_state(game, printer)
    while True:
        try:
            line = read("clue> ").strip()
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        command = line.lower()
        if not line:
            continue
        if command in ("help", "?"):
            print(HELP)
            continue
        if command in ("quit", "exit"):
            return 0
        if command in ("undo", "new", "grid"):
            if command == "undo" and game.clues:
                game.clues.pop()
            elif command == "new":
                game.clues = []
            suggested = show_state(game, printer, everything=command == "grid")
            continue
        move = read_move(line, suggested)
        if isinstance(move, str):
            print(move)
            continue
        game.clues.append(move)
        suggested = show_state(game, printer)
