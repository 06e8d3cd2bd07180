"""How a deal draws itself: the blocks of :mod:`altbaumer.game.display` for
:meth:`Deal.display_blocks <altbaumer.game.deal.Deal.display_blocks>`, which
a notebook (``_repr_html_``) and a terminal (``__rich__``) show.

>>> from altbaumer.game.deal import Deal
>>> [label for label, _ in deal_blocks(Deal.from_seed(7))[0].facts]
['makers', 'stock', 'turned', 'to act']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from altbaumer.game.actions import Phase
from altbaumer.game.display import Block, Cards, Compass, Line, Para, seat_roles
from altbaumer.game.seats import Team

if TYPE_CHECKING:
    from altbaumer.game.deal import Deal

__all__ = ["deal_blocks"]


def deal_blocks(deal: "Deal") -> list[Block]:
    """The deal's blocks (:meth:`Deal.display_blocks <altbaumer.game.deal.Deal.display_blocks>` says what they show)."""
    if deal.phase is Phase.CUT:
        return [Para(("The cut shows ", Cards(deal.cut_offer), f"; {deal.cutter} (cutter) decides.",)),
                Para((f"dealer {deal.dealer}, forehand {deal.forehand}",), "dim")]
    facts: list[tuple[str, Line]] = [("makers", (f"{deal.makers} (forehand {deal.forehand})",)),
                                      ("stock", (Cards(deal.stock),))]
    if deal.cut_trees:
        facts.append(("cut", (Cards(tuple(deal.cut_trees)), f" taken by {deal.cutter}")))
    if deal.turned_card is not None:
        facts.append(("turned", (deal.turned_card,)))
    if deal.trump is not None:
        how = "accepted" if deal.accepted else "compulsory" if deal.compulsory else "after refusal"
        facts.append(("trump", (deal.trump, f" {deal.trump.name.lower()} ({how})")))
    for label, cards in (("taken", deal.taken), ("exposed", deal.exposed), ("discard", deal.discards)):
        if cards and deal.phase is not Phase.TRUMP:
            facts.append((label, (Cards(tuple(cards)),)))
    if deal.tricks:
        facts.append(("tricks", (f"N-S {deal.tricks_won[Team.NS]} · E-W {deal.tricks_won[Team.EW]}",)))
    if deal.trick_cards:
        facts.append(("trick", (f"{deal.trick_leader} led ", Cards(tuple(deal.trick_cards)))))
    if deal.to_act is not None:
        facts.append(("to act", (f"{deal.to_act} ({deal.phase.value})",)))
    else:
        facts.append(("result", (f"the makers took {deal.makers_tricks}",)))
    blocks: list[Block] = [Compass(deal.hands, facts, seat_roles(deal.dealer, deal.lone), out=deal.absent)]
    blocks += [Para((f"{n}. {t.leader} leads: ", Cards(t.cards), f" → {t.winner}")) for n, t in
               enumerate(deal.tricks, 1)]
    return blocks
