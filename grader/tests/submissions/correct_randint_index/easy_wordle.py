import random
from words import words
from wordle import check_word, show_board, prompt_guess


def filter_word_list(words, clues):
    """New list of the words that, as the secret, give exactly these clues."""
    kept = []
    for candidate in words:
        cand = candidate.upper()
        ok = True
        for attempt, clue in clues:
            if check_word(cand, attempt) != clue:
                ok = False
                break
        if ok:
            kept.append(candidate)
    return kept


if __name__ == "__main__":
    target = words[random.randint(0, len(words) - 1)].upper()
    clues = []
    solved = False
    while not solved and len(clues) < 6:
        attempt = prompt_guess()
        clues.append((attempt, check_word(target, attempt)))
        show_board(clues)
        options = filter_word_list(words, clues)
        print(str(len(options)) + " words possible:")
        mixed = options[:]
        random.shuffle(mixed)
        for word in mixed[:5]:
            print(word)
        solved = attempt == target
    print("Answer: " + target)
