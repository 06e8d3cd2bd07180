"""The raters: one per kind of decision (accept or refuse, the discard, lone
play, a card), each solving its options' lines world chunk by world chunk
through the batch solver and folding them into outcome codes per world
and option (the makers' final tricks, flagged when one of them played alone) (docs/rating.md). :func:`altbaumer.hidden.rating.rate_view`
drives them. Before the play the lines are solved by score class unless
exact tricks are asked for (:meth:`Rater.solve_lines`); a card's lines are
always exact. Where forehand decides and may pass, the partner's lone choice
that follows is made from the partner's own information
(:mod:`altbaumer.hidden.partner`), decided as each chunk is solved.

>>> sorted(RATERS)
['alone', 'discard', 'play', 'turn']
"""

from __future__ import annotations

from typing import Any, Iterator, NamedTuple, Optional

import numpy as np

from altbaumer.game.actions import Action, DeclareAlone, Discard
from altbaumer.game.cards import CardSet
from altbaumer.game.scoring import LONE_FLAG
from altbaumer.hidden.objectives import Objective
from altbaumer.hidden.making import discard_options, fold_lines, line_rows, solve_lines, turn_outcomes
from altbaumer.dd.rows import NO_LONE, encode_rows
from altbaumer.dd.solver import Solver
from altbaumer.game.seats import Team
from altbaumer.game.view import SeatView
from altbaumer.hidden.lines import (PRUNE_MIN, forehand_line, forehand_plan, lone_plans, lone_stage, objective_values,
                                    partner_decides, prune_lines, trails_clearly)
from altbaumer.hidden.partner import PartnerChoices
from altbaumer.hidden.worlds import Worlds

__all__ = ["Rater", "RATERS", "discard_size", "Plan", "PlanKey", "plan_key", "view_plan_key"]

PlanKey = tuple[object, ...]


class Plan(NamedTuple):
    """Forehand's choice inside an option over the rating's worlds of one of
    its views: the action, the worlds it was chosen over, and whether it is
    clear (:func:`~altbaumer.hidden.lines.clearly_best`)."""

    action: Action
    worlds: int
    clear: bool


def plan_key(accepted: bool, taken: int, exposed: int, discard: Optional[int] = None) -> PlanKey:
    """What tells forehand's views inside an option apart: the turn (accepted,
    the cards taken and left face up) and, once made, the discard."""
    return (accepted, taken, exposed) if discard is None else (accepted, taken, exposed, discard)


def view_plan_key(view: SeatView) -> PlanKey:
    """The :func:`plan_key` of forehand's own view at its discard or lone choice."""
    discard = None if view.phase == "discard" or view.discards is None else view.discards.mask
    return plan_key(bool(view.accepted), view.taken.mask, view.exposed.mask, discard)


def discard_size(view: SeatView) -> int:
    """Forehand discards as many cards as it took: four in the compulsory case, else one."""
    return 4 if len(view.taken) == 4 else 1


