"""What a terminal would show: program output as lines of (character, colour) tokens.

display_utility prints each coloured letter as an escape sequence, the
letter, then a reset. Reading those sequences turns output into lines whose
tokens carry their colour, so a transcript can be compared letter by letter,
colours included, without caring how the colours were printed (one letter
per call or several). Comparison ignores spaces (runs of spaces, missing or
trailing spaces are forgiven) but nothing else.
"""
from dataclasses import dataclass

from grader.ansi import ESCAPE, LETTER_CODES, RESET_CODES

COLOUR_CODES = {code: colour for colour, code in LETTER_CODES.items()}
PLAIN_SPACE = (" ", None)
PLAIN_ESCAPES = {"[": "\\[", "\\": "\\\\"}


@dataclass(frozen=True)
class ScreenLine:
    """One output line: (character, colour) tokens, colour None for plain text."""

    tokens: tuple

    @property
    def key(self):
        """What must match: the tokens without plain spaces."""
        return tuple(token for token in self.tokens if token != PLAIN_SPACE)

    @property
    def text(self):
        """The line for people: coloured letters as [R:green]; a plain [ or \\ is written
        \\[ or \\\\, so printed text such as "[R:green]" never looks like a coloured letter."""
        return "".join(PLAIN_ESCAPES.get(char, char) if colour is None
                       else "[%s:%s]" % (char, colour) for char, colour in self.tokens)

    @property
    def plain(self):
        """The plain text of the line, or None if any of it is coloured."""
        if any(colour is not None for _, colour in self.tokens):
            return None
        return "".join(char for char, _ in self.tokens)


def colour_of(code):
    """The colour an escape code sets: None for a reset, a name, or the raw code."""
    if code in RESET_CODES:
        return None
    return COLOUR_CODES.get(code, "ESC[%sm" % code)


def screen_lines(output):
    """The output as ScreenLines (a final newline does not start another line)."""
    lines, tokens, colour, position = [], [], None, 0
    matches = list(ESCAPE.finditer(output)) + [None]
    for match in matches:
        end = match.start() if match else len(output)
        for char in output[position:end]:
            if char == "\n":
                lines.append(ScreenLine(tuple(tokens)))
                tokens = []
            else:
                tokens.append((char, colour))
        if match:
            colour = colour_of(match.group(1))
            position = match.end()
    if tokens:
        lines.append(ScreenLine(tuple(tokens)))
    return lines
