"""What the solver prints: the grid as a table, and each game's analysis,
as text for people, coloured with display_utility (Analysis.as_dict is the JSON)."""
import display_utility


PAINT = {"green": display_utility.green, "gold": display_utility.yellow, "yellow": display_utility.yellow,
         "grey": display_utility.grey}
SHOWN_WORDS = 10


def plural(count, one, many):
    """'1 guess', '2 guesses'."""
    return "%d %s" % (count, one if count == 1 else many)


def possible_words(words):
    """'3 words possible: A, B, C', with at most SHOWN_WORDS of them."""
    shown = ", ".join(words[:SHOWN_WORDS]) + (", ..." if len(words) > SHOWN_WORDS else "")
    return "%s possible%s" % (plural(len(words), "word", "words"), ": " + shown if words else "")


class Printer:
    """Prints text, in colour or not."""

    def __init__(self, colour):
        self.colour = colour

    def paint(self, text, colour):
        """Print text in a kit colour (green, gold/yellow, grey), with no newline."""
        if self.colour and colour in PAINT:
            PAINT[colour](text)
        else:
            print(text, end="")

    def clues(self, clues):
        """The guesses, one per line, each letter in its clue's colour."""
        for guess, clue in clues:
            print("  ", end="")
            for letter, colour in zip(guess, clue):
                self.paint(letter, colour)
            if not self.colour:
                print("  " + "".join({"green": "g", "yellow": "y", "grey": "-"}[c] for c in clue), end="")
            print()

    def grid(self, grid, everything=False):
        """The report grid, one row per letter (untested letters only if everything)."""
        print("  Letter  Usage     Allowed  Required  Least  Most")
        for row in grid.rows.values():
            if row.usage == "untested" and not everything:
                continue
            print("  ", end="")
            self.paint(row.letter, row.usage)
            print("       %-9s %-8s %-9s %5d  %4d" % (row.usage, row.pattern(row.allowed),
                                                     row.pattern(row.required), row.least, row.most))
        untested = [row.letter for row in grid.rows.values() if row.usage == "untested"]
        if untested and not everything:
            print("  untested: %s (anywhere not taken by a green)" % "".join(untested))


def describe_choice(choice, words, strategy_name):
    """One line on a suggested guess and why."""
    text = "%s (%s): leaves %.1f words on average, %d at worst, %.2f bits" % (
        words[choice.guess], strategy_name, choice.expected_left, choice.worst_left, choice.bits)
    if choice.expected_guesses is not None:
        text += "; about %.2f guesses to finish" % choice.expected_guesses
    return text


def print_analysis(analysis, printer, everything=False):
    """Print one game's Analysis."""
    game = analysis.game
    print("Game %d (lines %d-%d):" % (analysis.number, game.first_line, game.last_line))
    printer.clues(game.clues)
    printer.grid(analysis.grid, everything)
    print("Known: %s" % analysis.grid.known())
    for problem in analysis.grid.problems:
        print("Impossible clues: %s" % problem)
    possible = analysis.possible
    print(possible_words(possible))
    if analysis.solved:
        print("Solved in %s: %s" % (plural(len(game.clues), "guess", "guesses"), analysis.solution))
    elif analysis.solution:
        print("Solution: %s" % analysis.solution)
    elif not possible:
        print("No word of the list fits these clues: check them.")
    if analysis.choice:
        print("Best next guess: " + describe_choice(analysis.choice, analysis.strategy.table.words,
                                                    analysis.strategy.name))
    if game.answer:
        print("The transcript's answer %s %s." % (game.answer, "fits the clues" if analysis.answer_fits
                                                  else "does NOT fit the clues"))
    print()
