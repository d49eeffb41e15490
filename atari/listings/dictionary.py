"""WORDLE's packed dictionary: 46 five-letter words chained by a shared letter, two letters a byte.

Consecutive words share a letter (NINJA, ABACK, KEBAB ...), so the chain NINJABACKEBAB...
holds word i at letters 4i..4i+4. Every letter is one of A..P, a nibble; each byte of Q$
is (first - 'A') * 16 + (second - 'A'). The program reads word i from bytes 2i+1..2i+3.
"""

import re

from atari.listings import listing_lines

FIRST_LETTER = ord("A")
LETTERS_PER_NIBBLE = 16
WORD_LENGTH = 5
FIRST_GAME_DICTIONARY_SIZE = 34  # N=34 on line 1; line 8 sets N=46 when a game ends
FULL_DICTIONARY_SIZE = 46

# A string assignment as the listings write it: Q$="... or Q$(71)="..." (closing quote optional).
_Q_ASSIGNMENT = re.compile(rb'Q\$(?:\((\d+)\))?="([^"]*)')


class DictionaryError(ValueError):
    """The word list cannot be packed the way WORDLE stores it."""


def chain_letters(words: list[str]) -> str:
    """The overlapped letter chain of WORDS, padded with 'A' to an even length."""
    for index, word in enumerate(words):
        if len(word) != WORD_LENGTH or any(not FIRST_LETTER <= ord(c) < FIRST_LETTER + LETTERS_PER_NIBBLE for c in word):
            raise DictionaryError(f"word {index + 1} {word!r}: need five letters from A..P")
        if index and word[0] != words[index - 1][-1]:
            raise DictionaryError(f"word {index + 1} {word!r} does not start with the last letter of {words[index - 1]!r}")
    chain = words[0] + "".join(word[1:] for word in words[1:]) if words else ""
    return chain + "A" * (len(chain) % 2)


def pack(words: list[str]) -> bytes:
    """Q$'s bytes for WORDS: each pair of chain letters as one byte."""
    chain = chain_letters(words)
    return bytes((ord(chain[i]) - FIRST_LETTER) * LETTERS_PER_NIBBLE + ord(chain[i + 1]) - FIRST_LETTER
                 for i in range(0, len(chain), 2))


def unpack_word(packed: bytes, index: int) -> str:
    """Word INDEX (from 0) of a packed dictionary, decoded the way lines 3 and 4 of WORDLE do it."""
    letters = ""
    for byte in packed[2 * index:2 * index + 3]:
        high = byte // LETTERS_PER_NIBBLE
        letters += chr(high + FIRST_LETTER) + chr(byte - high * LETTERS_PER_NIBBLE + FIRST_LETTER)
    return letters[:WORD_LENGTH]


def unpack(packed: bytes, count: int) -> list[str]:
    """The first COUNT words of a packed dictionary."""
    return [unpack_word(packed, index) for index in range(count)]


def q_string_from_listing(lines: list[bytes]) -> bytes:
    """Q$ after every assignment to it in the listing has run, in listing order.

    Follows Atari BASIC: Q$(n)="..." writes from position n and extends the string.
    """
    value = b""
    for line in lines:
        for match in _Q_ASSIGNMENT.finditer(line):
            start = int(match.group(1) or 1) - 1
            value = value[:start] + match.group(2)
    return value


def wordle_words() -> list[str]:
    """The 46 words of WORDLE.LST, in dictionary order, decoded from the listing itself."""
    return unpack(q_string_from_listing(listing_lines("WORDLE")), FULL_DICTIONARY_SIZE)
