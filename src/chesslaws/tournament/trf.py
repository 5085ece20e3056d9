"""The FIDE Tournament Report File in and out (TRF-2026, TRF-16, TRF(x) and TRF(bx)).

:func:`read_trf` reads leniently: what it can mend it mends and says so in a note (lower-case
result codes, a colour given to a bye, points that do not add up, lines it does not interpret,
which it keeps verbatim); what it cannot read raises :class:`TrfError` naming the line and the
column. It takes, besides TRF-2026's tags, the TRF(x) extensions JaVaFo and bbpPairings read:
``XXR`` (number of rounds), ``XXC`` (``white1``/``black1``: the initial colour), ``XXA``
(accelerations, per player and round), ``XXS`` (points per result) and TRF(bx)'s ``BBW``...
``BBU``. :func:`write_trf` writes TRF-2026 (accelerations as records 250, requested byes as
240), so ``read_trf(write_trf(event))[0] == event``.

Columns below are 1-based, as the format's description numbers them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from chesslaws.tournament._errors import TournamentError, TrfError
from chesslaws.tournament.event import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    NOT_PAIRED,
    RESULT_CODES,
    Acceleration,
    Entry,
    Event,
    Player,
    PointSystem,
    Prohibited,
    RequestedBye,
)

__all__ = ["MAX_TRF_CHARS", "TrfNote", "decode_trf", "read_trf", "write_trf"]

#: The longest file read (a 9999-player, 99-round file is about 11 MB).
MAX_TRF_CHARS = 16_000_000
MAX_LINE = 200 + 10 * MAX_ROUNDS

#: Tournament tags and the :class:`Event` field each fills (text as written).
TEXT_TAGS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start",
    "052": "end",
    "092": "system",
    "102": "chief_arbiter",
    "122": "allotted_times",
    "192": "type_code",
    "222": "time_control",
}
DERIVED_TAGS = {"062", "072"}  # numbers of players and of rated players: written from the data
POINT_FIELDS = {"W": "win", "D": "draw", "L": "loss", "A": "absence", "P": "bye", "X": "unknown"}
BB_FIELDS = {"BBW": "win", "BBD": "draw", "BBL": "loss", "BBZ": "absence", "BBF": "absence"}
BB_FIELDS["BBU"] = "bye"
XXS_FIELDS = {
    "W": "win",
    "WW": "win",
    "BW": "win",
    "D": "draw",
    "WD": "draw",
    "BD": "draw",
    "WL": "loss",
    "BL": "loss",
    "ZPB": "absence",
    "FL": "absence",
    "PAB": "bye",
}


@dataclass(frozen=True, slots=True)
class TrfNote:
    """Something read leniently: where (1-based line, 0 for the whole file) and what."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


class _Reader:
    """One pass over the lines; fields gathered, then the event built once."""

    def __init__(self) -> None:
        self.fields: dict[str, object] = {}
        self.points: dict[str, Decimal] = {}
        self.players: list[Player] = []
        self.deputies: list[str] = []
        self.accelerations: list[Acceleration] = []
        self.byes: list[RequestedBye] = []
        self.prohibited: list[Prohibited] = []
        self.other: list[str] = []
        self.notes: list[TrfNote] = []
        self.lineno = 0

    def note(self, message: str) -> None:
        self.notes.append(TrfNote(self.lineno, message))

    def error(self, message: str, column: int = 0, text: str = "") -> TrfError:
        return TrfError(message, line=self.lineno, column=column, text=text)

    def number(self, line: str, first: int, last: int, what: str, *, blank: int = 0) -> int:
        """The integer in columns first..last (1-based, inclusive); ``blank`` if empty."""
        text = line[first - 1 : last].strip()
        if not text:
            return blank
        if not text.isdigit():
            raise self.error(f"{what} {text!r} is not a number", first, line)
        return int(text)

    def round_number(self, line: str, first: int, last: int, what: str) -> int:
        """A round number in columns first..last: 1 to MAX_ROUNDS."""
        value = self.number(line, first, last, what)
        if not 1 <= value <= MAX_ROUNDS:
            raise self.error(f"{what} {value} is out of 1..{MAX_ROUNDS}", first, line)
        return value

    def decimal(self, text: str, what: str, column: int, line: str) -> Decimal:
        try:
            value = Decimal(text.strip())
        except InvalidOperation:
            raise self.error(f"{what} {text.strip()!r} is not a number", column, line) from None
        if not value.is_finite() or abs(value) >= 1000:
            raise self.error(f"{what} {text.strip()!r} is out of range", column, line)
        return value


