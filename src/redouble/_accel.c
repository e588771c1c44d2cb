/* redouble._accel: the compiled hot path of the rules engine.
 *
 * Two base classes, AuctionCore and PlayCore, hold the state that every call and card
 * touches (as small integers and bit masks) and implement the frequent operations: making a
 * call, playing a card, listing the legal calls and cards.  The Python classes Auction and
 * Play subclass them and add everything else.  redouble/_pycore.py is the reference
 * implementation of the same two classes in Python: it is used when this module is not
 * built (or REDOUBLE_PURE_PYTHON=1), and the tests run both against each other.
 *
 * The core alone decides legality: call_refusal and card_refusal (exposed as _call_refusal
 * and _card_refusal) return 0 for a legal action and a reason (enum refusal, the numbers of
 * redouble.refusals.Refusal) otherwise.  A refused action goes to the Python check_call /
 * check_card, which raises the error redouble.refusals words for that reason.  The core never
 * produces an error message of its own.
 *
 * Seats are 0-3 (N E S W), suits 0-3 (C D H S), cards 0-51 (suit * 13 + rank - 2), calls
 * 0-37 (Pass, X, XX, then 1C ... 7NT), as in the Python types' own numbering.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

/* The Python values the core hands out, given once by setup(). */
static PyObject *DECK[52];
static PyObject *SEATS[4];
static PyObject *CALLS[38];
static PyObject *RISKS[3];
static int ready = 0;
static PyObject *s_index, *s_check_card, *s_check_call;

/* Why an action is refused: the numbers of redouble.refusals.Refusal (change both together). */
enum refusal {
    LEGAL = 0,
    NOT_A_CALL = 1,
    AUCTION_OVER = 2,
    CALL_OUT_OF_TURN = 3,
    INSUFFICIENT_BID = 4,
    DOUBLE_WITHOUT_BID = 5,
    DOUBLE_OWN_SIDE = 6,
    DOUBLE_REPEATED = 7,
    REDOUBLE_WITHOUT_BID = 8,
    REDOUBLE_NOT_DOUBLED = 9,
    REDOUBLE_REPEATED = 10,
    REDOUBLE_WRONG_SIDE = 11,
    NOT_A_CARD = 12,
    PLAY_OVER = 13,
    CLAIM_PENDING = 14,
    CARD_OUT_OF_TURN = 15,
    DUMMY_CANNOT_ACT = 16,
    CARD_ALREADY_PLAYED = 17,
    CARD_NOT_HELD = 18,
    MUST_FOLLOW_SUIT = 19,
    WRONG_PHASE = 20,
};

/* ---------------------------------------------------------------------------------------- */
/* setup                                                                                     */

static int fill(PyObject *seq, PyObject **out, Py_ssize_t n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        PyErr_Format(PyExc_ValueError, "setup: expected %zd %s", n, what);
        Py_DECREF(fast);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
        Py_INCREF(item);
        Py_XSETREF(out[i], item);
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *accel_setup(PyObject *module, PyObject *args) {
    PyObject *deck, *seats, *calls, *risks;
    if (!PyArg_ParseTuple(args, "OOOO:setup", &deck, &seats, &calls, &risks)) return NULL;
    if (fill(deck, DECK, 52, "cards") < 0 || fill(seats, SEATS, 4, "seats") < 0
        || fill(calls, CALLS, 38, "calls") < 0 || fill(risks, RISKS, 3, "risks") < 0)
        return NULL;
    ready = 1;
    Py_RETURN_NONE;
}

static int require_ready(void) {
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "redouble._accel.setup() has not been called");
        return -1;
    }
    return 0;
}

/* The index of a Card (or Call), or -1 if obj is not one of the n values in table. */
static int index_of(PyObject *obj, PyObject **table, int n) {
    PyObject *value = PyObject_GetAttr(obj, s_index);
    if (value == NULL) {
        PyErr_Clear();
        return -1;
    }
    long index = PyLong_Check(value) ? PyLong_AsLong(value) : -1;
    Py_DECREF(value);
    if (index == -1 && PyErr_Occurred()) PyErr_Clear();
    if (index < 0 || index >= n) return -1;
    if (table[index] != obj) {
        /* Calls are equal by value, not always the same object. */
        int same = PyObject_RichCompareBool(table[index], obj, Py_EQ);
        if (same != 1) {
            if (same < 0) PyErr_Clear();
            return -1;
        }
    }
    return (int)index;
}

static int seat_of(PyObject *obj) {
    for (int i = 0; i < 4; i++)
        if (SEATS[i] == obj) return i;
    return -1;
}

/* Hand an action the fast path did not accept to the Python check, which raises. */
static PyObject *refuse(PyObject *self, PyObject *name, PyObject *value, PyObject *keyword,
                        PyObject *who) {
    PyObject *args = PyTuple_Pack(1, value);
    if (args == NULL) return NULL;
    PyObject *kwargs = Py_BuildValue("{OO}", keyword, who);
    if (kwargs == NULL) {
        Py_DECREF(args);
        return NULL;
    }
    PyObject *method = PyObject_GetAttr(self, name);
    PyObject *result = method == NULL ? NULL : PyObject_Call(method, args, kwargs);
    Py_XDECREF(method);
    Py_DECREF(args);
    Py_DECREF(kwargs);
    if (result == NULL) return NULL;
    Py_DECREF(result);
    PyErr_Format(PyExc_AssertionError, "unreachable: %U accepted a refused action", name);
    return NULL;
}

/* ---------------------------------------------------------------------------------------- */
/* AuctionCore                                                                               */

typedef struct {
    PyObject_HEAD
    PyObject *calls;        /* list of Call, in order */
    PyObject *last_bid;     /* Call or None */
    PyObject *last_bidder;  /* Seat or None */
    PyObject *risk_obj;     /* Risk */
    PyObject *dealer_obj;   /* Seat */
    int dealer;
    int last_bid_index;     /* 3-37, or -1 */
    int last_bidder_seat;   /* 0-3, or -1 */
    int risk;               /* 0 undoubled, 1 doubled, 2 redoubled */
    int passes;             /* consecutive passes at the end */
    int ncalls;
} AuctionCore;

static int auction_traverse(AuctionCore *self, visitproc visit, void *arg) {
    Py_VISIT(self->calls);
    Py_VISIT(self->last_bid);
    Py_VISIT(self->last_bidder);
    Py_VISIT(self->risk_obj);
    Py_VISIT(self->dealer_obj);
    return 0;
}

static int auction_clear(AuctionCore *self) {
    Py_CLEAR(self->calls);
    Py_CLEAR(self->last_bid);
    Py_CLEAR(self->last_bidder);
    Py_CLEAR(self->risk_obj);
    Py_CLEAR(self->dealer_obj);
    return 0;
}

