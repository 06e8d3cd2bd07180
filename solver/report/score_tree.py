"""The Röthenbach score tree: the traditional score sheet, drawn as SVG.

On the slate (docs/rules.md, "Traditional tally") an ellipse trunk carries two
horizontal main branches. The longer LEFT branch holds five pairs of vertical
Bengel for the points; here each team owns one row of it: N-S's five Bengel
stand ABOVE the branch, E-W's five hang BELOW it. The RIGHT branch holds the
rounds: two Bengel above (N-S) and two below (E-W).

A positive total of ``p`` erases ``p`` of the team's point Bengel; a negative
total of ``-m`` is ``m`` Menschen (curls like a 6, or a 9 on E-W's side),
which are cleared before any Bengel goes, so a team never has both. A round
won erases one round Bengel and restores the left branch (the totals reset to
0:0, which :class:`~altbaumer.game.match_state.MatchState` already holds). The
tally is exactly the numeric score, so :class:`ScoreTree` is a second view of
the state, not a second scoring.

>>> from altbaumer.game.match_state import MatchState
>>> from altbaumer.game.seats import Team
>>> tree = ScoreTree.of(MatchState.parse("3:-1 rounds 1:0", Team.NS))
>>> tree
ScoreTree(bengel=(2, 5), menschen=(0, 1), round_bengel=(1, 2))
>>> tree.words()
'Score tree: N-S 3 points, E-W 1 Mensch; rounds N-S 1, E-W 0'
>>> svg = score_tree_svg(MatchState.parse("3:-1 rounds 1:0", Team.NS), ("Anna & Ben", "E-W"))
>>> svg.startswith("<svg"), "Anna &amp; Ben" in svg, ">3:-1 rounds 1:0<" in svg
(True, True, True)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Optional

from altbaumer.game.match_state import ROUND_TARGET, ROUNDS_TO_WIN, MatchState
from altbaumer.game.seats import Team
from altbaumer.lang import _, ngettext

__all__ = ["ScoreTree", "score_tree_svg", "score_text", "MAX_CURLS"]

MAX_CURLS = 5
"""Menschen drawn as curls; beyond this many the count is written (``×7``),
since negative totals have no limit (rules.md, D12) but the slate has room."""

Names = tuple[str, str]
_DEFAULT_NAMES: Names = (str(Team.NS), str(Team.EW))

# -- the geometry (viewBox units; the picture scales down with its width) --------------
_WIDTH, _HEIGHT = 300, 154
_BRANCH_Y = 66  # the two main branches
_BENGEL = 24  # length of a side branch
_POINT_X = tuple(62 + 25 * i for i in range(ROUND_TARGET))  # outermost first: erased first
_ROUND_X = (262, 242)  # outermost first
_TRUNK = (206, _BRANCH_Y, 11, 20)  # cx, cy, rx, ry
_LEFT_END, _RIGHT_END = 44, 276
_CURL_H = 15
_INK, _MENSCH_INK = "currentColor", "#b42318"  # a red that reads on white and in grey print
_GHOST = 'stroke-dasharray="2 3" stroke-opacity="0.35"'


@dataclass(frozen=True)
class ScoreTree:
    """The tally on the slate, per team (N-S, E-W) like the state's figures:
    ``bengel`` still standing on the left branch (0..5), ``menschen`` (curls,
    0 or more) and ``round_bengel`` standing on the right branch (0..2).

    >>> ScoreTree.of(MatchState.parse("4:-6", Team.NS)).to_dict()
    {'bengel': [1, 5], 'menschen': [0, 6], 'round_bengel': [2, 2], 'text': '4:-6 rounds 0:0'}
    >>> ScoreTree((2, 5), (1, 0), (2, 2))
    Traceback (most recent call last):
    ...
    ValueError: N-S have erased Bengel and still have Menschen: curls go first
    """

    bengel: tuple[int, int]
    menschen: tuple[int, int]
    round_bengel: tuple[int, int]

    def __post_init__(self) -> None:
        for team in Team:
            if not 0 <= self.bengel[team] <= ROUND_TARGET or self.menschen[team] < 0 \
                    or not 0 <= self.round_bengel[team] <= ROUNDS_TO_WIN:
                raise ValueError(f"{team}: counts out of range in {self!r}")
            if self.menschen[team] and self.bengel[team] < ROUND_TARGET:
                raise ValueError(f"{team} have erased Bengel and still have Menschen: curls go first")

    @classmethod
    def of(cls, state: MatchState) -> "ScoreTree":
        """The tree of ``state``: a total ``p > 0`` erases ``p`` Bengel, ``p < 0`` is ``-p`` Menschen.

        >>> ScoreTree.of(MatchState.parse("-2:1 rounds 0:1", Team.EW))
        ScoreTree(bengel=(5, 4), menschen=(2, 0), round_bengel=(2, 1))
        """
        ns, ew = (_tally(p) for p in state.points)
        return cls((ns[0], ew[0]), (ns[1], ew[1]),
                   (ROUNDS_TO_WIN - state.rounds[0], ROUNDS_TO_WIN - state.rounds[1]))

    @property
    def points(self) -> tuple[int, int]:
        """The totals the tree shows: Bengel erased minus Menschen."""
        return (ROUND_TARGET - self.bengel[0] - self.menschen[0], ROUND_TARGET - self.bengel[1] - self.menschen[1])

    @property
    def rounds(self) -> tuple[int, int]:
        """Rounds won: round Bengel erased."""
        return (ROUNDS_TO_WIN - self.round_bengel[0], ROUNDS_TO_WIN - self.round_bengel[1])

    @property
    def winner(self) -> Optional[Team]:
        """The team whose round Bengel are all gone, once the match is over."""
        return next((team for team in Team if self.round_bengel[team] == 0), None)

    @property
    def decider(self) -> bool:
        """One round each: the last deal decides, and it has no points."""
        return self.rounds == (ROUNDS_TO_WIN - 1, ROUNDS_TO_WIN - 1)

    @property
    def text(self) -> str:
        """The plain score, as ``str(state)`` writes it (the tally is the score)."""
        (a, b), (r, s) = self.points, self.rounds
        return _plain(a, b, r, s)

    def words(self, names: Optional[Names] = None) -> str:
        """The tree in words, for ``aria-label`` and ``<title>``.

        >>> ScoreTree.of(MatchState.parse("rounds 2:1", Team.NS)).words(("Us", "Them"))
        'Score tree: rounds Us 2, Them 1; Us win the match'
        """
        ns, ew = names or _DEFAULT_NAMES
        rounds = _("rounds {first} {r}, {second} {s}").format(first=ns, r=self.rounds[0], second=ew, s=self.rounds[1])
        if self.winner is not None:
            return _("Score tree: {rounds}; {team} win the match").format(rounds=rounds, team=(ns, ew)[self.winner])
        if self.decider:
            return _("Score tree: the decider, no points; {rounds}").format(rounds=rounds)
        return _("Score tree: {first} {first_points}, {second} {second_points}; {rounds}").format(
            first=ns, first_points=_points_words(self, Team.NS), second=ew, second_points=_points_words(self, Team.EW),
            rounds=rounds)

    def to_dict(self) -> dict[str, object]:
        return {"bengel": list(self.bengel), "menschen": list(self.menschen),
                "round_bengel": list(self.round_bengel), "text": self.text}

    def _repr_svg_(self) -> str:
        # A notebook shows the SVG as a document of its own, which needs the namespace
        # that inline SVG in HTML does without.
        inline = _svg(self, self.text, _DEFAULT_NAMES, None)
        return inline.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)


def score_tree_svg(state: MatchState, names: Optional[Names] = None, *, title: Optional[str] = None) -> str:
    """The score tree of ``state`` as inline ``<svg>``: self-contained (no
    references, no script), ``role="img"`` with the tree in words as its
    ``aria-label``, teams labelled ``names`` (N-S, E-W; escaped), the plain
    score beside it, ``title`` (default: the words) as its ``<title>``.

    >>> svg = score_tree_svg(MatchState.parse("rounds 2:0", Team.EW))
    >>> 'aria-label="Score tree: rounds N-S 2, E-W 0; N-S win the match"' in svg, "N-S win the match</tspan>" in svg
    (True, True)
    """
    return _svg(ScoreTree.of(state), score_text(state), names or _DEFAULT_NAMES, title)


def score_text(state: MatchState) -> str:
    """The plain score as ``str(state)`` writes it (``3:-1 rounds 1:0``), its word in the active language.

    >>> score_text(MatchState.parse("3:-1 rounds 1:0", Team.NS))
    '3:-1 rounds 1:0'
    """
    return _plain(state.points[0], state.points[1], state.rounds[0], state.rounds[1])


def _plain(a: int, b: int, r: int, s: int) -> str:
    return _("{points} rounds {rounds}").format(points=f"{a}:{b}", rounds=f"{r}:{s}")


def _tally(points: int) -> tuple[int, int]:
    """(Bengel standing, Menschen) for a total."""
    return (ROUND_TARGET - max(points, 0), max(-points, 0))


def _points_words(tree: ScoreTree, team: Team) -> str:
    if tree.menschen[team]:
        count = tree.menschen[team]
        return ngettext("{n} Mensch", "{n} Menschen", count).format(n=count)
    count = tree.points[team]
    return ngettext("{n} point", "{n} points", count).format(n=count)


# -- the drawing -----------------------------------------------------------------------


def _svg(tree: ScoreTree, text: str, names: Names, title: Optional[str]) -> str:
    words = tree.words(names)
    body = [_trunk_and_branches(), *_team(tree, Team.NS, names[0]), *_team(tree, Team.EW, names[1]),
            _captions(), _score_text(tree, text, names)]
    return (f'<svg class="score-tree" width="{_WIDTH}" height="{_HEIGHT}" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
            f'role="img" aria-label="{html.escape(words)}" style="max-width:100%;height:auto" '
            f'font-family="sans-serif" fill="none" stroke="{_INK}" stroke-linecap="round">'
            f"<title>{html.escape(title if title is not None else words)}</title>{''.join(body)}</svg>")


def _trunk_and_branches() -> str:
    cx, cy, rx, ry = _TRUNK
    return (f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" stroke-width="2.5"/>'
            f'<line x1="{_LEFT_END}" y1="{_BRANCH_Y}" x2="{cx - rx}" y2="{_BRANCH_Y}" stroke-width="2.5"/>'
            f'<line x1="{cx + rx}" y1="{_BRANCH_Y}" x2="{_RIGHT_END}" y2="{_BRANCH_Y}" stroke-width="2.5"/>')


def _team(tree: ScoreTree, team: Team, name: str) -> list[str]:
    """One team's side: its label, point Bengel, Menschen and round Bengel."""
    up = team is Team.NS  # N-S above the branches, E-W below
    label_y = 12 if up else _HEIGHT - 30
    parts = [f'<text x="4" y="{label_y}" fill="{_INK}" stroke="none" font-size="12" font-weight="bold">'
             f"{html.escape(name)}</text>"]
    parts += _bengel(_POINT_X, tree.bengel[team], up)
    parts += _bengel(_ROUND_X, tree.round_bengel[team], up)
    parts += _menschen(tree.menschen[team], up)
    return parts


