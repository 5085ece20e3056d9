"""The arbiter: a game conducted by the Laws, driven by events (Articles 4, 5, 6, 7, 9, 12; A, B).

Events in, rulings out, both as frozen values and as the JSON lines of ``docs/events.md``
(extensions in ``docs/events.md``). :class:`Game` does no I/O; replaying the same events gives
the same state and rulings.
"""

from __future__ import annotations

from chesslaws.arbiter._adjourn import opens_envelope as opens_envelope
from chesslaws.arbiter._adjourn import sealed_move as sealed_move
from chesslaws.arbiter._adjourn import sealing_event as sealing_event
from chesslaws.arbiter._board import Ply as Ply
from chesslaws.arbiter._envelope import Adjournment as Adjournment
from chesslaws.arbiter._envelope import Envelope as Envelope
from chesslaws.arbiter._events import Accept as Accept
from chesslaws.arbiter._events import Adjourn as Adjourn
from chesslaws.arbiter._events import Adjust as Adjust
from chesslaws.arbiter._events import AgreeCorrection as AgreeCorrection
from chesslaws.arbiter._events import Announce as Announce
from chesslaws.arbiter._events import Arbiter as Arbiter
from chesslaws.arbiter._events import ArbiterActionKind as ArbiterActionKind
from chesslaws.arbiter._events import Arrive as Arrive
from chesslaws.arbiter._events import Claim as Claim
from chesslaws.arbiter._events import ClaimKind as ClaimKind
from chesslaws.arbiter._events import Decline as Decline
from chesslaws.arbiter._events import Depart as Depart
from chesslaws.arbiter._events import Edition as Edition
from chesslaws.arbiter._events import Event as Event
from chesslaws.arbiter._events import Mode as Mode
from chesslaws.arbiter._events import MoveMade as MoveMade
from chesslaws.arbiter._events import Offer as Offer
from chesslaws.arbiter._events import OpenEnvelope as OpenEnvelope
from chesslaws.arbiter._events import Pause as Pause
from chesslaws.arbiter._events import Press as Press
from chesslaws.arbiter._events import Record as Record
from chesslaws.arbiter._events import RequestScoresheet as RequestScoresheet
from chesslaws.arbiter._events import Resign as Resign
from chesslaws.arbiter._events import ResumeSession as ResumeSession
from chesslaws.arbiter._events import Rules as Rules
from chesslaws.arbiter._events import Seal as Seal
from chesslaws.arbiter._events import Sign as Sign
from chesslaws.arbiter._events import SpectatorRemark as SpectatorRemark
from chesslaws.arbiter._events import Start as Start
from chesslaws.arbiter._events import Supervision as Supervision
from chesslaws.arbiter._events import Tick as Tick
from chesslaws.arbiter._events import Touch as Touch
from chesslaws.arbiter._events import TouchMoveEnforcement as TouchMoveEnforcement
from chesslaws.arbiter._events import Variant as Variant
from chesslaws.arbiter._events import event_from_json as event_from_json
from chesslaws.arbiter._events import parse_event as parse_event
from chesslaws.arbiter._game import Game as Game
from chesslaws.arbiter._illegal import IllegalKind as IllegalKind
from chesslaws.arbiter._illegal import PendingIllegal as PendingIllegal
from chesslaws.arbiter._illegal import board_after as board_after
from chesslaws.arbiter._pgn import game_to_pgn as game_to_pgn
from chesslaws.arbiter._profile import Profile as Profile
from chesslaws.arbiter._recording import recording_exempt as recording_exempt
from chesslaws.arbiter._rulings import Penalty as Penalty
from chesslaws.arbiter._rulings import PenaltyKind as PenaltyKind
from chesslaws.arbiter._rulings import Reason as Reason
from chesslaws.arbiter._rulings import Result as Result
from chesslaws.arbiter._rulings import Ruling as Ruling
from chesslaws.arbiter._rulings import RulingKind as RulingKind
from chesslaws.arbiter._rulings import RulingStatus as RulingStatus
from chesslaws.arbiter._rulings import ruling_from_json as ruling_from_json
from chesslaws.arbiter._scoresheet import Scoresheet as Scoresheet
from chesslaws.arbiter._search import LossOrDraw as LossOrDraw
from chesslaws.arbiter._state import GameState as GameState
from chesslaws.arbiter._state import Particulars as Particulars
from chesslaws.arbiter._step import step as step
from chesslaws.arbiter._step import step_line as step_line
from chesslaws.arbiter._step import unreadable as unreadable
from chesslaws.arbiter._time import Millis as Millis
from chesslaws.arbiter._time import ms_to_seconds as ms_to_seconds
from chesslaws.arbiter._time import seconds_to_ms as seconds_to_ms
from chesslaws.arbiter._touch import Obligation as Obligation
from chesslaws.arbiter._touch import Touched as Touched

__all__ = [
    "Accept",
    "Adjourn",
    "Adjournment",
    "Adjust",
    "AgreeCorrection",
    "Announce",
    "Arbiter",
    "ArbiterActionKind",
    "Arrive",
    "Claim",
    "ClaimKind",
    "Decline",
    "Depart",
    "Edition",
    "Envelope",
    "Event",
    "Game",
    "GameState",
    "IllegalKind",
    "LossOrDraw",
    "Millis",
    "Mode",
    "MoveMade",
    "Obligation",
    "Offer",
    "OpenEnvelope",
    "Particulars",
    "Pause",
    "Penalty",
    "PenaltyKind",
    "PendingIllegal",
    "Ply",
    "Press",
    "Profile",
    "Reason",
    "Record",
    "RequestScoresheet",
    "Resign",
    "Result",
    "ResumeSession",
    "Rules",
    "Ruling",
    "RulingKind",
    "RulingStatus",
    "Scoresheet",
    "Seal",
    "Sign",
    "SpectatorRemark",
    "Start",
    "Supervision",
    "Tick",
    "Touch",
    "TouchMoveEnforcement",
    "Touched",
    "Variant",
    "board_after",
    "event_from_json",
    "game_to_pgn",
    "ms_to_seconds",
    "opens_envelope",
    "parse_event",
    "recording_exempt",
    "ruling_from_json",
    "sealed_move",
    "sealing_event",
    "seconds_to_ms",
    "step",
    "step_line",
    "unreadable",
]
