"""The original WORDLE and 2048 run in the interpreter, their screens against the kit's rules.

    python -m atari compare wordle     WORDLE.LST's tiles against wordle.check_word
    python -m atari compare 2048       B2048.LST's moves and new tiles against atari/rules2048.py
    python -m atari.compare            the same as `python -m atari compare wordle`
"""