class Rater:
    """Solves one decision's lines world chunk by world chunk, then folds
    them into outcome codes per world and option. ``seed`` seeds the worlds
    the partner decides its lone play on (:mod:`altbaumer.hidden.partner`).
    With ``exact`` the makers' tricks in the codes are exact, else the
    fewest of their score class (:meth:`solve_lines`), which every figure
    but the mean tricks takes alike. With ``keep_options`` the successive
    elimination drops lines inside an option only (a discard's lone line),
    never an option, so every option is solved in every world."""

    def __init__(self, view: SeatView, objective: Objective, solver: Solver, prune: bool, seed: int = 0,
                 exact: bool = False, keep_options: bool = False) -> None:
        self.view = view
        self.objective = objective
        self.solver = solver
        self.prune = prune  # successive elimination: sampled runs only
        self.keep_options = keep_options  # eliminate only lines inside an option, never an option itself
        self.exact = exact
        self.forehand = view.forehand
        self.partner = view.forehand.partner
        self.partner_choices = PartnerChoices(view, objective, solver, seed)
        self.parts: list[Any] = []

    def partner_alone(self, worlds: Worlds, part: slice) -> np.ndarray:
        """Per world of ``part``, whether the partner plays alone once forehand
        has passed, after the turn the view shows (its trump, taken and
        exposed cards)."""
        view = self.view
        return self.partner_choices.alone(worlds.hands[part, self.partner], int(view.trump),  # type: ignore[arg-type]
                                          view.taken.mask, view.exposed.mask)

    def solve_lines(self, rows: np.ndarray) -> np.ndarray:
        """The makers' final tricks of full-deal rows, by class or exactly
        (:func:`altbaumer.hidden.making.solve_lines`): every rater before the
        play solves its lines here."""
        return solve_lines(self.solver, rows, self.exact)

    def solve(self, worlds: Worlds, part: slice) -> None:
        raise NotImplementedError

    def eliminate(self, worlds: Worlds, done: int) -> None:
        """Stop solving lines that clearly trail on the ``done`` worlds solved
        so far (only lines inside an option, unless the rater says otherwise)."""

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        """The option labels and the outcome codes of the first ``done``
        worlds (worlds × options). Only those: Ctrl-C between a chunk's solve
        and its count leaves a chunk solved, in part or whole, but not counted."""
        raise NotImplementedError

    def plans(self, done: int) -> dict[PlanKey, Plan]:
        """Forehand's choices inside the options, as the codes of
        :meth:`finish` make them over the first ``done`` worlds, for each view
        forehand can have then (:func:`plan_key`)."""
        return {}


