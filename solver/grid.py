"""The report grid: for each letter, what the clues of a game say about it.

A game so far is a list of (GUESS, clue) pairs, as in wordle.py. For each
letter the grid keeps:

- usage: "green" (a clue put it in place), "gold" (it is in the word, but
  no clue put it in place), "grey" (tested and not in the word) or
  "untested";
- allowed: the positions (0-4) it may still take;
- required: the positions it must take (its greens);
- least and most: how many times it occurs in the secret. A yellow or
  green copy raises the least; a grey copy beside them caps the most
  (in SPEED against ABIDE, one E is yellow and one grey: exactly one E).

A word fits the grid exactly when filter_word_list keeps it (tests check
this over many random games). Clues no secret could give (a grey copy of a
letter left of a yellow one) make the grid impossible: nothing fits it.
"""
import string

WORD_LENGTH = 5
USAGES = ("green", "gold", "grey", "untested")


class LetterRow:
    """What the clues say about one letter."""

    def __init__(self, letter):
        self.letter = letter
        self.tested = False
        self.allowed = set(range(WORD_LENGTH))
        self.required = set()
        self.least = 0
        self.most = WORD_LENGTH

    @property
    def usage(self):
        if self.required:
            return "green"
        if self.least > 0:
            return "gold"
        if self.tested:
            return "grey"
        return "untested"

    def pattern(self, cells):
        """Positions in cells as the Forth kit shows them: the letter or '.'."""
        return "".join(self.letter if i in cells else "." for i in range(WORD_LENGTH))

    def as_dict(self):
        return {"letter": self.letter, "usage": self.usage,
                "allowed": sorted(self.allowed), "required": sorted(self.required),
                "least": self.least, "most": self.most}


class Grid:
    """The report grid of a game: one LetterRow per letter A-Z."""

    def __init__(self, clues=()):
        self.rows = {letter: LetterRow(letter) for letter in string.ascii_uppercase}
        self.problems = []   # why no secret could have given these clues
        for guess, clue in clues:
            self.add(guess.upper(), clue)
        self.tighten()

    def add(self, guess, clue):
        """Take in what one guess and its clue say about each of its letters."""
        for i in range(WORD_LENGTH):
            row = self.rows[guess[i]]
            row.tested = True
            if clue[i] == "green":
                row.required.add(i)
                for other in self.rows.values():
                    if other is not row:
                        other.allowed.discard(i)
            else:
                row.allowed.discard(i)
        for letter in set(guess):
            colours = [clue[i] for i in range(WORD_LENGTH) if guess[i] == letter]
            found = colours.count("green") + colours.count("yellow")
            row = self.rows[letter]
            row.least = max(row.least, found)
            if "grey" in colours:
                row.most = min(row.most, found)
            not_green = [colour for colour in colours if colour != "green"]
            if "grey" in not_green and "yellow" in not_green[not_green.index("grey"):]:
                self.problems.append("%s: a grey %s left of a yellow one" % (guess, letter))

    def tighten(self):
        """Add what follows from the rest: a letter occurs at most as often as it
        has places left, and as often as the other letters leave room for."""
        total_least = sum(row.least for row in self.rows.values())
        for row in self.rows.values():
            if not row.required <= row.allowed:
                places = ", ".join(str(i + 1) for i in sorted(row.required - row.allowed))
                self.problems.append("%s: both in and not in place %s" % (row.letter, places))
                continue
            row.most = min(row.most, len(row.allowed), WORD_LENGTH - (total_least - row.least))
            if row.least > row.most:
                self.problems.append("%s: at least %d but at most %d" % (row.letter, row.least, row.most))
            elif row.most == len(row.required):
                row.allowed = set(row.required)

    def fits(self, word):
        """Return True if word could be the secret, by the grid alone."""
        if self.problems:
            return False
        word = word.upper()
        for row in self.rows.values():
            places = {i for i in range(WORD_LENGTH) if word[i] == row.letter}
            if not (row.required <= places <= row.allowed and row.least <= len(places) <= row.most):
                return False
        return True

    def known(self):
        """The secret as far as the greens show it, '_' where unknown."""
        known = ["_"] * WORD_LENGTH
        for row in self.rows.values():
            for i in row.required:
                known[i] = row.letter
        return "".join(known)

    def as_dict(self):
        return {"known": self.known(), "possible": not self.problems, "problems": list(self.problems),
                "letters": [row.as_dict() for row in self.rows.values()]}