def read_trf(text: str) -> tuple[Event, tuple[TrfNote, ...]]:
    """Read a TRF; returns the event and the notes on what was read leniently.

    >>> from chesslaws.tournament.event import Player
    >>> event = Event(name="Club Open", players=(Player(1, "Doe, John", rating=1850),))
    >>> read_trf(write_trf(event))[0] == event
    True
    """
    if len(text) > MAX_TRF_CHARS:
        raise TrfError(f"a TRF of more than {MAX_TRF_CHARS} characters is refused")
    reader = _Reader()
    for reader.lineno, line in enumerate(text.splitlines(), 1):
        if len(line) > MAX_LINE:
            raise reader.error(f"a line longer than {MAX_LINE} characters", MAX_LINE + 1)
        _read_line(reader, line.rstrip("\n"))
    event = _build(reader)
    reader.lineno = 0
    _check(reader, event)
    _check_time_control(reader, event)
    return event, tuple(reader.notes)


def decode_trf(data: bytes) -> tuple[str, tuple[TrfNote, ...]]:
    """A TRF's bytes as text: UTF-8, else Latin-1 (older programs write it), with a note."""
    if len(data) > MAX_TRF_CHARS * 4:
        raise TrfError(f"a TRF of more than {MAX_TRF_CHARS} characters is refused")
    try:
        return data.decode("utf-8-sig"), ()
    except UnicodeDecodeError:
        return data.decode("latin-1"), (TrfNote(0, "not UTF-8: read as Latin-1"),)


def _read_line(reader: _Reader, line: str) -> None:
    if not line.strip():
        return
    tag = line[:3]
    value = line[4:].rstrip()
    if line.startswith("###"):
        reader.other.append(line.rstrip())
    elif tag == "001":
        _read_player(reader, line)
    elif tag in TEXT_TAGS:
        reader.fields[TEXT_TAGS[tag]] = value.strip()
    elif tag in DERIVED_TAGS:
        pass
    elif tag == "112":
        reader.deputies.append(value.strip())
    elif tag in ("142", "XXR"):
        reader.fields["total_rounds"] = _rounds_count(reader, line)
    elif tag == "152":
        _read_colour(reader, value.strip(), line)
    elif tag == "132":
        dates = [line[c : c + 8].strip() for c in range(91, len(line), 10)]
        reader.fields["round_dates"] = tuple(dates)
    elif tag == "162":
        _read_point_system(reader, line)
    elif tag in ("202", "212"):
        _read_tiebreaks(reader, tag, value, line)
    elif tag == "240":
        _read_requested_byes(reader, line)
    elif tag == "250":
        _read_acceleration(reader, line)
    elif tag == "260":
        _read_prohibited(reader, line)
    elif tag == "XXC":
        _read_configuration(reader, value, line)
    elif tag == "XXA":
        _read_xxa(reader, line)
    elif tag == "XXS":
        _read_xxs(reader, value, line)
    elif tag in BB_FIELDS:
        _set_points(reader, BB_FIELDS[tag], reader.decimal(value, tag, 5, line))
    else:
        reader.other.append(line.rstrip())
        reader.note(f"record {tag!r} kept as written (not interpreted)")


def _rounds_count(reader: _Reader, line: str) -> int:
    count = reader.number(line, 5, len(line), "number of rounds")
    if not 0 < count <= MAX_ROUNDS:
        raise reader.error(f"number of rounds {count} is out of 1..{MAX_ROUNDS}", 5, line)
    return count


