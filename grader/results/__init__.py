"""How a submission is scored and shown: outcomes, the rubric, scoring, the text
report, Gradescope's results.json and the class CSV. Nothing here runs code.
"""
