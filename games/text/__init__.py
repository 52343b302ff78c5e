"""The words: the engine's codes (cards, house rules, moves and their outcomes, refusals) in
plain, translatable sentences. Depends on the engine alone (and Django's translation and
HTML escaping), so any page, frame or API answer says a thing the same way.
"""