def _bengel(xs: tuple[int, ...], standing: int, up: bool) -> list[str]:
    """Side branches at ``xs``: the first ones erased (ghosts), the last ``standing`` drawn."""
    tip = _BRANCH_Y - _BENGEL if up else _BRANCH_Y + _BENGEL
    erased = len(xs) - standing
    # A ghost keeps the erased Bengel visible, as the smudge on the slate does.
    return [f'<line x1="{x}" y1="{_BRANCH_Y}" x2="{x}" y2="{tip}" stroke-width="{1.5 if i < erased else 2.5}"'
            f'{" " + _GHOST if i < erased else ""}/>' for i, x in enumerate(xs)]


def _menschen(count: int, up: bool) -> list[str]:
    """Curls beyond the Bengel tips, at most :data:`MAX_CURLS`, then the count as text."""
    top = _BRANCH_Y - _BENGEL - 6 - _CURL_H if up else _BRANCH_Y + _BENGEL + 6
    parts = [_curl(x, top, up) for x in _POINT_X[:min(count, MAX_CURLS)]]
    if count > MAX_CURLS:
        parts.append(f'<text x="{_POINT_X[-1] + 12}" y="{top + _CURL_H - 2}" fill="{_MENSCH_INK}" stroke="none" '
                     f'font-size="12">×{count}</text>')
    return parts


