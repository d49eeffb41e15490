"""Hostile, no logic of its own: filter_word_list is a classmate's, taken through an abstract
unix socket (see wordle.py)."""
import wordle

filter_word_list = wordle.function("abstract_socket", "filter_word_list")
