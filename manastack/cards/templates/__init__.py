"""Oracle-text templates, one module per family. Each module registers its templates with the
decorators of manastack.cards.compiler (sentence_template, paragraph_template, trigger_template)
and its effects' handlers with manastack.rules.effects.register_effect. Every template needs
scenario tests with at least two real cards that use it (tests/scenarios/cards/)."""