static void auction_dealloc(AuctionCore *self) {
    PyObject_GC_UnTrack(self);
    auction_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *auction_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (require_ready() < 0) return NULL;
    AuctionCore *self = (AuctionCore *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    self->calls = PyList_New(0);
    if (self->calls == NULL) {
        Py_DECREF(self);
        return NULL;
    }
    self->last_bid = Py_NewRef(Py_None);
    self->last_bidder = Py_NewRef(Py_None);
    self->risk_obj = Py_NewRef(RISKS[0]);
    self->dealer_obj = Py_NewRef(SEATS[0]);
    self->last_bid_index = -1;
    self->last_bidder_seat = -1;
    return (PyObject *)self;
}

static PyObject *auction_core_reset(AuctionCore *self, PyObject *dealer) {
    int seat = seat_of(dealer);
    if (seat < 0) {
        PyErr_Format(PyExc_TypeError, "the dealer must be a Seat, not %R", dealer);
        return NULL;
    }
    PyObject *calls = PyList_New(0);
    if (calls == NULL) return NULL;
    Py_SETREF(self->calls, calls);
    Py_SETREF(self->last_bid, Py_NewRef(Py_None));
    Py_SETREF(self->last_bidder, Py_NewRef(Py_None));
    Py_SETREF(self->risk_obj, Py_NewRef(RISKS[0]));
    Py_SETREF(self->dealer_obj, Py_NewRef(SEATS[seat]));
    self->dealer = seat;
    self->last_bid_index = -1;
    self->last_bidder_seat = -1;
    self->risk = 0;
    self->passes = 0;
    self->ncalls = 0;
    Py_RETURN_NONE;
}

static inline int auction_complete(AuctionCore *self) {
    return self->passes >= (self->last_bid_index < 0 ? 4 : 3);
}

/* Whether the seat on turn may double (1) or redouble (2) now. */
static inline int auction_can_double(AuctionCore *self, int turn) {
    return self->last_bidder_seat >= 0 && self->risk == 0
           && ((self->last_bidder_seat ^ turn) & 1) == 1;
}

static inline int auction_can_redouble(AuctionCore *self, int turn) {
    return self->last_bidder_seat >= 0 && self->risk == 1
           && ((self->last_bidder_seat ^ turn) & 1) == 0;
}

/* Parse (call, *, seat=None[, alert=False, explanation=None]) for make_call. */
static int call_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, int notes,
                     PyObject **call, PyObject **seat, PyObject **alert, PyObject **explanation) {
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    *seat = *explanation = Py_None;
    *alert = Py_False;
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "make_call() takes one positional argument, the call");
        return -1;
    }
    *call = args[0];
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i);
        if (PyUnicode_CompareWithASCIIString(key, "seat") == 0) {
            *seat = args[nargs + i];
        } else if (notes && PyUnicode_CompareWithASCIIString(key, "alert") == 0) {
            *alert = args[nargs + i];
        } else if (notes && PyUnicode_CompareWithASCIIString(key, "explanation") == 0) {
            *explanation = args[nargs + i];
        } else {
            PyErr_Format(PyExc_TypeError, "make_call() got an unexpected keyword argument %R", key);
            return -1;
        }
    }
    return 0;
}

/* Why ``call`` (by ``seat``, or anyone if None) may not be made now, or LEGAL with *index set. */
static int call_refusal(AuctionCore *self, PyObject *call, PyObject *seat, int *index) {
    int i = index_of(call, CALLS, 38);
    if (i < 0) return NOT_A_CALL;
    if (auction_complete(self)) return AUCTION_OVER;
    int turn = (self->dealer + self->ncalls) & 3;
    if (seat != Py_None && seat != SEATS[turn]) return CALL_OUT_OF_TURN;
    *index = i;
    if (i >= 3) return i > self->last_bid_index ? LEGAL : INSUFFICIENT_BID;
    if (i == 0) return LEGAL;
    int bidder = self->last_bidder_seat;
    if (i == 1) {
        if (bidder < 0) return DOUBLE_WITHOUT_BID;
        if (((bidder ^ turn) & 1) == 0) return DOUBLE_OWN_SIDE;
        return self->risk == 0 ? LEGAL : DOUBLE_REPEATED;
    }
    if (bidder < 0) return REDOUBLE_WITHOUT_BID;
    if (self->risk == 0) return REDOUBLE_NOT_DOUBLED;
    if (self->risk == 2) return REDOUBLE_REPEATED;
    return ((bidder ^ turn) & 1) ? REDOUBLE_WRONG_SIDE : LEGAL;
}

/* Make ``call``; returns the caller's seat (0-3) and sets *made to its index, or -1. */
static int make_call_impl(AuctionCore *self, PyObject *call, PyObject *seat, int *made) {
    int index = -1;
    if (call_refusal(self, call, seat, &index) != LEGAL) {
        PyObject *keyword = PyUnicode_FromString("seat");
        if (keyword == NULL) return -1;
        PyObject *result = refuse((PyObject *)self, s_check_call, call, keyword, seat);
        Py_DECREF(keyword);
        Py_XDECREF(result);
        return -1;
    }
    int turn = (self->dealer + self->ncalls) & 3;
    if (PyList_Append(self->calls, CALLS[index]) < 0) return -1;
    self->ncalls++;
    if (index == 0) {
        self->passes++;
    } else {
        self->passes = 0;
        if (index >= 3) {
            self->last_bid_index = index;
            self->last_bidder_seat = turn;
            self->risk = 0;
            Py_SETREF(self->last_bid, Py_NewRef(CALLS[index]));
            Py_SETREF(self->last_bidder, Py_NewRef(SEATS[turn]));
        } else {
            self->risk = index;  /* X: doubled (1), XX: redoubled (2) */
        }
        Py_SETREF(self->risk_obj, Py_NewRef(RISKS[self->risk]));
    }
    *made = index;
    return turn;
}

static PyObject *auction_make_call(AuctionCore *self, PyObject *const *args, Py_ssize_t nargs,
                                   PyObject *kwnames) {
    PyObject *call, *seat, *alert, *explanation;
    int index;
    if (call_args(args, nargs, kwnames, 0, &call, &seat, &alert, &explanation) < 0) return NULL;
    int turn = make_call_impl(self, call, seat, &index);
    if (turn < 0) return NULL;
    return Py_NewRef(SEATS[turn]);
}

/* Parse (action, who) for the _call_refusal and _card_refusal methods. */
static int refusal_args(PyObject *const *args, Py_ssize_t nargs, const char *name) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "%s() takes two arguments, the action and the seat", name);
        return -1;
    }
    return 0;
}

static PyObject *auction_call_refusal(AuctionCore *self, PyObject *const *args, Py_ssize_t nargs) {
    int index;
    if (refusal_args(args, nargs, "_call_refusal") < 0) return NULL;
    return PyLong_FromLong(call_refusal(self, args[0], args[1], &index));
}

static PyObject *auction_legal_tuple(AuctionCore *self, PyObject *unused) {
    if (auction_complete(self)) return PyTuple_New(0);
    int turn = (self->dealer + self->ncalls) & 3;
    int extra = auction_can_double(self, turn) ? 1 : auction_can_redouble(self, turn) ? 2 : 0;
    int first = self->last_bid_index < 0 ? 3 : self->last_bid_index + 1;
    Py_ssize_t n = 1 + (extra ? 1 : 0) + (38 - first);
    PyObject *result = PyTuple_New(n);
    if (result == NULL) return NULL;
    Py_ssize_t k = 0;
    PyTuple_SET_ITEM(result, k++, Py_NewRef(CALLS[0]));
    if (extra) PyTuple_SET_ITEM(result, k++, Py_NewRef(CALLS[extra]));
    for (int i = first; i < 38; i++) PyTuple_SET_ITEM(result, k++, Py_NewRef(CALLS[i]));
    return result;
}

static PyObject *auction_get_complete(AuctionCore *self, void *closure) {
    return PyBool_FromLong(auction_complete(self));
}

static PyObject *auction_get_turn(AuctionCore *self, void *closure) {
    if (auction_complete(self)) Py_RETURN_NONE;
    return Py_NewRef(SEATS[(self->dealer + self->ncalls) & 3]);
}

static PyObject *auction_get_passes(AuctionCore *self, void *closure) {
    return PyLong_FromLong(self->passes);
}

