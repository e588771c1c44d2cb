"""The terminal table of ``redouble play``: one person and three robots at a Rich console.

Everything shown comes from ``BoardState.view(seat)`` of the person's seat (or a spectator's
when nobody sits), so the terminal shows what a player at a real table sees (Law 41: dummy is
faced after the opening lead; the auction's explanations as the opponents are entitled to them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from redouble.board import Board
from redouble.calls import Call
from redouble.cards import SUITS, Card, Suit
from redouble.cli.words import count, say, vulnerability
from redouble.deal import Deal
from redouble.display import SUIT_STYLES, diagram
from redouble.errors import BridgeError
from redouble.notation import Language
from redouble.robots import Robot
from redouble.seats import Seat, Side
from redouble.state import BoardState, Phase
from redouble.view import View

__all__ = ["Quit", "TerminalTable", "play_session"]

#: The auction grid's columns, as hand records print them.
COLUMNS = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)


#: What the person may type besides calls and cards, in English and the table's languages
#: (never a word that is also a suit letter: 'h' is a suit, not help).
COMMANDS: dict[str, str] = {
    **dict.fromkeys(("help", "?", "hulp", "hilfe", "hjelp"), "help"),
    **dict.fromkeys(("quit", "exit", "q", "stop", "stoppen", "beenden", "avslutt"), "quit"),
    **dict.fromkeys(("hand", "table", "show", "tafel", "tisch", "bord"), "hand"),
    **dict.fromkeys(("auction", "bidding", "bieding", "reizung", "meldinger"), "auction"),
    **dict.fromkeys(("explain", "meaning", "alerts", "uitleg", "erklärung", "forklar"), "explain"),
    **dict.fromkeys(("tricks", "slagen", "stiche", "stikk"), "tricks"),
    **dict.fromkeys(("undo", "terug", "zurück", "angre"), "undo"),
    **dict.fromkeys(("claim", "claimen", "krev"), "claim"),
    **dict.fromkeys(("concede", "opgeven", "aufgeben"), "concede"),
}


class Quit(Exception):  # a signal, not an error
    """The person typed ``quit`` (or closed the input)."""


Ask = Callable[[str], str]


@dataclass
class TerminalTable:
    """One board at the terminal: robots act for every seat but ``human``'s, and the screen
    shows what ``human`` may see (everything public when ``human`` is ``None``)."""

    state: BoardState
    human: Seat | None
    robots: dict[Seat, Robot]
    language: Language
    console: Console
    ask: Ask
    mine: list[bool] = field(default_factory=list)  # per call or card in force: was it the person's?
    dummy_shown: bool = False
    refused: set[int] = field(default_factory=set)  # tricks in which a robot's claim was refused

    # --- words ----------------------------------------------------------------------------

    def seat_name(self, seat: Seat) -> str:
        return seat.format(lang=self.language, full=True)

    def card_text(self, card: Card) -> Text:
        return Text(card.format(lang=self.language, symbols=True), style=SUIT_STYLES[card.suit])

    def call_text(self, call: Call, *, alert: bool = False) -> Text:
        suit = None if call.strain is None else call.strain.suit
        text = Text(call.format(lang=self.language, symbols=True),
                    style="" if suit is None else SUIT_STYLES[suit])
        if alert:
            text.append("*", style="bold yellow")
        return text

    def side_name(self, side: Side) -> str:
        return "".join(seat.letter(self.language) for seat in side.seats)

    def view(self) -> View:
        return self.state.view(self.human)

    # --- what the screen shows -----------------------------------------------------------

    def header(self, view: View) -> str:
        words = self.language
        parts = [f"{say(words, 'board')} {view.board_number}" if view.board_number is not None
                 else say(words, "deal"),
                 f"{say(words, 'dealer')} {self.seat_name(view.dealer)}",
                 f"{say(words, 'vulnerable')} {vulnerability(words, view.vulnerability)}"]
        return " · ".join(parts)

    def auction_grid(self, view: View) -> Group:
        """The auction in columns W N E S, '?' where a call is awaited, alerts starred and noted."""
        table = Table(*(self.seat_name(seat) for seat in COLUMNS), box=None, padding=(0, 2))
        cells: list[Text] = [Text("") for _ in range(COLUMNS.index(view.dealer))]
        notes: list[Text] = []
        for entry in view.auction:
            cells.append(self.call_text(entry.call, alert=entry.alert))
            if entry.alert:
                note = Text(f"  * {entry.call.format(lang=self.language, symbols=True)} "
                            f"({self.seat_name(entry.seat)}): ")
                note.append(entry.explanation or say(self.language, "alerted"))
                notes.append(note)
        if view.phase is Phase.AUCTION:
            cells.append(Text("?", style="bold reverse"))
        for start in range(0, len(cells), 4):
            row = cells[start:start + 4]
            table.add_row(*row, *[Text("")] * (4 - len(row)))
        return Group(table, *notes)

    def contract_line(self, view: View, *, lead: bool = True) -> Text:
        contract = view.contract
        if contract is None or contract.declarer is None:
            return Text(say(self.language, "passed_out"), style="bold")
        line = Text(f"{say(self.language, 'contract')} ", style="bold")
        line.append(self.call_text(Call.bid(contract.level, contract.strain)))
        line.append(contract.risk.suffix)
        line.append(f" {self.seat_name(contract.declarer)}")
        if lead:
            line.append(f" · {say(self.language, 'leads', seat=self.seat_name(contract.declarer.lho))}")
        return line

    def tricks_line(self, view: View) -> str:
        won = {side: 0 for side in Side}
        for trick in view.tricks:
            if trick.winner is not None:
                won[trick.winner.side] += 1
        return " · ".join(f"{self.side_name(side)} {won[side]}" for side in Side)

    def trick_centre(self, view: View) -> str:
        """The trick on the table: each card at its seat, '·' for the seats still to play."""
        played: dict[Seat, str] = {}
        trick = view.current_trick
        if trick is not None:
            for seat, card in trick.plays:
                played[seat] = card.format(lang=self.language, symbols=True)

        def at(seat: Seat) -> str:
            mark = played.get(seat, "?" if view.turn is seat else "·")
            return f"{seat.letter(self.language)} {mark}"

        return "\n".join([at(Seat.NORTH), f"{at(Seat.WEST)}      {at(Seat.EAST)}", at(Seat.SOUTH)])

    def show_table(self, view: View) -> None:
        """The visible hands around the trick in progress, with the contract and tricks won."""
        if view.phase is Phase.AUCTION:
            self.console.print(Text(self.header(view), style="bold"))
            for seat, cards in view.hands.items():
                self.console.print(self.hand_line(seat, cards))
            return
        self.console.print(self.contract_line(view), Text(f"   {self.tricks_line(view)}"))
        self.console.print(diagram(view.hands, lang=self.language, centre=self.trick_centre(view)))

    def hand_line(self, seat: Seat, cards: tuple[Card, ...]) -> Text:
        """A hand on one line, spades first: 'South (15): ♠ 5  ♥ AK854  ♦ AQ7  ♣ Q742'."""
        line = Text(f"{self.seat_name(seat)} ({sum(c.hcp for c in cards)}): ", style="bold")
        for suit in SUITS:
            ranks = sorted((c.rank for c in cards if c.suit is suit), reverse=True)
            line.append(suit.format(symbols=True), style=SUIT_STYLES[suit])
            line.append(" " + ("".join(self.language.rank_text(r) for r in ranks) or "—") + "  ")
        return line

    def legal_line(self, view: View) -> Text:
        """The legal cards grouped by suit, so the person sees at once what may be played."""
        line = Text(f"{say(self.language, 'legal')}: ")
        for suit in SUITS:
            cards = sorted((c for c in view.legal_cards if c.suit is suit), reverse=True)
            if cards:
                line.append(suit.format(symbols=True), style=SUIT_STYLES[suit])
                line.append(" " + " ".join(self.language.rank_text(c.rank) for c in cards) + "  ")
        return line

    def print_trick(self, view: View) -> None:
        trick = view.tricks[-1]
        line = Text(f"{say(self.language, 'trick_no', n=len(view.tricks))}: ", style="bold")
        for seat, card in trick.plays:
            line.append(f"{seat.letter(self.language)} ")
            line.append(self.card_text(card))
            line.append("  ")
        assert trick.winner is not None
        line.append(f"→ {say(self.language, 'wins', seat=self.seat_name(trick.winner))}",
                    style="bold")
        line.append(f"   ({self.tricks_line(view)})")
        self.console.print(line)

    def show_dummy(self, view: View) -> None:
        dummy = view.dummy
        if self.dummy_shown or dummy is None or not view.visible(dummy) or dummy is self.human:
            return
        self.dummy_shown = True
        self.console.print(Text(f"{say(self.language, 'dummy')} ({self.seat_name(dummy)}):",
                                style="bold"))
        self.console.print(diagram({dummy: view.hands[dummy]}, lang=self.language, hcp=True))

    def explain(self, view: View) -> None:
        """What every call so far means in the robots' system, in the person's language."""
        from redouble.robots import explain_auction

        meanings = explain_auction(view, lang=self.language.value)
        for entry, meaning in zip(view.auction, meanings, strict=True):
            line = Text(f"  {self.seat_name(entry.seat)} ")
            line.append(self.call_text(entry.call))
            line.append(f": {meaning or say(self.language, 'no_meaning')}")
            self.console.print(line)

    def show_tricks(self, view: View) -> None:
        for number, trick in enumerate(view.tricks, start=1):
            line = Text(f"  {number:2}. ")
            for seat, card in trick.plays:
                line.append(f"{seat.letter(self.language)} ")
                line.append(self.card_text(card))
                line.append("  ")
            if trick.winner is not None:
                line.append(f"→ {self.seat_name(trick.winner)}")
            self.console.print(line)

    def help(self, view: View) -> None:
        key = "help_auction" if view.phase is Phase.AUCTION else "help_play"
        self.console.print(say(self.language, key))
        self.console.print(say(self.language, "help_commands"))

    # --- acting --------------------------------------------------------------------------

    def record(self, *, by_human: bool) -> None:
        self.mine.append(by_human)

    def after_action(self, before: View) -> None:
        """Print what just happened that the screen does not show yet: a trick, dummy."""
        view = self.view()
        if before.phase is Phase.AUCTION and view.phase is not Phase.AUCTION:
            self.console.print(self.auction_grid(view))
            self.console.print(self.contract_line(view))
        if len(view.tricks) > len(before.tricks):
            self.print_trick(view)
        self.show_dummy(view)

    def robot_turn(self, actor: Seat) -> None:
        before = self.view()
        view = self.state.view(actor)
        robot = self.robots[actor]
        if view.phase is Phase.AUCTION:
            choice = robot.choose_call(view)
            self.state.make_call(choice.call, seat=actor, alert=choice.alert,
                                 explanation=choice.explanation)
        else:
            propose = getattr(robot, "propose_claim", None)
            if propose is not None and len(view.tricks) not in self.refused:
                tricks = propose(view)
                if tricks is not None and self.state.can_claim(actor, tricks):
                    self.state.claim(actor, tricks)
                    self.announce_claim(actor, tricks, 13 - len(view.tricks))
                    return
            self.state.play_card(robot.choose_card(view), by=actor)
        self.record(by_human=False)
        self.after_action(before)

    def prompt(self, view: View) -> str:
        """'South: ', or 'Dummy (North): ' when declarer plays from dummy."""
        assert self.human is not None
        if view.phase is Phase.PLAY and view.turn is not None and view.turn is not self.human:
            return f"{say(self.language, 'dummy')} ({self.seat_name(view.turn)}): "
        return f"{self.seat_name(self.human)}: "

    def human_turn(self) -> None:
        """Show the table, read one line, and apply it: a call, a card or a command."""
        assert self.human is not None
        view = self.view()
        if view.phase is Phase.AUCTION:
            self.show_table(view)
            self.console.print(self.auction_grid(view))
        else:
            self.show_table(view)
            self.console.print(self.legal_line(view))
        while True:
            text = self.read(self.prompt(view)).strip()
            if not text:
                continue
            try:
                if self.command(text, view):
                    return
            except BridgeError as error:
                self.console.print(Text(str(error), style="red"))

    def read(self, prompt: str) -> str:
        try:
            return self.ask(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    def command(self, text: str, view: View) -> bool:
        """Apply one line the person typed; ``True`` once the turn has passed on."""
        assert self.human is not None
        word, _, rest = text.partition(" ")
        key = COMMANDS.get(word.lower())
        if key == "help":
            self.help(view)
        elif key == "quit":
            raise Quit
        elif key == "hand":
            self.show_table(view)
            if view.phase is not Phase.AUCTION:
                self.console.print(self.legal_line(view))
        elif key == "auction":
            self.console.print(self.auction_grid(view))
        elif key == "explain":
            self.explain(view)
        elif key == "tricks":
            self.show_tricks(view)
        elif key == "undo":
            return self.undo()
        elif key in ("claim", "concede"):
            return self.claim(key, rest)
        elif view.phase is Phase.AUCTION:
            self.call(text)
            return True
        else:
            self.card(text, view)
            return True
        return False

    def call(self, text: str) -> None:
        assert self.human is not None
        written, bang, meaning = text.partition("!")
        call = Call.parse(written.strip(), lang=self.language)
        before = self.view()
        self.state.make_call(call, seat=self.human, alert=bool(bang),
                             explanation=meaning.strip() or None)
        self.record(by_human=True)
        self.after_action(before)

    def card(self, text: str, view: View) -> None:
        assert self.human is not None
        suit = self.language.suit_index(text)
        if suit is not None:  # a suit alone: its lowest legal card
            wanted = Suit(suit)
            legal = [c for c in view.legal_cards if c.suit is wanted]
            if not legal:
                raise BridgeError(f"no legal card in {wanted.format(lang=self.language, symbols=True)}")
            card = min(legal)
        else:
            card = Card.parse(text, lang=self.language)
        before = view
        self.state.play_card(card, by=self.human)
        self.record(by_human=True)
        self.after_action(before)

    def undo(self) -> bool:
        """Take back the person's last call or card, and the robots' actions after it."""
        if True not in self.mine:
            self.console.print(say(self.language, "nothing_to_undo"))
            return False
        self.state.check_undo()
        taken: list[str] = []
        while self.mine:
            view = self.view()
            last = self.describe_last(view)
            self.state.undo(self.human)
            taken.append(last)
            if self.mine.pop():
                break
        self.console.print(say(self.language, "undone", what=", ".join(reversed(taken))))
        return True

    def describe_last(self, view: View) -> str:
        if not view.played:
            entry = view.auction[-1]
            return f"{entry.seat.letter(self.language)} {entry.call.format(lang=self.language, symbols=True)}"
        seat, card = view.played[-1]
        return f"{seat.letter(self.language)} {card.format(lang=self.language, symbols=True)}"

    def claim(self, key: str, rest: str) -> bool:
        """``claim N``: N of the remaining tricks for the person's side (Law 68); ``concede``: none."""
        assert self.human is not None
        number, _, statement = rest.strip().partition(" ")
        if key == "concede":
            tricks, statement = 0, rest.strip()
        else:
            try:
                tricks = int(number)
            except ValueError:
                raise BridgeError("claim how many tricks? e.g. 'claim 3' or 'claim 3 drawing trumps'") from None
        left = 13 - len(self.view().tricks)
        self.state.claim(self.human, tricks)
        self.announce_claim(self.human, tricks, left, statement.strip())
        return True

    def announce_claim(self, claimer: Seat, tricks: int, left: int, statement: str = "") -> None:
        """Say who claims what, with the line of play stated (Law 68C); the person sees a robot
        claimer's faced hand."""
        line = Text(say(self.language, "claims", seat=self.seat_name(claimer), claimed=tricks,
                        left=left), style="bold")
        if statement:
            line.append(f": {statement}", style="italic")
        self.console.print(line)
        view = self.view()
        if claimer is not self.human and claimer in view.hands:
            self.console.print(self.hand_line(claimer, view.hands[claimer]))

    def answer_claim(self) -> None:
        """Each seat that must agree answers the pending claim: robots by solving it, the person
        by typing y or n (the claimer's hand is shown, Law 68C)."""
        view = self.view()
        claim = view.claim
        assert claim is not None
        for letter in claim["needs"]:
            seat = Seat.parse(letter)
            if letter in claim["accepted_by"]:
                continue
            if seat is self.human:
                answer = self.read(f"{say(self.language, 'accept')} "
                                   f"({say(self.language, 'yes_no')}): ").strip().lower()
                agreed = answer[:1] in ("y", "j")
            else:
                agreed = self.robots[seat].answer_claim(self.state.view(seat))
            if agreed:
                self.state.accept_claim(seat)
                self.console.print(say(self.language, "accepts", seat=self.seat_name(seat)))
            else:
                self.state.reject_claim(seat)
                self.refused.add(len(view.tricks))
                self.console.print(say(self.language, "rejects", seat=self.seat_name(seat)))
                return

    # --- the board -----------------------------------------------------------------------

    def run(self) -> None:
        """Play the board to its end, then show the result, its score and the whole deal."""
        view = self.view()
        if self.human is None:
            self.show_table(view)
        else:
            self.console.print(say(self.language, "you_are", seat=self.seat_name(self.human)) + " "
                               + say(self.language, "help_auction") + " "
                               + say(self.language, "type_help"))
        while True:
            phase = self.state.phase
            if phase is Phase.DONE:
                break
            if phase is Phase.CLAIM:
                self.answer_claim()
                continue
            actor = self.state.actor
            assert actor is not None
            if actor is self.human:
                self.human_turn()
            else:
                self.robot_turn(actor)
        self.show_end()

    def show_end(self) -> None:
        from redouble.scoring.duplicate import score_breakdown

        view = self.view()
        contract = view.contract
        self.console.rule(say(self.language, "result"))
        if contract is None or contract.declarer is None:
            self.console.print(Text(say(self.language, "passed_out"), style="bold"))
        else:
            tricks = view.declarer_tricks
            breakdown = score_breakdown(contract, tricks=tricks, vulnerable=view.vulnerability)
            self.console.print(Text.assemble(
                self.contract_line(view, lead=False), f" · {count(self.language, tricks, 'trick')} "
                f"({breakdown.result_text})"))
            table = Table(box=None, title=say(self.language, "law77"), title_justify="left",
                          show_header=False)
            table.add_column("")
            table.add_column("", justify="right")
            for label, points in self.score_lines(breakdown):
                table.add_row(label, f"{points:+d}")
            side = contract.declarer.side
            total = breakdown.total
            table.add_row(Text(f"{say(self.language, 'total')} {self.side_name(side)}", style="bold"),
                          Text(f"{total:+d}", style="bold"))
            self.console.print(table)
            self.console.print(Text(f"{self.side_name(Side.NS)} {self.ns_score():+d}   "
                                    f"{self.side_name(Side.EW)} {-self.ns_score():+d}", style="bold"))
        assert view.deal is not None
        self.console.print(Panel.fit(diagram(view.deal, lang=self.language, hcp=True,
                                             centre=self.header(view)),
                                     title=say(self.language, "the_deal")))
        self.console.print(self.auction_grid(view))
        if view.tricks:
            self.show_tricks(view)

    def score_lines(self, breakdown: object) -> list[tuple[str, int]]:
        """The Law 77 parts in the person's language, counted words in the right number."""
        from redouble.scoring.duplicate import GAME, ScoreBreakdown

        assert isinstance(breakdown, ScoreBreakdown)
        words = self.language
        if not breakdown.made:
            return [(count(words, -breakdown.result, "undertrick"), -breakdown.undertricks)]
        rows = [(say(words, "trick_score"), breakdown.trick_score),
                (count(words, breakdown.result, "overtrick"), breakdown.overtricks),
                (say(words, "game_bonus" if breakdown.trick_score >= GAME else "partscore_bonus"),
                 breakdown.game_bonus),
                (say(words, "slam_bonus"), breakdown.slam_bonus),
                (say(words, "insult"), breakdown.insult)]
        return [(label, points) for label, points in rows if points]

    def ns_score(self) -> int:
        """The board's score from North-South's side (0 if passed out)."""
        from redouble.scoring.duplicate import ns_score

        view = self.view()
        if view.contract is None:
            return 0
        return ns_score(view.contract, tricks=view.declarer_tricks, vulnerability=view.vulnerability)


