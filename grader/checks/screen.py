"""What a terminal would show: program output as lines of (character, colour) tokens.

display_utility prints each coloured letter as an escape sequence, the
letter, then a reset. Reading those sequences turns output into lines whose
tokens carry their colour, so a transcript can be compared letter by letter,
colours included, without caring how the colours were printed (one letter
per call or several). Comparison ignores spacing as a terminal shows it (spaces of any
kind and tabs, coloured or not: runs of them, missing or extra ones, and a carriage return
at a line's end, as print(..., end="\r\n") leaves it) but nothing else: every other
character, its colour and its place among the others must match.
"""
from dataclasses import dataclass
from functools import cached_property, lru_cache

from grader.ansi import ESCAPE, LETTER_CODES, RESET_CODES

COLOUR_CODES = {code: colour for colour, code in LETTER_CODES.items()}
# Spacing in any colour (on a coloured background: a wider tile): a tab and each space
# separator of Unicode (category Zs: the space, the no-break spaces a PDF's text gives when
# copied, the typographic and ideographic spaces), all shown as blank space.
SPACING = frozenset("\t \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
                    "\u2009\u200a\u202f\u205f\u3000")
PLAIN_ESCAPES = {"[": "\\[", "\\": "\\\\"}


@dataclass(frozen=True)
class ScreenLine:
    """One output line: (character, colour) tokens, colour None for plain text."""

    tokens: tuple

    @cached_property
    def key(self):
        """What must match: the tokens without spacing (spaces and tabs of any colour, a
        carriage return ending the line)."""
        tokens = self.tokens[:-1] if self.tokens[-1:] and self.tokens[-1][0] == "\r" else self.tokens
        return tuple(token for token in tokens if token[0] not in SPACING)

    @cached_property
    def text(self):
        """The line for people: coloured letters as [R:green], with the spacing of their colour
        beside them inside the brackets ([ R :green], a wider tile); a plain [ or \\ is written
        \\[ or \\\\, so printed text such as "[R:green]" never looks like a coloured letter."""
        parts, start = [], 0
        while start < len(self.tokens):
            colour = self.tokens[start][1]
            end = start + 1
            while end < len(self.tokens) and self.tokens[end][1] == colour:
                end += 1
            chars = "".join(char for char, _ in self.tokens[start:end])
            if colour is None:
                parts.extend(PLAIN_ESCAPES.get(char, char) for char in chars)
            else:
                parts.extend("[%s:%s]" % (piece, colour) for piece in letter_pieces(chars))
            start = end
        return "".join(parts)

    @cached_property
    def plain(self):
        """The plain text of the line, or None if any of it but spacing is coloured."""
        if any(colour is not None for _, colour in self.key):
            return None
        return "".join(char for char, _ in self.tokens)


def letter_pieces(chars):
    """chars (of one colour) cut into pieces of one letter each: the spacing before the first
    letter and after the last goes with it, the spacing between two letters is shared
    (" R  A " -> " R ", " A "). Spacing alone is one piece."""
    letters = [index for index, char in enumerate(chars) if char not in SPACING]
    if not letters:
        return [chars]
    cuts = [0] + [(left + 1 + right + 1) // 2 for left, right in zip(letters, letters[1:])] + [
        len(chars)]
    return [chars[begin:end] for begin, end in zip(cuts, cuts[1:])]


def colour_of(code):
    """The colour an escape code sets: None for a reset, a name, or the raw code."""
    if code in RESET_CODES:
        return None
    return COLOUR_CODES.get(code, "ESC[%sm" % code)


@lru_cache(maxsize=16)     # a run's screen is read by several checks
def screen_lines(output):
    """The output as a tuple of ScreenLines (a final newline does not start another line)."""
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
    return tuple(lines)