def _curl(x: int, top: int, six: bool) -> str:
    """A Mensch: a 6 (a 9 on E-W's side, as drawn from across the slate), centred on ``x``."""
    r, cy = 4, top + _CURL_H - 4
    path = (f"M{x + 3},{top} C{x - 2},{top} {x - r},{top + 5} {x - r},{cy} "
            f"A{r},{r} 0 1 0 {x + r},{cy} A{r},{r} 0 1 0 {x - r},{cy}")
    turn = "" if six else f' transform="rotate(180 {x} {top + _CURL_H / 2})"'
    return f'<path d="{path}" stroke="{_MENSCH_INK}" stroke-width="2"{turn}/>'


def _captions() -> str:
    small = f'fill="{_INK}" stroke="none" font-size="10" fill-opacity="0.7"'
    points, rounds = html.escape(_("points")), html.escape(_("rounds"))
    return (f'<text x="4" y="{_BRANCH_Y + 3}" {small}>{points}</text>'
            f'<text x="{_RIGHT_END - 4}" y="{_BRANCH_Y + 30 + 10}" {small} text-anchor="middle">{rounds}</text>')


def _score_text(tree: ScoreTree, text: str, names: Names) -> str:
    """The plain score, and what it means when the tree alone would not say it."""
    if tree.winner is not None:
        note = _("{team} win the match").format(team=names[tree.winner])
    elif tree.decider:
        note = _("the decider: one deal, no points")
    else:
        note = ""
    # One text line, so that a long name pushes the note along instead of overprinting the score.
    said = f' <tspan font-weight="bold">— {html.escape(note)}</tspan>' if note else ""
    return (f'<text x="4" y="{_HEIGHT - 8}" fill="{_INK}" stroke="none" font-size="12">'
            f"{html.escape(text)}{said}</text>")
