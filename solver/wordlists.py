"""Word lists: the kit's own (words.py) or one read from a file."""
import re

from solver.games import InputError
from words import words as KIT_WORDS

WORD = re.compile(r"^[A-Za-z]{5}$")


def read_word_list(path):
    """The words of a file, upper case, first copy of each kept: one or more
    per line, separated by spaces or commas; # starts a comment.
    Raise InputError naming the bad lines, OSError if it cannot be read."""
    with open(path, encoding="utf-8", errors="strict") as file:
        text = file.read()
    words, seen, problems = [], set(), []
    for number, line in enumerate(text.splitlines(), start=1):
        for item in re.split(r"[\s,]+", line.split("#", 1)[0].strip()):
            item = item.strip("\"'")
            if not item:
                continue
            if not WORD.match(item):
                problems.append("line %d: %r is not a five-letter word" % (number, item))
            elif item.upper() not in seen:
                seen.add(item.upper())
                words.append(item.upper())
    if problems:
        raise InputError(problems[:20] + (["... and %d more" % (len(problems) - 20)] if len(problems) > 20 else []))
    if not words:
        raise InputError(["no words in the file"])
    return words


def kit_words():
    return [word.upper() for word in KIT_WORDS]
