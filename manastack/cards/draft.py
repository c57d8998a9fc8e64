"""The card being compiled: CardDraft, what compiler.compile_card and the Oracle-text templates
(cards/templates/) fill paragraph by paragraph before the CardDef is built (CR 113: a card's abilities;
702: keywords; 702.16 protection; 303.4a an Aura's enchant ability; 604.3 characteristic-defining
abilities; 608.2 the effects of an instant or sorcery spell)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.vocab import Ability, Effect, ObjectFilter, TargetSpec


@dataclass(eq=False)
class CardDraft:
    """What is compiled so far of one card's text (compiler.compile_card), or of an ability written in
    quotes inside another ("Lands you control have "{T}: Add {B}."": CardDraft.quoted), which the
    template compiling it reads back."""

    keywords: set[str] = field(default_factory=set)
    """The keywords without parameters met so far (702: "flying", "deathtouch"); CardDef.keywords."""

    abilities: list[Ability] = field(default_factory=list)
    """The abilities compiled so far, in printed order (113.1); templates may rewrite them (the card
    finishers: backup, overload). CardDef.abilities."""

    protection: list[str] = field(default_factory=list)
    """The qualities of the card's "protection from ..." keywords (702.16a: "red", "multicolored"), in
    printed order; CardDef.protection."""

    spell_effects: list[Effect] = field(default_factory=list)
    """An instant's or sorcery's effects (608.2), from the paragraphs no other template claimed;
    CardDef.spell."""

    spell_targets: list[TargetSpec] = field(default_factory=list)
    """The targets the spell's effects ask for (115.1, 601.2c), in the order they are chosen; the
    effects refer to them by index (vocab.Ref)."""

    spell_text: bool = True
    """Whether this draft may take spell effects: a card's own text, and the text of a token or copy an
    effect grants; False for an ability in quotes granted by a static ability, which has no spell text
    and no text printed below it (702.165a backup refuses it)."""

    text: str = ""
    """The card's normalised Oracle text (compiler.normalise), for the finishers that re-read it
    (702.96a overload); empty in a quoted ability's draft."""

    enchant: ObjectFilter | None = None
    """303.4a: what an Aura's enchant ability lets it enchant; None without one (an Aura without it is
    unsupported)."""

    cda: set[str] = field(default_factory=set)
    """604.3 / 208.2a: the characteristics ("power", "toughness") a characteristic-defining ability of
    the card defines, so a star printed there is supported."""

    x_color: str = ""
    """107.3, 601.2h: "Spend only black mana on X" on a spell: the mana type letter the X of its mana cost must
    be paid with (compiler._compile_face puts it on the mana cost); "" without one."""

    @classmethod
    def quoted(cls, spell_text: bool = False) -> CardDraft:
        """The draft of an ability written in quotes inside another paragraph; `spell_text`: it may take
        spell effects (a token's or a copy's granted text, read back and refused by the template)."""
        return cls(spell_text=spell_text)
