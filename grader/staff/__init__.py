"""The staff's commands: the command line (cli.py, command.py), a class's batch (batch.py,
class_folder.py) and a student's game played by hand (play.py, live_text.py). They call
the grading core (grader.grading) and show its results; none of them runs student code
itself."""
