# correct but for importing sys (information only): sys.stdout/sys.stdin instead of print/input, runs of one colour
# coloured in one call, the secret by randint, exit() when the game is over
import sys
import random
from display_utility import *
from words import words as WORDS


def check_word(secret, guess):
    result = ["grey"] * 5
    counts = {}
    for s, g in zip(secret, guess):
        if s != g:
            counts[s] = counts.get(s, 0) + 1
    for i, (s, g) in enumerate(zip(secret, guess)):
        if s == g:
            result[i] = "green"
        elif counts.get(g, 0) > 0:
            result[i] = "yellow"
            counts[g] -= 1
    return result


def known_word(clues):
    k = list("_____")
    for g, c in clues:
        for i in range(5):
            if c[i] == "green":
                k[i] = g[i]
    return "".join(k)


def yes_letters(clues):
    s = set()
    for g, c in clues:
        for i in range(5):
            if c[i] != "grey":
                s.add(g[i])
    return "".join(sorted(s))


def no_letters(clues):
    yes = yes_letters(clues)
    s = set()
    for g, c in clues:
        for i in range(5):
            if c[i] == "grey" and g[i] not in yes:
                s.add(g[i])
    return "".join(sorted(s))


def show(guess, clue):
    # colour runs of the same colour in one call
    i = 0
    while i < 5:
        j = i
        while j < 5 and clue[j] == clue[i]:
            j += 1
        {"green": green, "yellow": yellow, "grey": grey}[clue[i]](guess[i:j])
        i = j
    sys.stdout.write("\n")


def main():
    secret = WORDS[random.randint(0, len(WORDS) - 1)].upper()
    clues = []
    while True:
        sys.stdout.write("Known: " + known_word(clues) + "\n")
        print("Green/Yellow Letters:", yes_letters(clues))
        print("Grey Letters:", no_letters(clues))
        while True:
            print("> ", end="")
            sys.stdout.flush()
            guess = sys.stdin.readline().rstrip("\n")
            if len(guess) != 5:
                print("Word must be 5 letters long")
            elif guess.lower() not in WORDS:
                print("Invalid word")
            else:
                break
        guess = guess.upper()
        clues.append((guess, check_word(secret, guess)))
        for g, c in clues:
            show(g, c)
        if guess == secret or len(clues) == 6:
            break
    print("Answer:", secret)
    exit()


if __name__ == '__main__':
    main()