class _TurnRater(Rater):
    """Accept or refuse (forehand, trump phase): every discard and lone line
    of both branches, grouped by the public outcome of the turn (forehand
    picks its discard per group, the partner its lone play per hand and
    outcome). After the first chunk, lines that clearly trail in a group are
    no longer solved (docs/rating.md, successive elimination); the reported
    options, accept and refuse, are never dropped."""

    def __init__(self, view: SeatView, objective: Objective, solver: Solver, prune: bool, seed: int = 0,
                 exact: bool = False, keep_options: bool = False) -> None:
        super().__init__(view, objective, solver, prune, seed, exact, keep_options)
        # Per public outcome: the world numbers, their lines and the partner's lone choices, chunk by chunk.
        self.groups: dict[tuple[bool, int, int], list[tuple[np.ndarray, np.ndarray, np.ndarray]]] = {}
        self.keep: dict[tuple[bool, int, int], np.ndarray] = {}
        self.alone_trails: set[int] = set()  # refusal: discards after which forehand alone clearly trails

    def solve(self, worlds: Worlds, part: slice) -> None:
        hands, stock = worlds.hands[part], worlds.stock[part]
        fh = int(self.forehand)
        rows, plans = [], []
        outcomes = [turn_outcomes(stock, accept) for accept in (True, False)]
        # Both branches' partner choices in one batch: the same hands after other outcomes.
        public = [np.concatenate([getattr(out, name) for out in outcomes]) for name in ("trump", "taken", "exposed")]
        alone = self.partner_choices.alone(np.tile(hands[:, self.partner], 2), *public).reshape(2, -1)
        for accept, out, partner_alone in zip((True, False), outcomes, alone):
            keys, inverse = np.unique(np.stack([out.taken, out.exposed], axis=1), axis=0, return_inverse=True)
            inverse = inverse.reshape(-1)
            groups = [(accept, taken, exposed) for taken, exposed in keys.tolist()]
            # The worlds of one discard size at once; their lines are kept or
            # dropped by public outcome, and folded back outcome by outcome.
            for compulsory in np.unique(out.compulsory).tolist():
                index = np.flatnonzero(out.compulsory == compulsory)
                enlarged = hands[index, fh] | out.taken[index]
                discards = discard_options(enlarged, 4 if compulsory else 1)
                keep = self._keep_per_world(groups, inverse[index], discards)
                batch_rows, mask = line_rows(hands[index], out.trump[index].astype(np.int64), fh, enlarged,
                                             discards, keep)
                rows.append(batch_rows)
                plans.append((groups, inverse[index], index + part.start, mask, discards.shape, partner_alone[index]))
        solved = self.solve_lines(np.concatenate(rows))
        at = 0
        for (groups, group_of, index, mask, (k, m), partner_alone), batch_rows in zip(plans, rows):
            tricks = fold_lines(solved[at : at + len(batch_rows)], mask, k, m)
            at += len(batch_rows)
            order = np.argsort(group_of, kind="stable")
            present, starts = np.unique(group_of[order], return_index=True)
            for g, lo, hi in zip(present.tolist(), starts.tolist(), starts[1:].tolist() + [len(order)]):
                mine = order[lo:hi]
                self.groups.setdefault(groups[g], []).append((index[mine], tricks[mine], partner_alone[mine]))

    def _keep_per_world(self, groups: list[tuple[bool, int, int]], group_of: np.ndarray,
                        discards: np.ndarray) -> Optional[np.ndarray]:
        """The lines still solved in each world (worlds × options × 2), from
        its outcome group's (:meth:`_keep`), or None where every group keeps
        every line. A group's worlds share forehand's enlarged hand, so its
        first world's options are the group's."""
        present, first = np.unique(group_of, return_index=True)
        kept = {g: self._keep(groups[g], discards[i]) for g, i in zip(present.tolist(), first.tolist())}
        if all(keep is None for keep in kept.values()):
            return None
        m = discards.shape[1]
        table = np.ones((len(groups), m, 2), dtype=bool)
        for g, keep in kept.items():
            if keep is not None:
                table[g] = keep[:, :2]
        return table[group_of]

    def eliminate(self, worlds: Worlds, done: int) -> None:
        for key, pieces in self.groups.items():
            index, tricks, partner_alone = _joined(pieces)
            if len(index) >= PRUNE_MIN:
                self.keep[key] = prune_lines(tricks, partner_alone, self.objective, keep=self.keep.get(key))
        if self.objective.name != "match":
            # Pooled over the outcome groups, a lone line that wins the round in a few of them would
            # be dropped for trailing in the rest: only where going alone buys nothing of its own.
            self._prune_refused_alone()

    def _discard_kind(self, option: int) -> int:
        """A discard option by what it throws: one of forehand's own cards (its
        mask), or 0 for the card taken from the stock (which differs by outcome)."""
        own = self.view.hand.mask
        return option if option & own else 0

    def _prune_refused_alone(self) -> None:
        """After a refusal the outcome groups are many and small, so forehand's
        lone lines are judged over all of them together, per kind of discard:
        dropped only where playing alone trails passing in every group's
        worlds by more than 4 standard errors pooled."""
        diffs: dict[int, list[np.ndarray]] = {}
        for (accept, taken, _), pieces in self.groups.items():
            _, tricks, partner_alone = _joined(pieces)
            if accept or tricks.shape[1] != 6:
                continue
            options = discard_options(np.array([self.view.hand.mask | taken]), 1)[0]
            for j, option in enumerate(options.tolist()):
                kind = self._discard_kind(option)
                solved = (tricks[:, j, 0] >= 0) & (tricks[:, j, 1] >= 0)
                if kind in self.alone_trails or not solved.any():
                    continue
                passed = partner_decides(tricks[:, j, 0], tricks[:, j, 2], partner_alone)
                gap = objective_values(tricks[:, j, 1], self.objective) - objective_values(np.maximum(passed, 0), self.objective)
                diffs.setdefault(kind, []).append(gap[solved])
        for kind, gaps in diffs.items():
            pooled = np.concatenate(gaps)
            if len(pooled) >= PRUNE_MIN and trails_clearly(pooled, np.zeros(len(pooled))):
                self.alone_trails.add(kind)

    def _keep(self, key: tuple[bool, int, int], options: np.ndarray) -> Optional[np.ndarray]:
        keep = self.keep.get(key)
        if key[0] or not self.alone_trails or len(options) != 6:
            return keep
        keep = np.ones((6, 2), dtype=bool) if keep is None else keep.copy()
        for j, option in enumerate(options.tolist()):
            if self._discard_kind(option) in self.alone_trails:
                keep[j, 1] = False
        return keep

    def _counted(self, done: int) -> Iterator[tuple[tuple[bool, int, int], np.ndarray, np.ndarray, np.ndarray,
                                                    Optional[np.ndarray]]]:
        """Each outcome group's worlds among the first ``done`` (their numbers,
        lines and partner's choices) and the discards still allowed in it."""
        for key, pieces in self.groups.items():
            index, tricks, partner_alone = _joined(pieces)
            counted = index < done
            if counted.any():
                keep = self.keep.get(key)
                yield key, index[counted], tricks[counted], partner_alone[counted], None if keep is None else keep[:, 0]

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        values = np.full((done, 2), -1, dtype=np.int8)
        for (accept, _, _), index, tricks, partner_alone, allowed in self._counted(done):
            # After a refusal forehand sees which stock cards turned up: it picks
            # its discard within each group of worlds with the same public outcome.
            values[index, 0 if accept else 1] = forehand_line(tricks, partner_alone, self.objective, allowed)
        return ["accept", "refuse"], values

    def plans(self, done: int) -> dict[PlanKey, Plan]:
        out: dict[PlanKey, Plan] = {}
        for (accept, taken, exposed), index, tricks, partner_alone, allowed in self._counted(done):
            best, alone, clear = forehand_plan(tricks, partner_alone, self.objective, allowed)
            options = discard_options(np.array([self.view.hand.mask | taken]), 4 if len(CardSet(taken)) == 4 else 1)
            discard = int(options[0, best])
            out[plan_key(accept, taken, exposed)] = Plan(Discard(tuple(CardSet(discard))), len(index), clear)
            out[plan_key(accept, taken, exposed, discard)] = Plan(DeclareAlone(alone), len(index), clear)
        return out


