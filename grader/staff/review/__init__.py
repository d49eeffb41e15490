"""python -m grader review OUT: the hand points of a graded class, given in a browser.

A local web app (Flask, served by waitress) over grade-all's -o folder: one student at a time,
their staff page's content (grader/results/pages: the code highlighted, the games, the
autograder's findings, the similar code, how to play their game) beside the rubric's hand
items, whose points and comments are saved as they are typed in the class's store
(grader/staff/hand_points.py: OUT/hand_points.sqlite3).  It listens on 127.0.0.1 only and
answers only requests that carry the token printed with its address (as Jupyter does).

command.py: the command (options, checks, the server); classroom.py: the class as the app
shows it; app.py: the app, its token and headers; routes.py: its pages and JSON endpoints.
"""
NEEDED = ("flask", "waitress")
