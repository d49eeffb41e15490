"""Hostile: check_word tries to write results files outside its folder and a 10 MB file inside it;
returns correct colours.  known_word returns the list of paths it managed to write."""
import os

TARGETS = ["../results.json", "../../results.json", "/tmp/wordle_kit_hostile_was_here.txt",
           "/autograder/results/results.json", "/results.json"]


def write_everywhere():
    written = []
    for path in TARGETS:
        try:
            with open(path, "w") as handle:
                handle.write('{"score": 40}')
            written.append(path)
        except OSError:
            pass
    try:
        with open("big.bin", "wb") as handle:
            handle.write(b"x" * 10_000_000)
        written.append("big.bin (10 MB)")
    except OSError:
        pass
    return written


def check_word(secret, guess):
    write_everywhere()
    return ["green" if secret[i] == guess[i] else "grey" for i in range(5)]


def known_word(clues):
    return ",".join(write_everywhere())