static PyMethodDef auction_methods[] = {
    {"_core_reset", (PyCFunction)auction_core_reset, METH_O,
     "Start an empty auction with ``dealer`` to call first."},
    {"make_call", (PyCFunction)(void (*)(void))auction_make_call, METH_FASTCALL | METH_KEYWORDS,
     "Check and make ``call``; returns the seat that made it."},
    {"_legal_tuple", (PyCFunction)auction_legal_tuple, METH_NOARGS,
     "The calls legal now, in bidding-box order."},
    {"_call_refusal", (PyCFunction)(void (*)(void))auction_call_refusal, METH_FASTCALL,
     "0 if ``call`` may be made now (by ``seat``, if given), else the ``Refusal``."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef auction_members[] = {
    {"_calls", T_OBJECT, offsetof(AuctionCore, calls), READONLY, "The calls made."},
    {"_last_bid", T_OBJECT, offsetof(AuctionCore, last_bid), READONLY, "The highest bid."},
    {"_last_bidder", T_OBJECT, offsetof(AuctionCore, last_bidder), READONLY, "Its bidder."},
    {"_risk", T_OBJECT, offsetof(AuctionCore, risk_obj), READONLY, "Doubled or not."},
    {"dealer", T_OBJECT, offsetof(AuctionCore, dealer_obj), READONLY, "The dealer."},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef auction_getset[] = {
    {"is_complete", (getter)auction_get_complete, NULL,
     "Four passes at the start, or three passes after a bid (Law 17E).", NULL},
    {"turn", (getter)auction_get_turn, NULL,
     "The seat to call next, or ``None`` once the auction is over.", NULL},
    {"_passes", (getter)auction_get_passes, NULL, "Consecutive passes at the end.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject AuctionCoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "redouble._accel.AuctionCore",
    .tp_basicsize = sizeof(AuctionCore),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The compiled state of an auction; redouble.Auction subclasses it.",
    .tp_new = auction_new,
    .tp_dealloc = (destructor)auction_dealloc,
    .tp_traverse = (traverseproc)auction_traverse,
    .tp_clear = (inquiry)auction_clear,
    .tp_methods = auction_methods,
    .tp_members = auction_members,
    .tp_getset = auction_getset,
};

/* ---------------------------------------------------------------------------------------- */
/* PlayCore                                                                                  */

typedef struct {
    PyObject_HEAD
    PyObject *claim;          /* the pending claim, or None: no card may be played */
    int8_t owner[52];         /* who still holds each card, or -1 once played */
    uint16_t masks[4][4];     /* [seat][suit]: bit (rank - 2) set while the card is held */
    int8_t history[52];       /* cards played, in order */
    int8_t leaders[13];       /* the leader of each completed trick */
    int nhistory, ntricks;
    int leader, turn;         /* turn is -1 when play is over */
    int trump;                /* 0-3, or -1 at notrump */
    int declarer, dummy;
    int won[2];               /* tricks won in play by NS, EW */
} PlayCore;

static int play_traverse(PlayCore *self, visitproc visit, void *arg) {
    Py_VISIT(self->claim);
    return 0;
}

static int play_clear(PlayCore *self) {
    Py_CLEAR(self->claim);
    return 0;
}

static void play_dealloc(PlayCore *self) {
    PyObject_GC_UnTrack(self);
    play_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *play_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (require_ready() < 0) return NULL;
    PlayCore *self = (PlayCore *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    self->claim = Py_NewRef(Py_None);
    self->turn = -1;
    self->trump = -1;
    memset(self->owner, -1, sizeof self->owner);
    return (PyObject *)self;
}

/* _core_start(owners, declarer, trump): owners is 52 bytes, the seat (0-3) of each card. */
static PyObject *play_core_start(PlayCore *self, PyObject *args) {
    Py_buffer owners;
    int declarer, trump;
    if (!PyArg_ParseTuple(args, "y*ii:_core_start", &owners, &declarer, &trump)) return NULL;
    if (owners.len != 52 || declarer < 0 || declarer > 3 || trump < -1 || trump > 3) {
        PyBuffer_Release(&owners);
        PyErr_SetString(PyExc_ValueError, "_core_start: 52 owners, a seat 0-3, a trump -1-3");
        return NULL;
    }
    const unsigned char *who = owners.buf;
    memset(self->masks, 0, sizeof self->masks);
    for (int card = 0; card < 52; card++) {
        if (who[card] > 3) {
            PyBuffer_Release(&owners);
            PyErr_SetString(PyExc_ValueError, "_core_start: an owner is not a seat 0-3");
            return NULL;
        }
        self->owner[card] = (int8_t)who[card];
        self->masks[who[card]][card / 13] |= (uint16_t)(1u << (card % 13));
    }
    PyBuffer_Release(&owners);
    self->nhistory = self->ntricks = 0;
    self->declarer = declarer;
    self->dummy = (declarer + 2) & 3;
    self->trump = trump;
    self->leader = self->turn = (declarer + 1) & 3;
    self->won[0] = self->won[1] = 0;
    Py_SETREF(self->claim, Py_NewRef(Py_None));
    Py_RETURN_NONE;
}

/* The cards of one seat in the suits of mask order, lowest first, as a tuple of Cards. */
static PyObject *cards_tuple(const uint16_t *masks, int first_suit, int last_suit) {
    Py_ssize_t n = 0;
    for (int suit = first_suit; suit <= last_suit; suit++) n += __builtin_popcount(masks[suit]);
    PyObject *result = PyTuple_New(n);
    if (result == NULL) return NULL;
    Py_ssize_t k = 0;
    for (int suit = first_suit; suit <= last_suit; suit++) {
        unsigned bits = masks[suit];
        while (bits) {
            int rank = __builtin_ctz(bits);
            bits &= bits - 1;
            PyTuple_SET_ITEM(result, k++, Py_NewRef(DECK[suit * 13 + rank]));
        }
    }
    return result;
}

static PyObject *play_legal_cards(PlayCore *self, PyObject *unused) {
    if (self->turn < 0 || self->claim != Py_None) return PyTuple_New(0);
    const uint16_t *masks = self->masks[self->turn];
    int current = self->nhistory - 4 * self->ntricks;
    if (current > 0) {
        int led = self->history[4 * self->ntricks] / 13;
        if (masks[led]) return cards_tuple(masks, led, led);
    }
    return cards_tuple(masks, 0, 3);
}

static inline int beats(int card, int best, int trump) {
    int suit = card / 13, best_suit = best / 13;
    if (suit == best_suit) return card > best;
    return suit == trump;
}

/* Parse (card, *, by=None) for play_card. */
static int card_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, PyObject **card,
                     PyObject **by) {
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    *by = Py_None;
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "play_card() takes one positional argument, the card");
        return -1;
    }
    *card = args[0];
    for (Py_ssize_t i = 0; i < nkw; i++) {
        PyObject *key = PyTuple_GET_ITEM(kwnames, i);
        if (PyUnicode_CompareWithASCIIString(key, "by") == 0) {
            *by = args[nargs + i];
        } else {
            PyErr_Format(PyExc_TypeError, "play_card() got an unexpected keyword argument %R", key);
            return -1;
        }
    }
    return 0;
}

/* Why ``card`` (played by ``by``, or anyone if None) may not be played now, or LEGAL. */
static int card_refusal(PlayCore *self, PyObject *card, PyObject *by, int *played) {
    int index = index_of(card, DECK, 52);
    if (index < 0) return NOT_A_CARD;
    int seat = self->turn;
    if (seat < 0) return PLAY_OVER;
    if (self->claim != Py_None) return CLAIM_PENDING;
    if (by != Py_None) {
        int dummy = seat == self->dummy;
        if (by != SEATS[dummy ? self->declarer : seat])
            return dummy ? DUMMY_CANNOT_ACT : CARD_OUT_OF_TURN;
    }
    int owner = self->owner[index];
    if (owner != seat) return owner < 0 ? CARD_ALREADY_PLAYED : CARD_NOT_HELD;
    if (self->nhistory & 3) {
        int led = self->history[4 * self->ntricks] / 13;
        if (index / 13 != led && self->masks[seat][led] != 0) return MUST_FOLLOW_SUIT;
    }
    *played = index;
    return LEGAL;
}

/* Play ``card``; returns its seat (0-3) and sets *played to its index, or -1 with an error. */
static int play_card_impl(PlayCore *self, PyObject *card, PyObject *by, int *played) {
    int index = -1;
    if (card_refusal(self, card, by, &index) != LEGAL) {
        PyObject *keyword = PyUnicode_FromString("by");
        if (keyword == NULL) return -1;
        PyObject *result = refuse((PyObject *)self, s_check_card, card, keyword, by);
        Py_DECREF(keyword);
        Py_XDECREF(result);
        return -1;
    }
    int seat = self->turn;
    int current = self->nhistory - 4 * self->ntricks;
    self->masks[seat][index / 13] &= (uint16_t)~(1u << (index % 13));
    self->owner[index] = -1;
    self->history[self->nhistory++] = (int8_t)index;
    if (current == 3) {
        const int8_t *trick = self->history + 4 * self->ntricks;
        int best = 0;
        for (int i = 1; i < 4; i++)
            if (beats(trick[i], trick[best], self->trump)) best = i;
        int winner = (self->leader + best) & 3;
        self->leaders[self->ntricks] = (int8_t)self->leader;
        self->ntricks++;
        self->won[winner & 1]++;
        self->leader = winner;
        self->turn = self->ntricks < 13 ? winner : -1;
    } else {
        self->turn = (seat + 1) & 3;
    }
    *played = index;
    return seat;
}

static PyObject *play_play_card(PlayCore *self, PyObject *const *args, Py_ssize_t nargs,
                                PyObject *kwnames) {
    PyObject *card, *by;
    int index;
    if (card_args(args, nargs, kwnames, &card, &by) < 0) return NULL;
    int seat = play_card_impl(self, card, by, &index);
    if (seat < 0) return NULL;
    return Py_NewRef(SEATS[seat]);
}

static PyObject *play_card_refusal_method(PlayCore *self, PyObject *const *args, Py_ssize_t nargs) {
    int index;
    if (refusal_args(args, nargs, "_card_refusal") < 0) return NULL;
    return PyLong_FromLong(card_refusal(self, args[0], args[1], &index));
}

static PyObject *play_end(PlayCore *self, PyObject *unused) {
    self->turn = -1;
    Py_RETURN_NONE;
}

static PyObject *play_holds(PlayCore *self, PyObject *args) {
    PyObject *seat, *card;
    if (!PyArg_ParseTuple(args, "OO:holds", &seat, &card)) return NULL;
    int who = seat_of(seat), index = index_of(card, DECK, 52);
    return PyBool_FromLong(who >= 0 && index >= 0 && self->owner[index] == who);
}

static PyObject *play_suit_cards(PlayCore *self, PyObject *args) {
    int seat, suit;
    if (!PyArg_ParseTuple(args, "ii:_suit_cards", &seat, &suit)) return NULL;
    if (seat < 0 || seat > 3 || suit < 0 || suit > 3) {
        PyErr_SetString(PyExc_ValueError, "_suit_cards: a seat and a suit, 0-3");
        return NULL;
    }
    return cards_tuple(self->masks[seat], suit, suit);
}

static PyObject *play_hand_cards(PlayCore *self, PyObject *arg) {
    long seat = PyLong_AsLong(arg);
    if (seat == -1 && PyErr_Occurred()) return NULL;
    if (seat < 0 || seat > 3) {
        PyErr_SetString(PyExc_ValueError, "_hand_cards: a seat 0-3");
        return NULL;
    }
    return cards_tuple(self->masks[seat], 0, 3);
}

static PyObject *cards_from(const int8_t *indices, int n) {
    PyObject *result = PyTuple_New(n);
    if (result == NULL) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(result, i, Py_NewRef(DECK[indices[i]]));
    return result;
}

static PyObject *seats_from(const int8_t *indices, int n) {
    PyObject *result = PyTuple_New(n);
    if (result == NULL) return NULL;
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(result, i, Py_NewRef(SEATS[indices[i]]));
    return result;
}

static PyObject *play_tricks_won(PlayCore *self, PyObject *arg) {
    long side = PyLong_AsLong(arg);
    if (side == -1 && PyErr_Occurred()) return NULL;
    if (side < 0 || side > 1) {
        PyErr_SetString(PyExc_ValueError, "tricks_won: a side, 0 (NS) or 1 (EW)");
        return NULL;
    }
    return PyLong_FromLong(self->won[side]);
}

static PyObject *play_get_turn(PlayCore *self, void *closure) {
    if (self->turn < 0) Py_RETURN_NONE;
    return Py_NewRef(SEATS[self->turn]);
}

static PyObject *play_get_actor(PlayCore *self, void *closure) {
    if (self->turn < 0) Py_RETURN_NONE;
    return Py_NewRef(SEATS[self->turn == self->dummy ? self->declarer : self->turn]);
}

static PyObject *play_get_leader(PlayCore *self, void *closure) {
    return Py_NewRef(SEATS[self->leader]);
}

static PyObject *play_get_history(PlayCore *self, void *closure) {
    return cards_from(self->history, self->nhistory);
}

static PyObject *play_get_current(PlayCore *self, void *closure) {
    return cards_from(self->history + 4 * self->ntricks, self->nhistory - 4 * self->ntricks);
}

static PyObject *play_get_leaders(PlayCore *self, void *closure) {
    return seats_from(self->leaders, self->ntricks);
}

static PyObject *play_get_ntricks(PlayCore *self, void *closure) {
    return PyLong_FromLong(self->ntricks);
}

static PyObject *play_get_nhistory(PlayCore *self, void *closure) {
    return PyLong_FromLong(self->nhistory);
}

static PyMethodDef play_methods[] = {
    {"_core_start", (PyCFunction)play_core_start, METH_VARARGS,
     "Start the play: owners (52 bytes), declarer and trump as numbers."},
    {"legal_cards", (PyCFunction)play_legal_cards, METH_NOARGS,
     "The cards the seat on turn may play, lowest first (Law 44C: follow suit if able)."},
    {"play_card", (PyCFunction)(void (*)(void))play_play_card, METH_FASTCALL | METH_KEYWORDS,
     "Check and play ``card``; returns the seat whose card it was."},
    {"_card_refusal", (PyCFunction)(void (*)(void))play_card_refusal_method, METH_FASTCALL,
     "0 if ``card`` may be played now (``by`` the acting seat, if given), else the ``Refusal``."},
    {"_end", (PyCFunction)play_end, METH_NOARGS, "No more cards: a claim settled the play."},
    {"holds", (PyCFunction)play_holds, METH_VARARGS, "Whether ``seat`` still holds ``card``."},
    {"_suit_cards", (PyCFunction)play_suit_cards, METH_VARARGS,
     "The cards of one suit a seat still holds, lowest first."},
    {"_hand_cards", (PyCFunction)play_hand_cards, METH_O,
     "The cards a seat still holds, clubs first, lowest first."},
    {"tricks_won", (PyCFunction)play_tricks_won, METH_O,
     "Tricks a side has won in play (claims not counted)."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef play_members[] = {
    {"_claim", T_OBJECT, offsetof(PlayCore, claim), 0, "The pending claim, or None."},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef play_getset[] = {
    {"turn", (getter)play_get_turn, NULL,
     "The seat whose card is played next (dummy included); ``None`` when play is over.", NULL},
    {"actor", (getter)play_get_actor, NULL,
     "The seat that chooses the next card: declarer when dummy is on turn (Law 45).", NULL},
    {"leader", (getter)play_get_leader, NULL, "Who leads (or led) the trick in progress.", NULL},
    {"cards_played", (getter)play_get_history, NULL, "Every card played, in order.", NULL},
    {"_current_cards", (getter)play_get_current, NULL, "The cards of the trick in progress.", NULL},
    {"_trick_leaders", (getter)play_get_leaders, NULL, "Who led each completed trick.", NULL},
    {"_trick_count", (getter)play_get_ntricks, NULL, "Completed tricks.", NULL},
    {"_played_count", (getter)play_get_nhistory, NULL, "Cards played.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject PlayCoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "redouble._accel.PlayCore",
    .tp_basicsize = sizeof(PlayCore),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The compiled state of the play; redouble.Play subclasses it.",
    .tp_new = play_new,
    .tp_dealloc = (destructor)play_dealloc,
    .tp_traverse = (traverseproc)play_traverse,
    .tp_clear = (inquiry)play_clear,
    .tp_methods = play_methods,
    .tp_members = play_members,
    .tp_getset = play_getset,
};

/* ---------------------------------------------------------------------------------------- */
/* StateCore: the board's hot path (a card and its event, the legal cards and calls)          */

static PyObject *PHASE_AUCTION = NULL;  /* Phase.AUCTION */
static PyObject *PHASE_PLAY = NULL;     /* Phase.PLAY */
static PyObject *CARD_EVENTS[4][52];    /* the shared CardPlayed values */
static PyObject *CALL_EVENTS[4][38];    /* the shared CallMade values without notes */
static PyObject *CALL_MADE = NULL;      /* redouble.events.call_made, for calls with notes */
static int state_ready = 0;
static PyObject *s_update_phase, *s_auction_over;

static int fill_table(PyObject *seq, PyObject **table, int n, const char *what) {
    PyObject *flat[208] = {NULL};
    if (fill(seq, flat, n, what) < 0) {
        for (int i = 0; i < n; i++) Py_XDECREF(flat[i]);
        return -1;
    }
    for (int i = 0; i < n; i++) Py_XSETREF(table[i], flat[i]);
    return 0;
}

static PyObject *accel_bind_state(PyObject *module, PyObject *args) {
    PyObject *auction, *play, *cards, *calls, *call_made;
    if (!PyArg_ParseTuple(args, "OOOOO:bind_state", &auction, &play, &cards, &calls, &call_made))
        return NULL;
    if (fill_table(cards, &CARD_EVENTS[0][0], 208, "card events") < 0
        || fill_table(calls, &CALL_EVENTS[0][0], 152, "call events") < 0)
        return NULL;
    Py_XSETREF(PHASE_AUCTION, Py_NewRef(auction));
    Py_XSETREF(PHASE_PLAY, Py_NewRef(play));
    Py_XSETREF(CALL_MADE, Py_NewRef(call_made));
    state_ready = 1;
    Py_RETURN_NONE;
}

typedef struct {
    PyObject_HEAD
    PyObject *auction;
    PyObject *play;
    PyObject *events;
    PyObject *actions;
    PyObject *phase;
} StateCore;

static int state_traverse(StateCore *self, visitproc visit, void *arg) {
    Py_VISIT(self->auction);
    Py_VISIT(self->play);
    Py_VISIT(self->events);
    Py_VISIT(self->actions);
    Py_VISIT(self->phase);
    return 0;
}

static int state_clear(StateCore *self) {
    Py_CLEAR(self->auction);
    Py_CLEAR(self->play);
    Py_CLEAR(self->events);
    Py_CLEAR(self->actions);
    Py_CLEAR(self->phase);
    return 0;
}

static void state_dealloc(StateCore *self) {
    PyObject_GC_UnTrack(self);
    state_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *state_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (require_ready() < 0) return NULL;
    if (!state_ready) {
        PyErr_SetString(PyExc_RuntimeError, "redouble._accel.bind_state() has not been called");
        return NULL;
    }
    return type->tp_alloc(type, 0);
}

static PyObject *state_play_card(StateCore *self, PyObject *const *args, Py_ssize_t nargs,
                                 PyObject *kwnames) {
    PyObject *card, *by;
    int index;
    if (card_args(args, nargs, kwnames, &card, &by) < 0) return NULL;
    PyObject *play = self->play;
    if (play == NULL || play == Py_None || self->phase != PHASE_PLAY) {
        PyObject *keyword = PyUnicode_FromString("by");
        if (keyword == NULL) return NULL;
        PyObject *result = refuse((PyObject *)self, s_check_card, card, keyword, by);
        Py_DECREF(keyword);
        return result;
    }
    if (!PyObject_TypeCheck(play, &PlayCoreType)) {
        PyErr_Format(PyExc_TypeError, "the board's play is %R, not a redouble Play", play);
        return NULL;
    }
    if (self->actions == NULL || self->events == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "BoardState was not initialised");
        return NULL;
    }
    Py_INCREF(play);  /* the check and the phase update run Python code */
    int seat = play_card_impl((PlayCore *)play, card, by, &index);
    if (seat < 0) {
        Py_DECREF(play);
        return NULL;
    }
    PyObject *event = CARD_EVENTS[seat][index];
    if (PyList_Append(self->actions, event) < 0 || PyList_Append(self->events, event) < 0) {
        Py_DECREF(play);
        return NULL;
    }
    int over = ((PlayCore *)play)->turn < 0;
    Py_DECREF(play);
    if (over) {
        PyObject *done = PyObject_CallMethodNoArgs((PyObject *)self, s_update_phase);
        if (done == NULL) return NULL;
        Py_DECREF(done);
    }
    return Py_NewRef(event);
}

static PyObject *state_make_call(StateCore *self, PyObject *const *args, Py_ssize_t nargs,
                                 PyObject *kwnames) {
    PyObject *call, *seat, *alert, *explanation, *event;
    int index;
    if (call_args(args, nargs, kwnames, 1, &call, &seat, &alert, &explanation) < 0) return NULL;
    PyObject *auction = self->auction;
    if (self->phase != PHASE_AUCTION) {
        PyObject *keyword = PyUnicode_FromString("seat");
        if (keyword == NULL) return NULL;
        PyObject *result = refuse((PyObject *)self, s_check_call, call, keyword, seat);
        Py_DECREF(keyword);
        return result;
    }
    if (auction == NULL || !PyObject_TypeCheck(auction, &AuctionCoreType)) {
        PyErr_SetString(PyExc_TypeError, "the board's auction is not a redouble Auction");
        return NULL;
    }
    if (self->actions == NULL || self->events == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "BoardState was not initialised");
        return NULL;
    }
    int noted = PyObject_IsTrue(alert);
    if (noted == 0) noted = PyObject_IsTrue(explanation);
    if (noted < 0) return NULL;
    Py_INCREF(auction);  /* a refused call runs Python code */
    int turn = make_call_impl((AuctionCore *)auction, call, seat, &index);
    if (turn < 0) {
        Py_DECREF(auction);
        return NULL;
    }
    if (noted) {
        PyObject *kwargs = Py_BuildValue("{sOsO}", "alert", alert, "explanation", explanation);
        PyObject *callargs = kwargs == NULL ? NULL : PyTuple_Pack(2, SEATS[turn], call);
        event = callargs == NULL ? NULL : PyObject_Call(CALL_MADE, callargs, kwargs);
        Py_XDECREF(kwargs);
        Py_XDECREF(callargs);
        if (event == NULL) {
            Py_DECREF(auction);
            return NULL;
        }
    } else {
        event = Py_NewRef(CALL_EVENTS[turn][index]);
    }
    int over = auction_complete((AuctionCore *)auction);
    Py_DECREF(auction);
    if (PyList_Append(self->actions, event) < 0 || PyList_Append(self->events, event) < 0) {
        Py_DECREF(event);
        return NULL;
    }
    if (over) {
        PyObject *done = PyObject_CallMethodNoArgs((PyObject *)self, s_auction_over);
        if (done == NULL) {
            Py_DECREF(event);
            return NULL;
        }
        Py_DECREF(done);
    }
    return event;
}

static PyObject *state_call_refusal(StateCore *self, PyObject *const *args, Py_ssize_t nargs) {
    int index;
    if (refusal_args(args, nargs, "_call_refusal") < 0) return NULL;
    if (self->phase != PHASE_AUCTION) return PyLong_FromLong(WRONG_PHASE);
    PyObject *auction = self->auction;
    if (auction == NULL || !PyObject_TypeCheck(auction, &AuctionCoreType)) {
        PyErr_SetString(PyExc_TypeError, "the board's auction is not a redouble Auction");
        return NULL;
    }
    return PyLong_FromLong(call_refusal((AuctionCore *)auction, args[0], args[1], &index));
}

static PyObject *state_card_refusal(StateCore *self, PyObject *const *args, Py_ssize_t nargs) {
    int index;
    if (refusal_args(args, nargs, "_card_refusal") < 0) return NULL;
    PyObject *play = self->play;
    if (play == NULL || play == Py_None) return PyLong_FromLong(WRONG_PHASE);
    if (!PyObject_TypeCheck(play, &PlayCoreType)) {
        PyErr_Format(PyExc_TypeError, "the board's play is %R, not a redouble Play", play);
        return NULL;
    }
    if (((PlayCore *)play)->turn < 0) return PyLong_FromLong(WRONG_PHASE);
    return PyLong_FromLong(card_refusal((PlayCore *)play, args[0], args[1], &index));
}

static PyObject *state_legal_cards(StateCore *self, PyObject *unused) {
    PyObject *play = self->play;
    if (play == NULL || play == Py_None) return PyTuple_New(0);
    if (!PyObject_TypeCheck(play, &PlayCoreType)) {
        PyErr_Format(PyExc_TypeError, "the board's play is %R, not a redouble Play", play);
        return NULL;
    }
    return play_legal_cards((PlayCore *)play, NULL);
}

static PyObject *state_legal_calls(StateCore *self, PyObject *unused) {
    PyObject *auction = self->auction;
    if (auction == NULL || !PyObject_TypeCheck(auction, &AuctionCoreType)) {
        PyErr_Format(PyExc_TypeError, "the board's auction is not a redouble Auction");
        return NULL;
    }
    return auction_legal_tuple((AuctionCore *)auction, NULL);
}

static PyObject *state_get_phase(StateCore *self, void *closure) {
    if (self->phase == NULL) {
        PyErr_SetString(PyExc_AttributeError, "phase");
        return NULL;
    }
    return Py_NewRef(self->phase);
}

static PyMethodDef state_methods[] = {
    {"play_card", (PyCFunction)(void (*)(void))state_play_card, METH_FASTCALL | METH_KEYWORDS,
     "Play a card (``by`` the acting seat, declarer for dummy) and record it."},
    {"legal_cards", (PyCFunction)state_legal_cards, METH_NOARGS,
     "The cards the seat on turn may play."},
    {"make_call", (PyCFunction)(void (*)(void))state_make_call, METH_FASTCALL | METH_KEYWORDS,
     "Make a call (with the caller's alert and explanation) and record it."},
    {"legal_calls", (PyCFunction)state_legal_calls, METH_NOARGS,
     "The calls the seat on turn may make, in bidding-box order (empty after the auction)."},
    {"_call_refusal", (PyCFunction)(void (*)(void))state_call_refusal, METH_FASTCALL,
     "0 if ``call`` may be made now, else the ``Refusal`` (the auction's own after the phase)."},
    {"_card_refusal", (PyCFunction)(void (*)(void))state_card_refusal, METH_FASTCALL,
     "0 if ``card`` may be played now, else the ``Refusal`` (the play's own after the phase)."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef state_members[] = {
    {"auction", T_OBJECT_EX, offsetof(StateCore, auction), 0, "The auction."},
    {"play", T_OBJECT_EX, offsetof(StateCore, play), 0, "The play, once there is a contract."},
    {"_events", T_OBJECT_EX, offsetof(StateCore, events), 0, "Every event."},
    {"_actions", T_OBJECT_EX, offsetof(StateCore, actions), 0, "The calls and cards in force."},
    {"_phase", T_OBJECT_EX, offsetof(StateCore, phase), 0, "The phase."},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef state_getset[] = {
    {"phase", (getter)state_get_phase, NULL, "Auction, play, claim (pending) or done.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject StateCoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "redouble._accel.StateCore",
    .tp_basicsize = sizeof(StateCore),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The compiled hot path of a board; redouble.BoardState subclasses it.",
    .tp_new = state_new,
    .tp_dealloc = (destructor)state_dealloc,
    .tp_traverse = (traverseproc)state_traverse,
    .tp_clear = (inquiry)state_clear,
    .tp_methods = state_methods,
    .tp_members = state_members,
    .tp_getset = state_getset,
};

/* ---------------------------------------------------------------------------------------- */
/* Deal numbering                                                                            */

typedef unsigned __int128 u128;

/* deal_owners(index): the seat (0-3) of each card of deal number ``index`` (Pavlicek). */
static PyObject *accel_deal_owners(PyObject *module, PyObject *arg) {
    if (!PyLong_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "deal_owners: the deal number must be an int");
        return NULL;
    }
    PyObject *shift = PyLong_FromLong(64);
    PyObject *high = shift == NULL ? NULL : PyNumber_Rshift(arg, shift);
    Py_XDECREF(shift);
    if (high == NULL) return NULL;
    unsigned long long hi = PyLong_AsUnsignedLongLong(high);
    Py_DECREF(high);
    if (hi == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(arg);
    if (lo == (unsigned long long)-1 && PyErr_Occurred()) return NULL;
    u128 index = ((u128)hi << 64) | lo;
    /* DEAL_COUNT = 52! / (13!)^4 */
    u128 total = 1;
    {
        /* multinomial via successive binomials keeps every step exact in 128 bits */
        u128 c = 1;
        for (int k = 1; k <= 13; k++) c = c * (u128)(52 - 13 + k) / (u128)k;  /* C(52,13) */
        total = c;
        c = 1;
        for (int k = 1; k <= 13; k++) c = c * (u128)(39 - 13 + k) / (u128)k;  /* C(39,13) */
        total *= c;
        c = 1;
        for (int k = 1; k <= 13; k++) c = c * (u128)(26 - 13 + k) / (u128)k;  /* C(26,13) */
        total *= c;
    }
    if (index >= total) {
        PyErr_SetString(PyExc_ValueError, "deal_owners: the deal number is out of range");
        return NULL;
    }
    int counts[4] = {13, 13, 13, 13};
    int remaining = 52;
    char owners[52];
    for (int card = 0; card < 52; card++) {
        int seat = 0;
        for (; seat < 4; seat++) {
            u128 share = total * (u128)counts[seat] / (u128)remaining;
            if (index < share) {
                total = share;
                break;
            }
            index -= share;
        }
        owners[card] = (char)seat;
        counts[seat]--;
        remaining--;
    }
    return PyBytes_FromStringAndSize(owners, 52);
}


/* ---------------------------------------------------------------------------------------- */
/* deal_layouts: the robots' sampler's dealing loop (see deal_layouts in _pycore.py)         */

/* The Mersenne Twister (MT19937) as random.Random runs it, so that a seed deals the same
 * layouts here as in the reference: the generator's state is read with getstate(), advanced
 * here, and written back with setstate(). */
#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int index;
} twister;

static uint32_t twister_next(twister *t) {
    uint32_t y;
    if (t->index >= MT_N) {
        int k;
        for (k = 0; k < MT_N; k++) {
            y = (t->mt[k] & 0x80000000U) | (t->mt[(k + 1) % MT_N] & 0x7fffffffU);
            t->mt[k] = t->mt[(k + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
        }
        t->index = 0;
    }
    y = t->mt[t->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

/* A uniform integer in [0, n), 1 < n < 2**32, as random.Random's _randbelow draws it. */
static uint32_t twister_below(twister *t, uint32_t n) {
    int k = 0;
    while (k < 32 && (n >> k) != 0) k++;
    uint32_t r = twister_next(t) >> (32 - k);
    while (r >= n) r = twister_next(t) >> (32 - k);
    return r;
}

#define MAX_POOL 52
#define MAX_HIDDEN 3

typedef struct {
    int lo, hi;
    int range[4][2];
    int balanced;                  /* -1 either, 0 unbalanced, 1 balanced */
    int groups;                    /* groups of alternatives: one alternative of each holds */
    int *group_end;                /* the end of group g in alt[] (PyMem, as many as groups) */
    int (*alt)[4][2];              /* every group's alternatives in turn (PyMem) */
} seat_test;

typedef struct {
    int cards, seats;
    int suit[MAX_POOL], hcp[MAX_POOL];
    int eligible[MAX_POOL][MAX_HIDDEN], eligible_count[MAX_POOL];
    int forced_first;
    int room[MAX_HIDDEN], base_hcp[MAX_HIDDEN], base_lengths[MAX_HIDDEN][4];
} deal_tables;

static int int_item(PyObject *seq, Py_ssize_t i, int *out) {
    PyObject *item = PySequence_GetItem(seq, i);
    if (item == NULL) return -1;
    long value = PyLong_AsLong(item);
    Py_DECREF(item);
    if (value == -1 && PyErr_Occurred()) return -1;
    *out = (int)value;
    return 0;
}

static int bad_tables(const char *what) {
    PyErr_Format(PyExc_ValueError, "deal_layouts: malformed %s", what);
    return -1;
}

/* Read a sequence of n (lo, hi) pairs into out. */
static int read_ranges(PyObject *seq, int n, int out[][2]) {
    if (!PySequence_Check(seq) || PySequence_Size(seq) != n) return bad_tables("ranges");
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_GetItem(seq, i);
        if (pair == NULL) return -1;
        int ok = PySequence_Check(pair) && PySequence_Size(pair) == 2
                 && int_item(pair, 0, &out[i][0]) == 0 && int_item(pair, 1, &out[i][1]) == 0;
        Py_DECREF(pair);
        if (!ok) return PyErr_Occurred() ? -1 : bad_tables("range");
    }
    return 0;
}

static int read_tables(PyObject *obj, deal_tables *t) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 7) return bad_tables("tables");
    PyObject *suit = PyTuple_GET_ITEM(obj, 0), *hcp = PyTuple_GET_ITEM(obj, 1);
    PyObject *eligible = PyTuple_GET_ITEM(obj, 2), *room = PyTuple_GET_ITEM(obj, 4);
    PyObject *base_hcp = PyTuple_GET_ITEM(obj, 5), *base_lengths = PyTuple_GET_ITEM(obj, 6);
    t->forced_first = PyObject_IsTrue(PyTuple_GET_ITEM(obj, 3));
    if (t->forced_first < 0) return -1;
    Py_ssize_t cards = PySequence_Size(suit), seats = PySequence_Size(room);
    if (cards < 0 || seats < 0) return -1;
    if (cards > MAX_POOL || seats < 1 || seats > MAX_HIDDEN || PySequence_Size(hcp) != cards
        || PySequence_Size(eligible) != cards || PySequence_Size(base_hcp) != seats
        || PySequence_Size(base_lengths) != seats)
        return bad_tables("tables' sizes");
    t->cards = (int)cards;
    t->seats = (int)seats;
    for (Py_ssize_t c = 0; c < cards; c++) {
        if (int_item(suit, c, &t->suit[c]) < 0 || int_item(hcp, c, &t->hcp[c]) < 0) return -1;
        if (t->suit[c] < 0 || t->suit[c] > 3) return bad_tables("suit");
        PyObject *who = PySequence_GetItem(eligible, c);
        if (who == NULL) return -1;
        Py_ssize_t n = PySequence_Size(who);
        if (n < 0 || n > seats) {
            Py_DECREF(who);
            return PyErr_Occurred() ? -1 : bad_tables("eligible seats");
        }
        t->eligible_count[c] = (int)n;
        for (Py_ssize_t k = 0; k < n; k++) {
            if (int_item(who, k, &t->eligible[c][k]) < 0) {
                Py_DECREF(who);
                return -1;
            }
            if (t->eligible[c][k] < 0 || t->eligible[c][k] >= seats) {
                Py_DECREF(who);
                return bad_tables("eligible seat");
            }
        }
        Py_DECREF(who);
    }
    for (Py_ssize_t s = 0; s < seats; s++) {
        if (int_item(room, s, &t->room[s]) < 0 || int_item(base_hcp, s, &t->base_hcp[s]) < 0)
            return -1;
        PyObject *shape = PySequence_GetItem(base_lengths, s);
        if (shape == NULL) return -1;
        int ok = PySequence_Size(shape) == 4;
        for (Py_ssize_t k = 0; ok && k < 4; k++) ok = int_item(shape, k, &t->base_lengths[s][k]) == 0;
        Py_DECREF(shape);
        if (!ok) return PyErr_Occurred() ? -1 : bad_tables("lengths");
    }
    return 0;
}

/* Read one seat's test; its arrays of alternatives are allocated here (free_test frees them). */
static int read_test(PyObject *obj, seat_test *t) {
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 5) return bad_tables("test");
    if (int_item(obj, 0, &t->lo) < 0 || int_item(obj, 1, &t->hi) < 0
        || read_ranges(PyTuple_GET_ITEM(obj, 2), 4, t->range) < 0
        || int_item(obj, 3, &t->balanced) < 0)
        return -1;
    PyObject *groups = PySequence_Fast(PyTuple_GET_ITEM(obj, 4), "deal_layouts: alternatives");
    if (groups == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(groups), total = 0;
    for (Py_ssize_t g = 0; g < count; g++) {
        Py_ssize_t alts = PySequence_Size(PySequence_Fast_GET_ITEM(groups, g));
        if (alts < 0) {
            Py_DECREF(groups);
            return -1;
        }
        total += alts;
    }
    t->group_end = PyMem_New(int, (size_t)(count ? count : 1));
    t->alt = PyMem_Malloc(sizeof(int[4][2]) * (size_t)(total ? total : 1));
    if (t->group_end == NULL || t->alt == NULL) {
        Py_DECREF(groups);
        PyErr_NoMemory();
        return -1;
    }
    int used = 0;
    t->groups = 0;
    for (Py_ssize_t g = 0; g < count; g++) {
        PyObject *group = PySequence_Fast_GET_ITEM(groups, g);
        Py_ssize_t alts = PySequence_Size(group);
        if (alts < 0 || used + alts > total) {  /* a group that grew since it was counted */
            Py_DECREF(groups);
            return PyErr_Occurred() ? -1 : bad_tables("alternatives (changed while read)");
        }
        for (Py_ssize_t a = 0; a < alts; a++) {
            PyObject *alt = PySequence_GetItem(group, a);
            int bad = alt == NULL || read_ranges(alt, 4, t->alt[used]) < 0;
            Py_XDECREF(alt);
            if (bad) {
                Py_DECREF(groups);
                return -1;
            }
            used++;
        }
        t->group_end[t->groups++] = used;
    }
    Py_DECREF(groups);
    return 0;
}

static void free_test(seat_test *t) {
    PyMem_Free(t->group_end);
    PyMem_Free(t->alt);
    t->group_end = NULL;
    t->alt = NULL;
}

static int is_balanced_shape(const int *n) {
    int s[4] = {n[0], n[1], n[2], n[3]};
    for (int i = 1; i < 4; i++)           /* sort descending */
        for (int j = i; j > 0 && s[j] > s[j - 1]; j--) {
            int x = s[j]; s[j] = s[j - 1]; s[j - 1] = x;
        }
    return (s[0] == 4 && s[1] == 3 && s[2] == 3 && s[3] == 3)
        || (s[0] == 4 && s[1] == 4 && s[2] == 3 && s[3] == 2)
        || (s[0] == 5 && s[1] == 3 && s[2] == 3 && s[3] == 2);
}

static int test_passes(const seat_test *t, int hcp, const int *n) {
    if (hcp < t->lo || hcp > t->hi) return 0;
    for (int k = 0; k < 4; k++)
        if (n[k] < t->range[k][0] || n[k] > t->range[k][1]) return 0;
    int start = 0;
    for (int g = 0; g < t->groups; g++) {
        int any = 0;
        for (int a = start; a < t->group_end[g] && !any; a++) {
            int all = 1;
            for (int k = 0; k < 4 && all; k++)
                all = t->alt[a][k][0] <= n[k] && n[k] <= t->alt[a][k][1];
            any = all;
        }
        if (!any) return 0;
        start = t->group_end[g];
    }
    return t->balanced < 0 || is_balanced_shape(n) == t->balanced;
}

/* One deal (as _deal_once in _pycore.py): 1 with hands filled, 0 if a card had nowhere to go. */
static int deal_once(twister *tw, const deal_tables *t, int hands[][MAX_POOL], int *held,
                     int *hcp, int lengths[][4]) {
    int order[MAX_POOL];
    for (int c = 0; c < t->cards; c++) order[c] = c;
    for (int i = t->cards - 1; i > 0; i--) {
        int j = (int)twister_below(tw, (uint32_t)(i + 1));
        int x = order[i]; order[i] = order[j]; order[j] = x;
    }
    if (t->forced_first) {  /* a stable sort by the number of seats that may hold the card */
        int sorted[MAX_POOL], k = 0;
        for (int n = 0; n <= MAX_HIDDEN; n++)
            for (int c = 0; c < t->cards; c++)
                if (t->eligible_count[order[c]] == n) sorted[k++] = order[c];
        memcpy(order, sorted, sizeof(int) * (size_t)t->cards);
    }
    int room[MAX_HIDDEN];
    for (int s = 0; s < t->seats; s++) {
        room[s] = t->room[s];
        held[s] = 0;
        hcp[s] = t->base_hcp[s];
        memcpy(lengths[s], t->base_lengths[s], sizeof(int) * 4);
    }
    for (int i = 0; i < t->cards; i++) {
        int card = order[i], seats[MAX_HIDDEN], n = 0, total = 0;
        for (int k = 0; k < t->eligible_count[card]; k++) {
            int s = t->eligible[card][k];
            if (room[s] > 0) {
                seats[n++] = s;
                total += room[s];
            }
        }
        if (n == 0) return 0;
        int seat = seats[0];
        if (n > 1) {
            int pick = (int)twister_below(tw, (uint32_t)total);
            for (int k = 0; k < n; k++) {
                seat = seats[k];
                pick -= room[seat];
                if (pick < 0) break;
            }
        }
        hands[seat][held[seat]++] = card;
        room[seat]--;
        hcp[seat] += t->hcp[card];
        lengths[seat][t->suit[card]]++;
    }
    return 1;
}

static int read_twister(PyObject *rng, twister *tw, PyObject **version, PyObject **gauss) {
    PyObject *state = PyObject_CallMethod(rng, "getstate", NULL);
    if (state == NULL) return -1;
    PyObject *inner;
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != 3
        || !PyTuple_Check(inner = PyTuple_GET_ITEM(state, 1))
        || PyTuple_GET_SIZE(inner) != MT_N + 1) {
        Py_DECREF(state);
        PyErr_SetString(PyExc_ValueError, "deal_layouts: not a random.Random state");
        return -1;
    }
    for (int k = 0; k <= MT_N; k++) {
        unsigned long value = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(inner, k));
        if (value == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(state);
            return -1;
        }
        if (k < MT_N) tw->mt[k] = (uint32_t)value;
        else tw->index = (int)value;
    }
    if (tw->index < 0 || tw->index > MT_N) {
        Py_DECREF(state);
        PyErr_SetString(PyExc_ValueError, "deal_layouts: not a random.Random state");
        return -1;
    }
    *version = Py_NewRef(PyTuple_GET_ITEM(state, 0));
    *gauss = Py_NewRef(PyTuple_GET_ITEM(state, 2));
    Py_DECREF(state);
    return 0;
}

static int write_twister(PyObject *rng, const twister *tw, PyObject *version, PyObject *gauss) {
    PyObject *inner = PyTuple_New(MT_N + 1);
    if (inner == NULL) return -1;
    for (int k = 0; k <= MT_N; k++) {
        PyObject *value = k < MT_N ? PyLong_FromUnsignedLong(tw->mt[k]) : PyLong_FromLong(tw->index);
        if (value == NULL) {
            Py_DECREF(inner);
            return -1;
        }
        PyTuple_SET_ITEM(inner, k, value);
    }
    PyObject *result = PyObject_CallMethod(rng, "setstate", "((OOO))", version, inner, gauss);
    Py_DECREF(inner);
    if (result == NULL) return -1;
    Py_DECREF(result);
    return 0;
}

static PyObject *accel_deal_layouts(PyObject *module, PyObject *args) {
    PyObject *rng, *tables_obj, *tests_obj;
    Py_ssize_t count, tries;
    if (!PyArg_ParseTuple(args, "OOOnn", &rng, &tables_obj, &tests_obj, &count, &tries))
        return NULL;
    deal_tables tables;  /* a few kilobytes: on the stack, so a re-entrant call cannot clobber it */
    seat_test tests[MAX_HIDDEN];
    memset(tests, 0, sizeof tests);
    twister tw;
    PyObject *version = NULL, *gauss = NULL, *accepted = NULL;
    if (read_tables(tables_obj, &tables) < 0) return NULL;
    int testing = tests_obj != Py_None;
    if (testing) {
        if (!PySequence_Check(tests_obj) || PySequence_Size(tests_obj) != tables.seats)
            return PyErr_Format(PyExc_ValueError, "deal_layouts: one test per hidden seat");
        for (int s = 0; s < tables.seats; s++) {
            PyObject *one = PySequence_GetItem(tests_obj, s);
            if (one == NULL) goto fail;
            int bad = read_test(one, &tests[s]) < 0;
            Py_DECREF(one);
            if (bad) goto fail;
        }
    }
    if (read_twister(rng, &tw, &version, &gauss) < 0) goto fail;
    accepted = PyList_New(0);
    if (accepted == NULL) goto fail;
    int hands[MAX_HIDDEN][MAX_POOL], held[MAX_HIDDEN], hcp[MAX_HIDDEN], lengths[MAX_HIDDEN][4];
    Py_ssize_t used = 0;
    while (PyList_GET_SIZE(accepted) < count && used < tries) {
        used++;
        if (!deal_once(&tw, &tables, hands, held, hcp, lengths)) continue;
        int pass = 1;
        for (int s = 0; testing && pass && s < tables.seats; s++)
            pass = test_passes(&tests[s], hcp[s], lengths[s]);
        if (!pass) continue;
        PyObject *layout = PyList_New(tables.seats);
        if (layout == NULL) goto fail;
        for (int s = 0; s < tables.seats; s++) {
            PyObject *cards = PyList_New(held[s]);
            if (cards == NULL) {
                Py_DECREF(layout);
                goto fail;
            }
            for (int k = 0; k < held[s]; k++) PyList_SET_ITEM(cards, k, PyLong_FromLong(hands[s][k]));
            PyList_SET_ITEM(layout, s, cards);
        }
        int appended = PyList_Append(accepted, layout);
        Py_DECREF(layout);
        if (appended < 0) goto fail;
    }
    if (write_twister(rng, &tw, version, gauss) < 0) goto fail;
    Py_DECREF(version);
    Py_DECREF(gauss);
    for (int s = 0; s < MAX_HIDDEN; s++) free_test(&tests[s]);
    return Py_BuildValue("(Nn)", accepted, used);
fail:
    for (int s = 0; s < MAX_HIDDEN; s++) free_test(&tests[s]);
    Py_XDECREF(accepted);
    Py_XDECREF(version);
    Py_XDECREF(gauss);
    return NULL;
}

/* ---------------------------------------------------------------------------------------- */

static PyMethodDef accel_functions[] = {
    {"setup", accel_setup, METH_VARARGS,
     "Give the core the 52 cards, 4 seats, 38 calls and 3 risks in index order."},
    {"bind_state", accel_bind_state, METH_VARARGS,
     "Give the board core Phase.AUCTION and PLAY, the shared CardPlayed (4x52) and CallMade "
     "(4x38) values, seat-major, and redouble.events.call_made."},
    {"deal_owners", accel_deal_owners, METH_O,
     "The seat (0-3) of each card of a deal number, as 52 bytes."},
    {"deal_layouts", accel_deal_layouts, METH_VARARGS,
     "The robots' sampler's dealing loop: up to count deals of the unseen cards that pass the "
     "seats' tests, in at most tries deals, drawn from a random.Random as the reference does."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef accel_module = {
    PyModuleDef_HEAD_INIT, "redouble._accel",
    "The compiled hot path of redouble's rules engine (see redouble/_pycore.py).", -1,
    accel_functions,
};

PyMODINIT_FUNC PyInit__accel(void) {
    s_index = PyUnicode_InternFromString("index");
    s_check_card = PyUnicode_InternFromString("check_card");
    s_check_call = PyUnicode_InternFromString("check_call");
    s_update_phase = PyUnicode_InternFromString("_update_phase");
    s_auction_over = PyUnicode_InternFromString("_auction_over");
    if (s_index == NULL || s_check_card == NULL || s_check_call == NULL || s_update_phase == NULL
        || s_auction_over == NULL)
        return NULL;
    if (PyType_Ready(&AuctionCoreType) < 0 || PyType_Ready(&PlayCoreType) < 0
        || PyType_Ready(&StateCoreType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&accel_module);
    if (module == NULL) return NULL;
    if (PyModule_AddObjectRef(module, "AuctionCore", (PyObject *)&AuctionCoreType) < 0
        || PyModule_AddObjectRef(module, "PlayCore", (PyObject *)&PlayCoreType) < 0
        || PyModule_AddObjectRef(module, "StateCore", (PyObject *)&StateCoreType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
