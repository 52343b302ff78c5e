"""The pages' reads: the lobby's and the table's view models, the hand's selection, the rules
document and the forms. Views, consumers and the API render what these return; they read
the models and games.play, and say things with games.text.
"""
