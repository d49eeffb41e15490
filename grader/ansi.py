"""ANSI terminal colours, in one place: the letter colours the course's
display_utility prints (which the screen reader recognises and the report
paints), and the colours of the report itself."""
import re

ESCAPE = re.compile("\x1b\\[([0-9;]*)m")  # one colour escape; its code is group 1
RESET_CODES = ("0", "")
LETTER_CODES = {"green": "42;1", "yellow": "43", "grey": "47"}  # display_utility's backgrounds


def escape(code):
    return "\033[%sm" % code


GREEN, RED, CYAN, BOLD, RESET = escape("32"), escape("31"), escape("36"), escape("1"), escape("0")
LETTER_BACKGROUNDS = {colour: escape(code) for colour, code in LETTER_CODES.items()}
