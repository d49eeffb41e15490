import random
import display_utility as du
from words import words


def check_word(secret, guess):
    """Wordle clue for guess vs secret: greens first, then yellows left-to-right."""
    clue = ["grey"] * 5
    taken = [False] * 5          # which secret letters already gave a clue
    for k in range(5):
        if guess[k] == secret[k]:
            clue[k] = "green"
            taken[k] = True
    for k in range(5):
        if clue[k] == "green":
            continue
        for m in range(5):
            if not taken[m] and secret[m] == guess[k]:
                clue[k] = "yellow"
                taken[m] = True
                break
    return clue


def known_word(clues):
    """Green letters in place, underscores elsewhere."""
    pattern = ["_"] * 5
    for attempt, clue in clues:
        for k in range(5):
            if clue[k] == "green":
                pattern[k] = attempt[k]
    return "".join(pattern)


def letters_with(clues, wanted):
    """Set of letters that got a clue colour in wanted, in any guess."""
    found = set()
    for attempt, clue in clues:
        for k in range(5):
            if clue[k] in wanted:
                found.add(attempt[k])
    return found


def no_letters(clues):
    """Letters only ever marked grey (each occurrence grey)."""
    only_grey = letters_with(clues, ["grey"]) - letters_with(clues, ["green", "yellow"])
    return "".join(sorted(only_grey))


def yes_letters(clues):
    """Letters marked green or yellow at least once."""
    return "".join(sorted(letters_with(clues, ["green", "yellow"])))


def show_board(clues):
    """Print every guess so far in colour, one per line."""
    for attempt, clue in clues:
        for k in range(5):
            if clue[k] == "green":
                du.green(attempt[k])
            elif clue[k] == "yellow":
                du.yellow(attempt[k])
            else:
                du.grey(attempt[k])
        print()


def prompt_guess():
    """Ask with '> ' until a real 5 letter word is entered; return it capitalized."""
    attempt = input("> ")
    while len(attempt) != 5 or attempt not in words:
        if len(attempt) != 5:
            print("Word must be 5 letters long")
        else:
            print("Invalid word")
        attempt = input("> ")
    return attempt.upper()


if __name__ == "__main__":
    target = words[random.randint(0, len(words) - 1)].upper()
    clues = []
    solved = False
    while not solved and len(clues) < 6:
        print("Known:  " + known_word(clues))
        print("Green/Yellow Letters: " + yes_letters(clues))
        print("Grey Letters: " + no_letters(clues))
        attempt = prompt_guess()
        clues.append((attempt, check_word(target, attempt)))
        show_board(clues)
        solved = attempt == target
    print("Answer: " + target)