def _read_colour(reader: _Reader, word: str, line: str) -> None:
    colour = word[:1].upper()
    if colour not in ("W", "B"):
        raise reader.error(f"initial colour {word!r} is not W or B", 5, line)
    reader.fields["initial_colour"] = colour


def _read_configuration(reader: _Reader, value: str, line: str) -> None:
    words = value.split()
    for word in words:
        if word.lower() in ("white1", "black1"):
            reader.fields["initial_colour"] = word[0].upper()
    if any(word.lower() not in ("white1", "black1") for word in words):
        reader.other.append(line.rstrip())
        reader.note("XXC options other than white1/black1 kept as written")


def _set_points(reader: _Reader, name: str, value: Decimal) -> None:
    if name in reader.points and reader.points[name] != value:
        reader.note(f"two values for the points of {name}: {reader.points[name]}, {value}")
    reader.points[name] = value


def _read_point_system(reader: _Reader, line: str) -> None:
    for pos in range(5, len(line), 9):
        symbol = line[pos].upper()
        if symbol == " ":
            continue
        if symbol not in POINT_FIELDS:
            raise reader.error(f"unknown result symbol {symbol!r} in tag 162", pos + 1, line)
        value = reader.decimal(line[pos + 1 : pos + 5], "points", pos + 2, line)
        _set_points(reader, POINT_FIELDS[symbol], value)


def _read_xxs(reader: _Reader, value: str, line: str) -> None:
    for word in value.split():
        key, _, amount = word.partition("=")
        column = line.find(word) + 1
        if key.upper() in XXS_FIELDS:
            points = reader.decimal(amount, f"XXS {key}", column, line)
            _set_points(reader, XXS_FIELDS[key.upper()], points)
        else:
            reader.note(f"XXS {key} is not interpreted")


def _read_tiebreaks(reader: _Reader, tag: str, value: str, line: str) -> None:
    names = tuple(name.strip() for name in value.split(",") if name.strip())
    if tag == "212":
        reader.fields["tiebreaks"] = names
    else:
        reader.other.append(line.rstrip())


def _read_requested_byes(reader: _Reader, line: str) -> None:
    kind = line[4:5].upper()
    if kind not in ("H", "F", "Z"):
        raise reader.error(f"bye type {kind!r} is not F, H or Z", 5, line)
    round_ = reader.round_number(line, 7, 9, "round")
    for column in range(11, len(line) + 1, 5):
        player = reader.number(line, column, column + 3, "player")
        if player:
            reader.byes.append(RequestedBye(kind, round_, player))


def _read_acceleration(reader: _Reader, line: str) -> None:
    points = reader.decimal(line[9:13], "fictitious points", 10, line)
    first_round = reader.round_number(line, 15, 17, "first round")
    last_round = reader.round_number(line, 19, 21, "last round")
    first = reader.number(line, 23, 26, "first player")
    last = reader.number(line, 28, 31, "last player")
    reader.accelerations.append(Acceleration(points, first_round, last_round, first, last))


def _read_xxa(reader: _Reader, line: str) -> None:
    player = reader.number(line, 5, 8, "player")
    words = line[8:].split()
    if len(words) > MAX_ROUNDS:
        raise reader.error(f"more than {MAX_ROUNDS} rounds of acceleration", 9, line)
    for round_, word in enumerate(words, 1):
        points = reader.decimal(word, "acceleration", line.find(word, 8) + 1, line)
        if points:
            reader.accelerations.append(Acceleration(points, round_, round_, player, player))


def _read_prohibited(reader: _Reader, line: str) -> None:
    first = reader.round_number(line, 5, 7, "first round")
    last = reader.round_number(line, 9, 11, "last round")
    players = [reader.number(line, c, c + 3, "player") for c in range(13, len(line) + 1, 5)]
    reader.prohibited.append(Prohibited(first, last, tuple(p for p in players if p)))


