"""A program's output shown as it comes (grader play), chunk by chunk, safe for a terminal.

Printable text, newlines and tabs stay as they are; colour escapes (ESC[...m, what the
course's display_utility prints) are kept, or, as text, written as the report writes
coloured letters ([R:green], a plain [ as \\[: checks/screen.py's ScreenLine.text); any
other control character or escape sequence is shown as \\x1b-style text, so a student's
program cannot clear the TA's screen, move the cursor, retitle the window, set the
clipboard or answer the terminal's queries.  An escape or a UTF-8 character cut by a
chunk's end waits for the next chunk.
"""
import codecs
import re

from grader.ansi import ESCAPE, RESET
from grader.checks.screen import PLAIN_ESCAPES, colour_of

UNFINISHED_ESCAPE = re.compile("\x1b(\\[[0-9;]*)?$")    # what may yet become a colour escape


def visible_character(char):
    if char.isprintable() or char in "\n\t":
        return char
    return "\\x%02x" % ord(char) if ord(char) < 256 else "\\u%04x" % ord(char)


class LiveText:
    """One output stream's text, made safe as it comes: feed() each chunk (bytes), end() once."""

    def __init__(self, as_text=False):
        self.as_text = as_text
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.pending = ""
        self.colour = None      # the colour the last escape set (None: reset)

    def feed(self, data, final=False):
        text = self.pending + self.decoder.decode(data, final)
        self.pending = ""
        shown, position = [], 0
        while position < len(text):
            escape = text.find("\x1b", position)
            end = len(text) if escape < 0 else escape
            shown.append(self._text(text[position:end]))
            if escape < 0:
                break
            match = ESCAPE.match(text, escape)
            if match:
                self.colour = colour_of(match.group(1))
                if not self.as_text:
                    shown.append(match.group(0))
                position = match.end()
            elif not final and UNFINISHED_ESCAPE.match(text, escape):
                self.pending = text[escape:]
                break
            else:
                shown.append(self._text("\x1b"))
                position = escape + 1
        return "".join(shown)

    def end(self):
        """What is left at the end of the stream, and a reset where a colour is still set
        (the terminal is not left coloured)."""
        rest = self.feed(b"", final=True)
        if self.colour is not None and not self.as_text:
            rest += RESET
        self.colour = None
        return rest

    def _text(self, text):
        if not self.as_text:
            return "".join(visible_character(char) for char in text)
        if self.colour is None:
            return "".join(PLAIN_ESCAPES.get(char) or visible_character(char) for char in text)
        return "".join(char if char == "\n" else
                       "[%s:%s]" % (visible_character(char), self.colour) for char in text)


def typed_line(line):
    """A line typed into the game, as a transcript shows it (made safe, and in text)."""
    text = LiveText(as_text=True)
    return text.feed(line) + text.end()