def play_session(*, board: int, seed: str | None, human: Seat | None, language: Language,
                 think: float, console: Console, ask: Ask, simulate: bool = True) -> None:
    """Board after board at the terminal until the person says no more (or quits); robots bid
    by simulation at their hard decisions unless ``simulate`` is off (rules alone)."""
    from redouble.robots import SaycRobot

    robots: dict[Seat, Robot] = {seat: SaycRobot(lang=language.value, budget=think, seed=index,
                                                 simulate=simulate)
                                 for index, seat in enumerate(Seat)}
    played = 0
    ns_total = 0
    number = board
    try:
        while True:
            deal = Deal.from_seed(seed, played) if seed is not None else Deal.random()
            table = TerminalTable(state=BoardState(Board.numbered(number, deal=deal)), human=human,
                                  robots=robots, language=language, console=console, ask=ask)
            table.run()
            played += 1
            ns_total += table.ns_score()
            answer = table.read(f"{say(language, 'another')} ({say(language, 'yes_no')}): ")
            if answer.strip().lower()[:1] not in ("y", "j"):
                break
            number += 1
    except Quit:
        pass
    if played:
        console.print(f"{say(language, 'played', boards=count(language, played, 'board'))} · "
                      f"{''.join(s.letter(language) for s in Side.NS.seats)} {ns_total:+d}")
    console.print(say(language, "goodbye"))