def _read_player(reader: _Reader, line: str) -> None:
    line = line.ljust(89)
    number = reader.number(line, 5, 8, "starting-rank number")
    if not 1 <= number <= MAX_PLAYERS:
        raise reader.error(f"starting-rank number {number} is out of 1..{MAX_PLAYERS}", 5, line)
    rating = reader.number(line, 49, 52, "rating")
    fide_id = reader.number(line, 58, 68, "FIDE number")
    points_text = line[80:84].strip()
    points = reader.decimal(points_text, "points", 81, line) if points_text else None
    rank = reader.number(line, 86, 89, "rank") or None
    results = [_read_entry(reader, line, column) for column in range(92, len(line) + 1, 10)]
    if len(results) > MAX_ROUNDS:
        raise reader.error(f"more than {MAX_ROUNDS} rounds", 92 + 10 * MAX_ROUNDS, line)
    while results and results[-1] == NOT_PAIRED:
        results.pop()
    reader.players.append(
        Player(
            number=number,
            name=line[14:47].strip(),
            rating=rating or None,
            federation=line[53:56].strip(),
            fide_id=fide_id or None,
            title=line[10:13].strip(),
            sex=line[9:10].strip(),
            birth=line[69:79].strip(),
            points=points,
            rank=rank,
            results=tuple(results),
        )
    )


def _read_entry(reader: _Reader, line: str, column: int) -> Entry:
    """One round: opponent in columns c..c+3, colour at c+5, result at c+7."""
    field = line[column - 1 : column + 7].ljust(8)
    opponent = reader.number(line, column, column + 3, "opponent")
    colour = field[5].lower() if field[5] != " " else "-"
    code = field[7].upper()
    if colour not in ("w", "b", "-"):
        raise reader.error(f"colour {field[5]!r} is not w, b or -", column + 5, line)
    if code not in RESULT_CODES:
        raise reader.error(f"result {field[7]!r} is not a TRF result code", column + 7, line)
    if field[7] != code:
        reader.note(f"result {field[7]!r} read as {code!r}")
    if opponent == 0 and colour != "-":
        reader.note(f"a round without opponent has colour {colour!r}: read as '-'")
        colour = "-"
    if opponent and code == " ":
        reader.note(f"round {(column - 82) // 10}: a game without a result: read as '?'")
        code = "?"
    if opponent and code in "HFUZ":
        raise reader.error(f"result {code!r} is a bye but an opponent is given", column + 7, line)
    return Entry(opponent, colour, code)


def _check_time_control(reader: _Reader, event: Event) -> None:
    try:
        event.time_controls()
    except TournamentError as error:
        reader.notes.append(TrfNote(0, f"{error} (kept as written)"))


def _build(reader: _Reader) -> Event:
    numbers = [p.number for p in reader.players]
    if len(set(numbers)) != len(numbers):
        duplicate = next(n for n in numbers if numbers.count(n) > 1)
        raise TrfError(f"starting-rank number {duplicate} is given twice")
    point_system = dataclasses.replace(PointSystem(), **reader.points)
    if "bye" not in reader.points and "win" in reader.points:  # 162: P "same as W"
        point_system = dataclasses.replace(point_system, bye=point_system.win)
    if "unknown" not in reader.points and "draw" in reader.points:  # X "same as D"
        point_system = dataclasses.replace(point_system, unknown=point_system.draw)
    return Event(
        **reader.fields,  # type: ignore[arg-type]
        deputies=tuple(reader.deputies),
        point_system=point_system,
        accelerations=tuple(reader.accelerations),
        byes=tuple(reader.byes),
        prohibited=tuple(reader.prohibited),
        players=tuple(sorted(reader.players, key=lambda p: p.number)),
        other_lines=tuple(reader.other),
    )


