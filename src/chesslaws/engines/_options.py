"""The options of ``chesslaws match``, in cutechess's style: ``-name key=value ...``.

::

    -engine cmd=CMD [name=NAME] [tc=TC] [stall=MS] [option.NAME=VALUE]...   (twice)
    -each [tc=TC] [grace=MS | timemargin=MS] [stall=MS] [option.NAME=VALUE]...
    -games N  -rounds R  -repeat  -concurrency N  -pgnout FILE  -eventsout DIR  -maxmoves N
    -recover
    -openings file=F [format=epd|pgn] [order=sequential|random] [plies=N]
    -sprt elo0=A elo1=B [alpha=X] [beta=Y]
    -resign movecount=N score=CP     -draw movenumber=N movecount=N score=CP
    -illegal lose|fide   -claims auto|never   -srand N   -event NAME   --json

A key given to an engine wins over the same key of ``-each``. Anything out of place raises
:class:`MatchError` naming the option and what was expected.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from chesslaws._errors import MatchError
from chesslaws._words import Words
from chesslaws.clock import TimeControl

from ._openings import OpeningBook, read_epd, read_pgn_openings
from ._settings import (
    ClaimPolicy,
    DrawAdjudication,
    EngineSpec,
    IllegalMovePolicy,
    MatchSettings,
    ResignAdjudication,
)
from ._stats import Sprt
from ._timecontrol import read_match_tc

__all__ = ["MatchOptions", "parse_match_options"]

_E = TypeVar("_E", bound=enum.Enum)

_ENGINE_KEYS = ("cmd", "name", "tc", "stall", "proto", "option.NAME")
_EACH_KEYS = ("tc", "grace", "timemargin", "stall", "proto", "option.NAME")


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """The parsed command line: the match settings, and whether to write JSON."""

    settings: MatchSettings
    json: bool = False


def _pairs(option: str, words: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if not sep or not key:
            raise MatchError(
                Words("{option}: '{word}' is not KEY=VALUE", option=option, word=word),
                option=option,
            )
        if key in out:
            raise MatchError(
                Words("{option}: {key} given twice", option=option, key=key), option=option
            )
        out[key] = value
    return out


def _int(option: str, text: str, *, low: int = 0) -> int:
    try:
        value = int(text)
    except ValueError:
        raise MatchError(
            Words("{option}: '{text}' is not a whole number", option=option, text=text),
            option=option,
        ) from None
    if value < low:
        raise MatchError(
            Words("{option}: {value} is below {low}", option=option, value=value, low=low),
            option=option,
        )
    return value


def _float(option: str, text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise MatchError(
            Words("{option}: '{text}' is not a number", option=option, text=text), option=option
        ) from None


def _check_keys(option: str, pairs: dict[str, str], allowed: Sequence[str]) -> None:
    for key in pairs:
        if key.startswith("option.") and len(key) > 7:
            continue
        if key not in allowed:
            raise MatchError(
                Words(
                    "{option}: unknown key '{key}' (expected {allowed})",
                    option=option,
                    key=key,
                    allowed=", ".join(allowed),
                ),
                option=option,
            )
    if pairs.get("proto", "uci") != "uci":
        raise MatchError(
            Words(
                "{option}: proto={proto}: only uci is spoken", option=option, proto=pairs["proto"]
            ),
            option=option,
        )


def _is_option(word: str) -> bool:
    return word.startswith("-") and not word[1:].replace(".", "", 1).isdigit()


class _Parser:
    def __init__(self, argv: Sequence[str]) -> None:
        self.argv = list(argv)
        self.i = 0
        self.engines: list[dict[str, str]] = []
        self.each: dict[str, str] = {}
        self.values: dict[str, object] = {}
        self.numbers: dict[str, int] = {}
        self.texts: dict[str, str] = {}
        self.json = False

    def words(self) -> list[str]:
        """The words after the current option, up to the next one (a negative number is a
        value, not an option, so that ``-games -1`` is refused for its value)."""
        out = []
        while self.i < len(self.argv) and not _is_option(self.argv[self.i]):
            out.append(self.argv[self.i])
            self.i += 1
        return out

    def one(self, option: str) -> str:
        words = self.words()
        if len(words) != 1:
            raise MatchError(
                Words("{option} takes one value, got {n}", option=option, n=len(words)),
                option=option,
            )
        return words[0]

    def run(self) -> MatchOptions:
        handlers: dict[str, Callable[[str], None]] = {
            "-engine": self.engine,
            "-each": self.each_option,
            "-games": self.number,
            "-rounds": self.number,
            "-concurrency": self.number,
            "-maxmoves": self.number,
            "-srand": self.number,
            "-pgnout": self.text,
            "-eventsout": self.text,
            "-event": self.text,
            "-repeat": self.repeat,
            "-recover": self.flag,
            "--json": self.flag,
            "-openings": self.pairs,
            "-sprt": self.pairs,
            "-resign": self.pairs,
            "-draw": self.pairs,
            "-illegal": self.text,
            "-claims": self.text,
        }
        while self.i < len(self.argv):
            option = self.argv[self.i]
            self.i += 1
            handler = handlers.get(option)
            if handler is None:
                known = " ".join(sorted(handlers))
                raise MatchError(
                    Words("unknown option '{option}' (known: {known})", option=option, known=known),
                    option=option,
                )
            if option in self.values and option != "-engine":
                raise MatchError(Words("{option} given twice", option=option), option=option)
            handler(option)
        return MatchOptions(self.settings(), self.json)

    # -- one option each -----------------------------------------------------------------------

    def engine(self, option: str) -> None:
        pairs = _pairs(option, self.words())
        _check_keys(option, pairs, _ENGINE_KEYS)
        if "cmd" not in pairs or not pairs["cmd"].strip():
            raise MatchError(Words("-engine needs cmd=COMMAND"), option=option)
        self.engines.append(pairs)

    def each_option(self, option: str) -> None:
        pairs = _pairs(option, self.words())
        _check_keys(option, pairs, _EACH_KEYS)
        self.each = pairs
        self.values[option] = True

    def number(self, option: str) -> None:
        low = 0 if option in ("-srand",) else 1
        self.numbers[option] = self.values[option] = _int(option, self.one(option), low=low)

    def text(self, option: str) -> None:
        self.texts[option] = self.one(option)
        self.values[option] = True

    def repeat(self, option: str) -> None:
        words = self.words()
        if words not in ([], ["2"]):
            raise MatchError(Words("-repeat takes no value (or 2): each opening is played twice"))
        self.values[option] = True

    def flag(self, option: str) -> None:
        if option == "--json":
            self.json = True
        self.values[option] = True

    def pairs(self, option: str) -> None:
        self.values[option] = _pairs(option, self.words())

    # -- building the settings ------------------------------------------------------------------

    def settings(self) -> MatchSettings:
        if len(self.engines) != 2:
            raise MatchError(
                Words("a match needs two -engine options, got {n}", n=len(self.engines)),
                option="-engine",
            )
        each_tc = self.each.get("tc")
        specs = (self.spec(self.engines[0]), self.spec(self.engines[1]))
        if each_tc is None and any(s.time_control is None for s in specs):
            raise MatchError(
                Words("give a time control: -each tc=TC (or tc= in each -engine)"), option="tc"
            )
        grace_text = self.each.get("grace", self.each.get("timemargin"))
        numbers, texts = self.numbers, self.texts
        settings = MatchSettings(
            engines=specs,
            time_control=None if each_tc is None else read_match_tc(each_tc, "-each tc"),
            grace=0 if grace_text is None else _int("-each grace", grace_text),
            games=numbers.get("-games", 1),
            rounds=numbers.get("-rounds", 1),
            repeat="-repeat" in self.values,
            concurrency=numbers.get("-concurrency", 1),
            pgnout=texts.get("-pgnout"),
            eventsout=texts.get("-eventsout"),
            maxmoves=numbers.get("-maxmoves"),
            recover="-recover" in self.values,
            seed=numbers.get("-srand"),
            event=texts.get("-event", "chesslaws match"),
        )
        return replace(
            settings,
            openings=self.openings(settings.seed),
            sprt=self.sprt(),
            resign=self.resign(),
            draw=self.draw(),
            illegal=self.choice("-illegal", IllegalMovePolicy, IllegalMovePolicy.LOSE),
            claims=self.choice("-claims", ClaimPolicy, ClaimPolicy.AUTO),
        )

    def spec(self, pairs: dict[str, str]) -> EngineSpec:
        merged = {**self.each, **pairs}
        merged.pop("grace", None)
        merged.pop("timemargin", None)
        options = tuple(
            (key[7:], value) for key, value in merged.items() if key.startswith("option.")
        )
        tc: TimeControl | None = None
        if "tc" in pairs:
            tc = read_match_tc(pairs["tc"], "-engine tc")
        stall = _int("stall", merged["stall"], low=1) if "stall" in merged else 10_000
        return EngineSpec(merged["cmd"], merged.get("name"), options, tc, stall)

    def openings(self, seed: int | None) -> OpeningBook | None:
        pairs = self.values.get("-openings")
        if pairs is None:
            return None
        assert isinstance(pairs, dict)
        option = "-openings"
        _check_keys(option, pairs, ("file", "format", "order", "plies", "start"))
        if "file" not in pairs:
            raise MatchError(Words("-openings needs file=FILE"), option=option)
        fmt = pairs.get("format", "pgn" if pairs["file"].endswith(".pgn") else "epd")
        plies = _int("-openings plies", pairs["plies"]) if "plies" in pairs else None
        if fmt == "epd":
            found = read_epd(pairs["file"])
        elif fmt == "pgn":
            found = read_pgn_openings(pairs["file"], plies)
        else:
            raise MatchError(
                Words("-openings: format={format} (expected epd or pgn)", format=fmt), option=option
            )
        if "start" in pairs:
            first = _int("-openings start", pairs["start"], low=1)
            found = found[first - 1 :]
        return OpeningBook(found, order=pairs.get("order", "sequential"), seed=seed)

    def sprt(self) -> Sprt | None:
        pairs = self.values.get("-sprt")
        if pairs is None:
            return None
        assert isinstance(pairs, dict)
        _check_keys("-sprt", pairs, ("elo0", "elo1", "alpha", "beta"))
        for key in ("elo0", "elo1"):
            if key not in pairs:
                raise MatchError(Words("-sprt needs {key}=", key=key), option="-sprt")
        alpha = _float("-sprt alpha", pairs.get("alpha", "0.05"))
        beta = _float("-sprt beta", pairs.get("beta", "0.05"))
        elo0, elo1 = _float("-sprt elo0", pairs["elo0"]), _float("-sprt elo1", pairs["elo1"])
        if not (0 < alpha < 1 and 0 < beta < 1) or elo0 >= elo1:
            raise MatchError(
                Words("-sprt: need 0 < alpha, beta < 1 and elo0 < elo1"), option="-sprt"
            )
        return Sprt(elo0, elo1, alpha, beta)

    def resign(self) -> ResignAdjudication | None:
        pairs = self.values.get("-resign")
        if pairs is None:
            return None
        assert isinstance(pairs, dict)
        _check_keys("-resign", pairs, ("movecount", "score"))
        return ResignAdjudication(
            _int("-resign movecount", pairs.get("movecount", "3"), low=1),
            _int("-resign score", pairs.get("score", "1000"), low=1),
        )

    def draw(self) -> DrawAdjudication | None:
        pairs = self.values.get("-draw")
        if pairs is None:
            return None
        assert isinstance(pairs, dict)
        _check_keys("-draw", pairs, ("movenumber", "movecount", "score"))
        return DrawAdjudication(
            _int("-draw movenumber", pairs.get("movenumber", "40")),
            _int("-draw movecount", pairs.get("movecount", "8"), low=1),
            _int("-draw score", pairs.get("score", "10")),
        )

    def choice(self, option: str, kind: type[_E], default: _E) -> _E:
        text = self.texts.get(option)
        if text is None:
            return default
        try:
            return kind(text)
        except ValueError:
            allowed = " or ".join(m.value for m in kind)
            raise MatchError(
                Words(
                    "{option} {text} (expected {allowed})",
                    option=option,
                    text=text,
                    allowed=allowed,
                ),
                option=option,
            ) from None


def parse_match_options(argv: Sequence[str]) -> MatchOptions:
    """Read the options of ``chesslaws match`` (see the module docstring)."""
    return _Parser(argv).run()