class _DiscardRater(Rater):
    """Forehand's discard: each option, with the lone decisions that follow."""

    keep: Optional[np.ndarray] = None
    solved_until: Optional[np.ndarray] = None  # per discard: the worlds solved before it was dropped

    def solve(self, worlds: Worlds, part: slice) -> None:
        hands = worlds.hands[part]
        enlarged = hands[:, int(self.forehand)]
        discards = discard_options(enlarged, discard_size(self.view))
        trump = np.full(len(hands), int(self.view.trump), dtype=np.int64)  # type: ignore[arg-type]
        partner_alone = self.partner_alone(worlds, part)
        rows, mask = line_rows(hands, trump, self.forehand, enlarged, discards, self.keep)
        tricks = fold_lines(self.solve_lines(rows), mask, *discards.shape)
        self.parts.append((tricks, discards, partner_alone))

    def eliminate(self, worlds: Worlds, done: int) -> None:
        tricks = np.concatenate([p[0] for p in self.parts])
        if tricks.shape[1] != 6 or done < PRUNE_MIN:
            return
        # A discard that clearly trails keeps the statistics of the worlds solved until then.
        partner_alone = np.concatenate([p[2] for p in self.parts])
        self.keep = prune_lines(tricks, partner_alone, self.objective, discards=not self.keep_options, keep=self.keep)
        if self.solved_until is None:
            self.solved_until = np.full(tricks.shape[1], len(worlds))
        newly = ~self.keep[:, 0] & (self.solved_until == len(worlds))
        self.solved_until[newly] = done

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        tricks = np.concatenate([p[0] for p in self.parts])[:done]
        partner_alone = np.concatenate([p[2] for p in self.parts])[:done]
        until = np.full(tricks.shape[1], done) if self.solved_until is None else np.minimum(self.solved_until, done)
        staged = np.full(tricks.shape[:2], -1, dtype=np.int8)
        for j in range(tricks.shape[1]):
            # A discard dropped early is judged on the worlds solved until then:
            # its missing lines must not sway forehand's lone choice after it.
            rows = slice(0, int(until[j]))
            staged[rows, j] = lone_stage(tricks[rows, j], partner_alone[rows], self.objective)
        labels = [CardSet(int(mask)).ascii() for mask in self.parts[0][1][0]]
        return labels, staged

    def plans(self, done: int) -> dict[PlanKey, Plan]:
        tricks = np.concatenate([p[0] for p in self.parts])[:done]
        partner_alone = np.concatenate([p[2] for p in self.parts])[:done]
        view = self.view
        out: dict[PlanKey, Plan] = {}
        alone, clear = lone_plans(tricks, partner_alone, self.objective)
        for mask, lone, sure in zip(self.parts[0][1][0].tolist(), alone.tolist(), clear.tolist()):
            out[plan_key(bool(view.accepted), view.taken.mask, view.exposed.mask, int(mask))] = \
                Plan(DeclareAlone(lone), done, sure)
        return out