def _check(reader: _Reader, event: Event) -> None:
    """Notes on what does not agree: pairings one-sided, points not adding up."""
    by_number = {p.number: p for p in event.players}
    for player in event.players:
        for round_, entry in enumerate(player.results, 1):
            if not entry.opponent:
                continue
            other = by_number.get(entry.opponent)
            if other is None:
                raise TrfError(
                    f"player {player.number} meets player {entry.opponent} in round {round_}, "
                    "who is not in the file"
                )
            back = other.entry(round_)
            if back.opponent != player.number or back.colour == entry.colour != "-":
                reader.note(
                    f"round {round_}: player {player.number} meets {entry.opponent} "
                    f"({entry.colour}), whose entry says {back.opponent} ({back.colour})"
                )
        if player.points is not None and player.points != event.score(player):
            reader.note(
                f"player {player.number}: points {player.points} in the file, "
                f"{event.score(player)} by the results"
            )


# -- writing --------------------------------------------------------------------------------


def write_trf(event: Event, *, newline: str = "\r\n") -> str:
    """The event as TRF-2026 text (each line ends with ``newline``: CR LF by default)."""
    rated = sum(1 for p in event.players if p.rating)
    texts = {tag: str(getattr(event, name)) for tag, name in TEXT_TAGS.items()}
    texts.update({"062": str(len(event.players)), "072": str(rated)})
    lines = [f"{tag} {texts[tag]}" for tag in sorted(texts) if tag < "100" and texts[tag]]
    lines += _settings_lines(event)
    lines += [_player_line(p) for p in event.players]
    lines += [f"240 {b.kind} {b.round:03d} {b.player:4d}" for b in event.byes]
    lines += [_acceleration_line(a) for a in event.accelerations]
    lines += [_prohibited_line(p) for p in event.prohibited]
    lines += event.other_lines
    return "".join(line + newline for line in lines)


def _settings_lines(event: Event) -> list[str]:
    lines = []
    if event.chief_arbiter:
        lines.append(f"102 {event.chief_arbiter}")
    lines += [f"112 {deputy}" for deputy in event.deputies]
    if event.allotted_times:
        lines.append(f"122 {event.allotted_times}")
    if event.round_dates:
        lines.append("132" + " " * 88 + "  ".join(d.ljust(8) for d in event.round_dates))
    if event.total_rounds:
        lines.append(f"142 {event.total_rounds}")
    if event.initial_colour:
        lines.append(f"152 {event.initial_colour}")
    if not event.point_system.is_default:
        lines.append(_point_system_line(event.point_system))
    if event.type_code:
        lines.append(f"192 {event.type_code}")
    if event.tiebreaks:
        lines.append("212 " + ", ".join(event.tiebreaks))
    if event.time_control:
        lines.append(f"222 {event.time_control}")
    return lines


def _point_system_line(points: PointSystem) -> str:
    parts = [f"{symbol}{getattr(points, name):4.1f}" for symbol, name in POINT_FIELDS.items()]
    return "162  " + "    ".join(parts)


def _player_line(p: Player) -> str:
    if len(p.name) > 33:
        raise TrfError(f"player {p.number}: a name longer than 33 characters")
    points = "" if p.points is None else f"{p.points:4.1f}"
    head = (
        f"001 {p.number:4d} {p.sex:1.1}{p.title:>3.3} {p.name:<33} {p.rating or '':>4} "
        f"{p.federation:<3.3} {p.fide_id or '':>11} {p.birth:<10.10} {points:>4} "
        f"{p.rank or '':>4}"
    )
    rounds = "".join(_entry_text(e) for e in p.results)
    return (head + rounds).rstrip()


def _entry_text(entry: Entry) -> str:
    if entry == NOT_PAIRED:
        return " " * 10
    opponent = f"{entry.opponent:4d}" if entry.opponent else "0000"
    return f"  {opponent} {entry.colour} {entry.code}"


def _acceleration_line(a: Acceleration) -> str:
    return (
        f"250      {a.points:4.1f} {a.first_round:03d} {a.last_round:03d} "
        f"{a.first_player:04d} {a.last_player:04d}"
    )


def _prohibited_line(p: Prohibited) -> str:
    players = " ".join(f"{n:4d}" for n in p.players)
    return f"260 {p.first_round:03d} {p.last_round:03d} {players}"
