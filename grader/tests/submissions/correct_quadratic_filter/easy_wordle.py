"""
CSCI 1913 Project 1: Wordle (easy mode)
(a correct submission written by a helper from the spec alone: its filter_word_list remembers
the words it checked in two lists, `if word in checked_words`, so every call takes about 1 s
on the whole list whatever the clues, even with none, where the reference takes 1 ms; it must
keep full marks)

Like normal wordle but after every guess it tells you how many words are
still possible and shows a few of them.
"""
import random
import words
import wordle


def remove_repeat_clues(clues):
    """If the same guess was made twice we only need to check it once."""
    unique = []
    for item in clues:
        if item not in unique:
            unique.append(item)
    return unique


def fits_clues(word, clues):
    """True if word (uppercase) would give exactly these clues if it was the secret."""
    for guess, clue in clues:
        if wordle.check_word(word, guess) != clue:
            return False
    return True


def filter_word_list(words, clues):
    """
    Returns a new list of the words (from the given list) that could still
    be the secret word, in the same order. Does not change words or clues.
    """
    clues_to_check = remove_repeat_clues(clues)
    # remember every word we already checked and whether it fit, so a word
    # that shows up again does not need to be checked again
    checked_words = []
    checked_answers = []
    possible = []
    for word in words:
        if word in checked_words:
            fits = checked_answers[checked_words.index(word)]
        else:
            fits = fits_clues(word.upper(), clues_to_check)
            checked_words.append(word)
            checked_answers.append(fits)
        if fits:
            possible.append(word)
    return possible


def pick_random(word_list, how_many):
    """Pick how_many different words at random (or all of them if there are not enough)."""
    if len(word_list) <= how_many:
        return word_list[:]
    picked_spots = []
    while len(picked_spots) < how_many:
        spot = random.randint(0, len(word_list) - 1)
        if spot not in picked_spots:
            picked_spots.append(spot)
    picked = []
    for spot in picked_spots:
        picked.append(word_list[spot])
    return picked


if __name__ == "__main__":
    word_list = words.words
    secret = word_list[random.randint(0, len(word_list) - 1)].upper()
    clues = []
    for turn in range(6):
        guess = wordle.get_guess(word_list)
        clues.append((guess, wordle.check_word(secret, guess)))
        wordle.print_board(clues)
        possible = filter_word_list(word_list, clues)
        print(str(len(possible)) + " words possible:")
        for word in pick_random(possible, 5):
            print(word)
        if guess == secret:
            break
    print("Answer: " + secret)
