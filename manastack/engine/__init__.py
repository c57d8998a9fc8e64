"""The Game facade (new_game, pending, legal_actions, apply, clone, log), the decision loop and the
validation of actions."""
