"""One game's analysis: its grid, the words still possible (by the kit's own
filter_word_list), the solution once certain, and the best next guess."""
from easy_wordle import filter_word_list
from wordle import WORD_LENGTH, check_word
from solver.grid import Grid


class Analysis:
    """What a game's clues say, and what to guess next."""

    def __init__(self, number, game, secrets, strategy):
        self.number = number
        self.game = game
        self.grid = Grid(game.clues)
        self.possible = [word.upper() for word in filter_word_list(secrets, game.clues)]
        self.solved = game.clues[-1][1] == ["green"] * WORD_LENGTH
        if self.solved:
            self.solution = game.clues[-1][0]
        elif len(self.possible) == 1:
            self.solution = self.possible[0]
        else:
            self.solution = None
        self.strategy = strategy
        self.choice = None
        if not self.solved and len(self.possible) > 1:
            index = strategy.table.index
            self.choice = strategy.choose(sorted(index[word] for word in self.possible), len(game.clues))

    @property
    def next_guess(self):
        return self.strategy.table.words[self.choice.guess] if self.choice else None

    @property
    def answer_fits(self):
        """Whether the transcript's Answer: would have given every clue (None without one)."""
        if self.game.answer is None:
            return None
        return all(check_word(self.game.answer, guess) == clue for guess, clue in self.game.clues)

    def as_dict(self):
        choice = None
        if self.choice:
            choice = dict(self.choice.as_dict(), guess=self.next_guess, strategy=self.strategy.name)
        return {"game": self.number, "lines": [self.game.first_line, self.game.last_line],
                "clues": [{"guess": guess, "clue": clue} for guess, clue in self.game.clues],
                "grid": self.grid.as_dict(), "count": len(self.possible), "possible": self.possible,
                "solved": self.solved, "solution": self.solution, "next": choice,
                "answer": self.game.answer, "answer_fits": self.answer_fits}
