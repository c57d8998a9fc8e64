"""Pure data, importing nothing else of manastack: mana and costs, the card vocabulary, the game
state with its objects and zones, actions and decisions."""
