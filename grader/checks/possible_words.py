"""The words that could be the secret after a clue: exactly what the reference's
filter_word_list returns for one clue, found fast.

Every easy game the grader checks starts by filtering the whole word list (14,855
words) with its first clue, and the win script weighs dozens of guesses: the
reference does each with one check_word call per word. Here a superset is found
first with set operations over an index of the word list, then the reference's own
filter_word_list keeps the words of that superset that really give the clue, in
their given order. Each rule of the superset follows from check_word (greens
first, then yellows while the secret has unused copies), so no word the reference
keeps is left out:

- a green letter is in its place, and no other letter of the guess is in its place;
- a letter that is green or yellow somewhere is in the word;
- a letter that is grey wherever it is in the guess is not in the word.
"""
import functools

from grader import reference

LENGTH = 5
COLOURS = frozenset(("green", "yellow", "grey"))


@functools.lru_cache(maxsize=1)
def index():
    """(all words, [{letter: words with it at position i}], {letter: words with it}) of the
    reference's word list, or None when a word is not 5 lower-case ASCII letters."""
    words = reference.load().words
    if not all(len(word) == LENGTH and word.isascii() and word.isalpha() and word.islower()
               for word in words):
        return None
    at = [{} for _ in range(LENGTH)]
    has = {}
    for word in words:
        for place, letter in enumerate(word):
            at[place].setdefault(letter, set()).add(word)
            has.setdefault(letter, set()).add(word)
    freeze = lambda table: {letter: frozenset(found) for letter, found in table.items()}
    return frozenset(words), [freeze(table) for table in at], freeze(has)


def candidates(guess, clue, within):
    """The words of within (a set) that pass the rules above, and any not in the word list."""
    all_words, at, has = index()
    letters = guess.lower()
    found = [letters[place] for place in range(LENGTH) if clue[place] != "grey"]
    inside = [at[place].get(letters[place], frozenset())
              for place in range(LENGTH) if clue[place] == "green"]
    inside += [has.get(letter, frozenset()) for letter in set(found)]
    outside = [at[place].get(letters[place], frozenset())
               for place in range(LENGTH) if clue[place] != "green"]
    outside += [has.get(letter, frozenset()) for letter in set(letters) - set(found)]
    kept = within & all_words
    for words in sorted(inside, key=len):
        kept = kept & words
    for words in outside:
        kept = kept - words
    return kept | (within - all_words)


def possible_words(guess, clue, words=None):
    """filter_word_list(words, [(guess, clue)]) of the reference, words being the word list
    or a part of it in its order (the whole list when None)."""
    filter_word_list = reference.load().easy_wordle.filter_word_list
    listed = reference.load().words if words is None else words
    clue = list(clue)
    if (index() is None or len(guess) != LENGTH or not guess.isascii() or not guess.isalpha()
            or not guess.isupper() or len(clue) != LENGTH
            or not all(type(colour) is str and colour in COLOURS for colour in clue)):
        return filter_word_list(listed, [(guess, clue)])
    kept = candidates(guess, clue, index()[0] if words is None else frozenset(words))
    return filter_word_list([word for word in listed if word in kept], [(guess, clue)])
