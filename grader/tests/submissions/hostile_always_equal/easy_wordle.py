"""Hostile: filter_word_list returns a list subclass whose __eq__ always says True."""


class AgreeableList(list):
    def __eq__(self, other):
        return True


def filter_word_list(words, clues):
    return AgreeableList()