class _AloneRater(Rater):
    """Lone play: forehand (the partner decides next if forehand passes), or
    the partner after forehand passed. Sampled runs stop solving the decider's
    lone line once it clearly trails playing together; it keeps the
    statistics of the worlds solved until then."""

    alone_until: Optional[int] = None

    @property
    def _alone(self) -> int:
        """The column of the decider's lone line: 1 forehand, 2 the partner."""
        return 1 if self.view.seat is self.forehand else 2

    def solve(self, worlds: Worlds, part: slice) -> None:
        hands = worlds.hands[part]
        enlarged = hands[:, int(self.forehand)]
        no_discard = np.zeros((len(hands), 1), dtype=np.int64)  # the discard is made: one "option", nothing more
        trump = np.full(len(hands), int(self.view.trump), dtype=np.int64)  # type: ignore[arg-type]
        # Once forehand has passed, forehand's lone line is not needed.
        keep = np.array([[True, self._alone == 1, True]])
        if self.alone_until is not None:
            keep[0, self._alone] = False
        # A choice made for the partner only when forehand decides: deciding itself, the
        # partner is rated over worlds of its own knowledge already.
        partner_alone = self.partner_alone(worlds, part) if self._alone == 1 else np.zeros(len(hands), dtype=bool)
        rows, mask = line_rows(hands, trump, self.forehand, enlarged, no_discard, keep)
        lines = fold_lines(self.solve_lines(rows), mask, len(hands), 1)
        self.parts.append((lines[:, 0, :], partner_alone))

    def eliminate(self, worlds: Worlds, done: int) -> None:
        if self.alone_until is not None or done < PRUNE_MIN or self.keep_options:
            return
        values = self._options(done)
        goal = objective_values(values, self.objective)
        if trails_clearly(goal[:, 1], goal[:, 0]):
            self.alone_until = done

    def _options(self, done: int) -> np.ndarray:
        lines = np.concatenate([p[0] for p in self.parts])[:done]
        if self.view.seat is self.forehand:
            partner_alone = np.concatenate([p[1] for p in self.parts])[:done]
            together = partner_decides(lines[:, 0], lines[:, 2], partner_alone)
        else:
            together = lines[:, 0]
        return np.stack([together, lines[:, self._alone]], axis=1)

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        values = self._options(done)
        if self.alone_until is not None:
            values[self.alone_until :, 1] = -1
        return ["together", "alone"], values


class _PlayRater(Rater):
    """A card to play: each legal card, double dummy afterwards in every
    world, always with exact tricks (one search per row gives every card's)."""

    def solve(self, worlds: Worlds, part: slice) -> None:
        view = self.view
        hands = worlds.hands[part]
        rows = encode_rows(hands, int(view.trump), int(view.trick_leader),  # type: ignore[arg-type]
                           NO_LONE if view.lone is None else int(view.lone), int(view.forehand.team))
        self.parts.append(self.solver.solve_batch_moves(rows, view.trick_cards))

    def finish(self, worlds: Worlds, done: int) -> tuple[list[str], np.ndarray]:
        values = np.concatenate(self.parts)[:done]
        cards = sorted((action.card for action in self.view.legal), key=lambda c: c.index)
        makers = self.view.forehand.team
        taken = self.view.tricks_won[0 if makers is Team.NS else 1] + (0 if self.view.lone is None else LONE_FLAG)
        return [c.ascii() for c in cards], values[:, [c.index for c in cards]].astype(np.int8) + taken


def _joined(pieces: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A turn group's chunks joined: world numbers, lines, partner's choices."""
    index, tricks, partner_alone = zip(*pieces)
    return np.concatenate(index), np.concatenate(tricks), np.concatenate(partner_alone)


RATERS: dict[str, type[Rater]] = {
    "turn": _TurnRater, "discard": _DiscardRater, "alone": _AloneRater, "play": _PlayRater,
}
