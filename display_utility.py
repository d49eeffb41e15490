"""Coloured letters for the Wordle project, using ANSI escape sequences.

Each function prints its text on a coloured background, with no newline
after it, and returns None. Call one per letter, then print() to end the line:

    >>> green("R"); yellow("A"); grey("D"); print()    # doctest: +SKIP

An escape sequence is a few invisible characters that tell the terminal to
change colour: "\\033[42;1m" means green background (and bold), "\\033[43m"
yellow background, "\\033[47m" white/grey background, and "\\033[0m" back to
normal.

Windows consoles understand these sequences once colorama has switched them
on (when colorama is installed); without it the plain sequences are printed.
"""
import sys

if sys.platform == "win32":
    try:
        import colorama
        colorama.just_fix_windows_console()
    except (ImportError, AttributeError):
        pass


def green(letter):
    """Print letter on a green background, with no newline.

    >>> green("A")
    \033[42;1mA\033[0m
    """
    print("\033[42;1m" + letter + "\033[0m", end="")


def yellow(letter):
    """Print letter on a yellow background, with no newline.

    >>> yellow("A")
    \033[43mA\033[0m
    """
    print("\033[43m" + letter + "\033[0m", end="")


def grey(letter):
    """Print letter on a grey background, with no newline.

    >>> grey("A")
    \033[47mA\033[0m
    """
    print("\033[47m" + letter + "\033[0m", end="")


if __name__ == "__main__":
    print("A clue for the guess DRUID when the secret is LERED:")
    grey("D")
    yellow("R")
    grey("U")
    grey("I")
    green("D")
    print()
    print("Green: the letter is in that spot. Yellow: elsewhere in the word.")
    print("Grey: not in the word (or no more copies of it).")
