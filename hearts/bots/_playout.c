/* The bots' playouts in C: the same plays as the pure-Python `policy.rules_playout` and
 * `moon.moon_playout`, about thirty times sooner (docs/bots.md, "The C playouts").
 *
 * A playout reads a `sim.SimState` (its attributes), plays it to the end of the hand and
 * writes the state back, so the caller scores it as before (`SimState.points`). Every
 * choice mirrors the Python functions named beside it; `tests/bots/test_native_playout.py`
 * checks that both play the same cards on random states under every preset. The Python
 * functions stay the reference: edit both together.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <math.h>

typedef uint64_t u64;

#define FULL ((1ULL << 52) - 1)
#define SUITM(s) (0x1FFFULL << (13 * (s)))
#define DIAMONDS 1
#define HEARTS 2
#define SPADES 3
#define HM SUITM(HEARTS)
#define QS 49
#define KS 50
#define AS 51
#define JD 22
#define QS_BIT (1ULL << QS)
#define KS_BIT (1ULL << KS)
#define AS_BIT (1ULL << AS)
#define JD_BIT (1ULL << JD)
#define TOP3_HEARTS (0x1C00ULL << 26)
#define BELOW(i) ((1ULL << (i)) - 1)          /* the cards under index i */
#define ABOVE(i) (~((1ULL << ((i) + 1)) - 1))  /* the cards over index i */

/* The rule constants the playouts read (`sim.SimRules`), packed once per rule set. */
typedef struct {
    u64 ft_barred, penalty, moon_cards, point_cards;
    int first_lead;     /* 0 two-of-clubs, 1 left-of-dealer, 2 any club */
    int free_, qbreaks, hearts_over_q, moon_on, jd_value;
    int additive;       /* no clean-hand bonus: without a moon, points are the cards' values */
    int value[52];
} Rules;

typedef struct {
    u64 hands[4], taken[4], played, trick_mask;
    int won[4], voids[4], trick[4];
    int ntrick, ntricks, leader, turn, led, best, winner, broken;
} St;

enum { ALARM_NONE, ALARM_THREAT, ALARM_EARLY };

static inline int top(u64 m) { return m ? 63 - __builtin_clzll(m) : -1; }
static inline int low(u64 m) { return m ? __builtin_ctzll(m) : -1; }
static inline int popc(u64 m) { return __builtin_popcountll(m); }
static inline int single(u64 m) { return (m & (m - 1)) == 0; }

/* SimState.legal */
static u64 legal_mask(const Rules *r, const St *s) {
    u64 held = s->hands[s->turn];
    if (s->ntrick) {
        u64 follow = held & SUITM(s->led);
        if (follow) return follow;
        if (s->ntricks || !r->ft_barred) return held;
        u64 x = held & ~r->ft_barred;
        return x ? x : held;
    }
    int first = s->ntricks == 0;
    if (first && r->first_lead != 1) return held & (r->first_lead == 0 ? 1ULL : SUITM(0));
    if (s->broken || (r->free_ && !first)) return held;
    u64 l = held & ~HM;
    if (!l || (l == QS_BIT && r->hearts_over_q)) return held;
    return l;
}

/* SimState.play */
static void play(const Rules *r, St *s, int card) {
    int seat = s->turn;
    u64 bit = 1ULL << card;
    s->hands[seat] ^= bit;
    s->played |= bit;
    int suit = card / 13, rank = card % 13;
    if (!s->ntrick) {
        s->led = suit;
        s->best = rank;
        s->winner = seat;
    } else if (suit != s->led) {
        s->voids[seat] |= 1 << s->led;
    } else if (rank > s->best) {
        s->best = rank;
        s->winner = seat;
    }
    s->trick[s->ntrick++] = card;
    s->trick_mask |= bit;
    if (!s->broken && (suit == HEARTS || (card == QS && r->qbreaks))) s->broken = 1;
    if (s->ntrick < 4) {
        s->turn = (seat + 1) & 3;
        return;
    }
    int w = s->winner;
    s->taken[w] |= s->trick_mask;
    s->won[w] += 1;
    s->ntricks += 1;
    s->ntrick = 0;
    s->trick_mask = 0;
    s->leader = s->turn = w;
}

static int moon_holders(const Rules *r, const St *s) {
    int n = 0;
    for (int i = 0; i < 4; i++) n += (s->taken[i] & r->moon_cards) != 0;
    return n;
}

/* policy.moon_threat */
static int moon_threat(const Rules *r, const St *s, int me) {
    if (!r->moon_on) return -1;
    u64 mc = r->moon_cards;
    int shooter = -1;
    for (int i = 0; i < 4; i++) {
        if (s->taken[i] & mc) {
            if (shooter >= 0) return -1;
            shooter = i;
        }
    }
    if (shooter < 0 || shooter == me) return -1;
    u64 t = s->taken[shooter] & mc;
    int hearts = popc(t & HM);
    if (hearts >= 4 || ((t & QS_BIT) && hearts >= 2) || (hearts >= 2 && s->ntricks >= 7))
        return shooter;
    return -1;
}

/* moon.early_alarm */
static int early_alarm(const Rules *r, const St *s, int me) {
    if (!r->moon_on) return -1;
    u64 mc = r->moon_cards, t = 0;
    int shooter = -1;
    for (int i = 0; i < 4; i++) {
        u64 ts = s->taken[i] & mc;
        if (ts) {
            if (shooter >= 0) return -1;
            shooter = i;
            t = ts;
        }
    }
    if (shooter < 0 || shooter == me) return -1;
    int hearts = popc(t & HM);
    if (hearts >= 2 ||
        ((hearts || (t & QS_BIT)) && (s->won[shooter] >= 3 || ((t & QS_BIT) && hearts))))
        return shooter;
    return -1;
}

/* policy.shooting */
static int shooting(const Rules *r, const St *s, int me, u64 hand, u64 out) {
    if (!r->moon_on) return 0;
    u64 mc = r->moon_cards;
    for (int i = 0; i < 4; i++)
        if (i != me && (s->taken[i] & mc)) return 0;
    u64 mine = s->taken[me] & mc, out_hearts = out & HM, my_hearts = hand & HM;
    if (!mine && (popc(my_hearts) < 7 || (out_hearts & TOP3_HEARTS))) return 0;
    if (out_hearts && top(my_hearts) < top(out_hearts)) return 0;
    if ((out & QS_BIT) && !(hand & (AS_BIT | KS_BIT | QS_BIT))) return 0;
    if (out & mc & ~HM & ~QS_BIT) return 0;
    int losers = 0;
    for (int su = 0; su < 4; su++) {
        u64 m = hand & SUITM(su);
        if (!m) continue;
        u64 o = out & SUITM(su);
        while (m && (!o || top(m) > top(o))) m ^= 1ULL << top(m);
        if (m && su == HEARTS) return 0;
        losers += popc(m);
    }
    int left = popc(hand);
    int allowed = left >= 9 ? 2 : left >= 6 ? 1 : 0;
    if (losers > allowed || popc(out & mc) > 3 * left) return 0;
    if (!mine) return popc(my_hearts) >= 7 && !(out_hearts & TOP3_HEARTS);
    return popc(mine & HM) >= 3 || ((mine & QS_BIT) && (mine & HM));
}

/* policy._follow */
static int follow_card(const Rules *r, const St *s, u64 hand, u64 legal, u64 out, int tv,
                       int threat, int live, int me) {
    int led = s->led;
    int last = s->ntrick == 3;
    int best_card = led * 13 + s->best;
    u64 above = legal & ABOVE(best_card);
    u64 below = legal & BELOW(best_card);
    if (live && shooting(r, s, me, hand, out)) {
        if (above) return last ? low(above) : top(above);
        return low(legal);
    }
    if (threat >= 0) {
        u64 pc = r->point_cards;
        if (s->winner == threat) {
            if (above && (tv > 0 || led == HEARTS || !last)) {
                u64 cand = above & ~QS_BIT;
                if (!cand) cand = above;
                return last ? low(cand) : top(cand);
            }
            if (!above) {
                u64 clean = legal & ~pc;
                return low(clean ? clean : legal);
            }
        } else if ((below & pc) && (last || tv > 0)) {
            return top(below & pc);
        }
    }
    int qs_live = !(s->played & QS_BIT);
    if (led == SPADES && qs_live) {
        if (legal & QS_BIT) {
            if (s->best > 10) return QS;
            u64 safe = below & ~QS_BIT;
            if (safe) return top(safe);
            u64 rest = legal & ~QS_BIT;
            if (rest) return last ? top(rest) : low(rest);
            return QS;
        }
        if ((out & QS_BIT) && (legal & (AS_BIT | KS_BIT))) {
            u64 under = legal & ~(AS_BIT | KS_BIT);
            if (under) {
                if (below & under) return top(below & under);
                return top(under);
            }
            if (last && !(s->trick_mask & QS_BIT)) return top(legal);
            return low(legal);
        }
    }
    int jd = r->jd_value;
    if (jd < 0 && led == DIAMONDS) {
        u64 higher_out = out & SUITM(DIAMONDS) & ABOVE(JD);
        if ((legal & JD_BIT) && s->best < 9 && tv + jd < 0 && (last || !higher_out)) return JD;
        if ((s->trick_mask & JD_BIT) && above && tv < 0) {
            if (last) {
                u64 x = above & ~JD_BIT;
                return low(x ? x : above);
            }
            int t = top(above);
            if (!(out & SUITM(DIAMONDS) & ABOVE(t))) return t;
        }
    }
    if (below) {
        u64 keep = jd < 0 ? below & ~JD_BIT : below;
        return top(keep ? keep : below);
    }
    if (last) {
        /* min by (value, -card) */
        int best = -1, bv = 0;
        for (u64 m = legal; m; m &= m - 1) {
            int c = low(m);
            if (best < 0 || r->value[c] <= bv) {
                best = c;
                bv = r->value[c];
            }
        }
        return best;
    }
    if (tv > 0 || led == HEARTS) return low(legal);
    u64 clean = legal & ~r->point_cards;
    if (clean) return top(clean);
    return low(legal);
}

/* policy._discard */
static int discard_card(const Rules *r, const St *s, u64 hand, u64 legal, u64 out, int threat,
                        int live, int keep_stoppers, int me) {
    if (live && shooting(r, s, me, hand, out)) {
        u64 clean = legal & ~r->moon_cards;
        return low(clean ? clean : legal);
    }
    int qs_out = (out & QS_BIT) != 0;
    u64 cands = legal;
    if (threat >= 0) {
        if (s->winner == threat) {
            u64 clean = legal & ~r->point_cards;
            if (clean) cands = clean;
            if (keep_stoppers) {
                /* min by (rank, -card) */
                int best = -1, br = 0;
                for (u64 m = cands; m; m &= m - 1) {
                    int c = low(m);
                    if (best < 0 || c % 13 <= br) {
                        best = c;
                        br = c % 13;
                    }
                }
                return best;
            }
        } else {
            u64 pts = legal & r->penalty;
            if (pts) cands = pts;
        }
    }
    if (cands & QS_BIT) return QS;
    int best = -1, best_score = -1000000000;
    for (u64 m = cands; m; m &= m - 1) {
        int c = low(m), rank = c % 13, v = r->value[c], score;
        if ((c == AS || c == KS) && (qs_out || v > 0))
            score = 500 + rank + v;
        else if (v < 0)
            score = -100;
        else if (v > 0)
            score = 20 + rank * 2 + v;
        else
            score = rank * 3 + (popc(hand & SUITM(c / 13)) <= 2 ? 6 : 0);
        if (score > best_score) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* policy._lead */
static int lead_card(const Rules *r, const St *s, u64 hand, u64 legal, u64 out, int threat,
                     int live, int me) {
    if (live && shooting(r, s, me, hand, out)) {
        u64 winners = 0;
        for (int su = 0; su < 4; su++) {
            u64 mine = legal & SUITM(su);
            if (mine) {
                int t = top(mine);
                if (!(out & SUITM(su) & ABOVE(t))) winners |= 1ULL << t;
            }
        }
        return winners ? top(winners) : top(legal);
    }
    if (threat >= 0) {
        u64 hearts = legal & HM;
        if (hearts && !(out & HM & ABOVE(top(hearts)))) return top(hearts);
    }
    int qs_live = !(s->played & QS_BIT);
    int void_seats[4] = {0, 0, 0, 0};
    for (int o = 0; o < 4; o++)
        if (o != me && s->voids[o])
            for (int su = 0; su < 4; su++)
                if (s->voids[o] >> su & 1) void_seats[su]++;
    int best = -1;
    double best_score = 0.0;
    for (int su = 0; su < 4; su++) {
        u64 mine = legal & SUITM(su);
        if (!mine) continue;
        int c = low(mine);
        u64 out_s = out & SUITM(su);
        double score;
        if (!out_s) {
            score = 80.0;
        } else {
            int higher = popc(out_s >> c);
            if (!higher) {
                score = 60.0 + r->value[c];
            } else {
                int lower = popc(out_s & BELOW(c));
                score = lower * 4.0 - (higher < 4 ? higher : 4);
                if (lower) {
                    score += 8 * void_seats[su];
                    int n_out = lower + higher;
                    if (n_out < 4) score += (4 - n_out) * 5;
                }
            }
        }
        if (su == SPADES && qs_live) {
            if (hand & QS_BIT)
                score += 20;
            else if (hand & (AS_BIT | KS_BIT))
                score += 10;
            else if (c < QS)
                score -= 6;
        } else if (su == HEARTS) {
            score += 3;
        }
        if (r->value[c] > 0) score += r->value[c];
        score += popc(hand & SUITM(su)) * 0.5;
        if (best < 0 || score < best_score) {
            best = c;
            best_score = score;
        }
    }
    return best;
}

/* policy.play_with_reason (the card only) */
static int rules_card(const Rules *r, const St *s, u64 legal, int alarm, int keep_stoppers) {
    if (single(legal)) return low(legal);
    int me = s->turn;
    u64 hand = s->hands[me];
    u64 out = FULL & ~s->played & ~hand;
    int live = alarm != ALARM_NONE;
    int threat = alarm == ALARM_THREAT ? moon_threat(r, s, me)
                 : alarm == ALARM_EARLY ? early_alarm(r, s, me) : -1;
    if (!s->ntrick) return lead_card(r, s, hand, legal, out, threat, live, me);
    int tv = 0;
    for (int i = 0; i < s->ntrick; i++) tv += r->value[s->trick[i]];
    if (legal & SUITM(s->led))
        return follow_card(r, s, hand, legal, out, tv, threat, live, me);
    return discard_card(r, s, hand, legal, out, threat, live, keep_stoppers, me);
}

static int moon_open(const Rules *r, const St *s, int seat) {
    for (int i = 0; i < 4; i++)
        if (i != seat && (s->taken[i] & r->moon_cards)) return 0;
    return 1;
}

/* moon._shoot_lead */
static int shoot_lead(const St *s, u64 legal, u64 out) {
    int best = -1, k1 = 0, k2 = 0;
    for (int su = 0; su < 4; su++) {
        u64 m = legal & SUITM(su);
        if (!m) continue;
        int t = top(m);
        u64 out_s = out & SUITM(su);
        if (!out_s || top(out_s) < t) {
            int a = popc(out_s), b = popc(m);
            if (best < 0 || a > k1 || (a == k1 && b > k2)) {
                best = t;
                k1 = a;
                k2 = b;
            }
        }
    }
    if (best >= 0) return best;
    (void)s;
    u64 plain = legal & ~HM & ~QS_BIT;
    if (plain) {
        int best_suit = -1, n_best = -1;
        for (int su = 0; su < 4; su++) {
            int n = (plain & SUITM(su)) ? popc(out & SUITM(su)) : -1;
            if (n > n_best) {
                best_suit = su;
                n_best = n;
            }
        }
        return low(plain & SUITM(best_suit));
    }
    return top(legal);
}

/* moon.shoot_play */
static int shoot_card(const Rules *r, const St *s, u64 legal) {
    if (single(legal)) return low(legal);
    int me = s->turn;
    if (!moon_open(r, s, me)) return rules_card(r, s, legal, ALARM_THREAT, 0);
    u64 hand = s->hands[me];
    u64 out = FULL & ~s->played & ~hand;
    if (!s->ntrick) return shoot_lead(s, legal, out);
    u64 follow = legal & SUITM(s->led);
    if (follow) {
        int bc = s->led * 13 + s->best;
        u64 above = follow & ABOVE(bc);
        if (!above) return low(follow);
        if (s->ntrick == 3) return low(above);
        return top(above);
    }
    /* void: a low card of the weakest other suit, never a moon card; the key
     * (others hold a higher card, -length, -lowest) is maximised */
    u64 keep = legal & ~r->moon_cards;
    if (!keep) keep = legal;
    int best = -1, k1 = 0, k2 = 0, k3 = 0;
    for (int su = 0; su < 4; su++) {
        u64 m = keep & SUITM(su);
        if (!m) continue;
        int lo = low(m);
        u64 out_s = out & SUITM(su);
        int a = out_s && top(out_s) > top(m), b = -popc(m), c = -lo;
        if (best < 0 || a > k1 || (a == k1 && (b > k2 || (b == k2 && c > k3)))) {
            best = lo;
            k1 = a;
            k2 = b;
            k3 = c;
        }
    }
    return best;
}

/* play_model: a model of `normal`'s play, learned from its play (a trial setting of the
 * playouts, `SearchConfig.playout_model`); ``w`` its weights, N_FEATURES for each of the
 * CONTEXTS (a lead, following suit, a discard) */
#define MODEL_NF 52
#define MODEL_NW (3 * MODEL_NF)

/* play_model.groups: the lowest card of each group of ``legal`` that plays alike */
static int model_groups(const Rules *r, const St *s, u64 legal, int *reps) {
    u64 hand = s->hands[s->turn];
    u64 apart = (FULL & ~s->played & ~hand) | s->trick_mask;
    int n = 0, prev = -1;
    for (u64 m = legal; m; m &= m - 1) {
        int c = low(m);
        if (prev >= 0 && prev / 13 == c / 13 && r->value[prev] == r->value[c]
            && !(apart & (BELOW(c) & ~BELOW(prev + 1)))) {
            prev = c;
            continue;
        }
        reps[n++] = c;
        prev = c;
    }
    return n;
}

/* play_model.features, times the context's weights ``w`` */
static long model_score(const Rules *r, const St *s, int c, int rules, int threat, int alarm,
                        const int *w) {
    int me = s->turn;
    u64 hand = s->hands[me];
    int suit = c / 13, rank = c % 13;
    u64 out = FULL & ~s->played & ~hand;
    u64 out_s = out & SUITM(suit), mine = hand & SUITM(suit);
    int higher = popc(out_s >> c), lower = popc(out_s & BELOW(c));
    int pos = s->ntrick, lead = pos == 0, tv = 0;
    for (int i = 0; i < pos; i++) tv += r->value[s->trick[i]];
    int follow = !lead && suit == s->led, discard = !lead && !follow;
    int win = lead || (follow && rank > s->best), last = pos == 3;
    int beatable = win && !last && higher > 0;
    int qs_out = (out & QS_BIT) != 0;
    int v = r->value[c], early = s->ntricks < 4;
    int len = popc(mine), h6 = higher < 6 ? higher : 6, l6 = lower < 6 ? lower : 6;
    int f[MODEL_NF] = {0};
    f[0] = c == rules;
    f[1] = win && !lead;
    f[2] = beatable && !lead;
    f[3] = win && !lead ? tv : 0;
    f[4] = !win ? v : 0;
    f[5] = win ? v : 0;
    f[6] = rank;
    f[7] = h6;
    f[8] = l6;
    f[9] = len;
    f[10] = len == 1;
    f[11] = c == QS;
    f[12] = (c == AS || c == KS) && qs_out;
    f[13] = suit == SPADES && rank < 10 && qs_out;
    f[14] = lead && suit == HEARTS;
    f[15] = discard;
    f[16] = discard ? rank : 0;
    f[17] = lead ? rank : 0;
    f[18] = lead ? l6 : 0;
    f[19] = follow && !win ? rank : 0;
    f[20] = win && !lead ? pos : 0;
    f[21] = threat >= 0 && win && !lead;
    f[22] = threat >= 0 && v > 0 && s->winner == threat && !win;
    f[23] = win ? s->ntricks : 0;
    f[24] = early ? rank : 0;
    if (lead)
        for (int o = 0; o < 4; o++) f[25] += o != me && (s->voids[o] >> suit & 1);
    f[26] = win && !lead && tv == 0 && v == 0;
    f[27] = c == top(mine) && len > 1;
    f[28] = higher == 0 && out_s != 0;
    f[29] = lead && out_s == 0;
    f[30] = threat >= 0 && v > 0 && s->winner != threat && !win && !lead;
    f[31] = discard ? 13 - s->ntricks : 0;
    f[32 + suit] = 1;
    f[36] = suit == SPADES && (hand & QS_BIT);
    f[37] = suit == SPADES && qs_out && !(hand & QS_BIT) && (hand & (AS_BIT | KS_BIT));
    f[38] = suit == HEARTS ? rank : 0;
    f[39] = suit == HEARTS ? h6 : 0;
    f[40] = early && f[27];
    f[41] = 13 - s->ntricks;
    if (higher)
        for (int k = 1; k < 4 - pos; k++) f[42] += !(s->voids[(me + k) & 3] >> suit & 1);
    f[43] = tv;
    f[44] = threat >= 0 && s->winner == threat && !win ? rank : 0;
    f[45] = alarm >= 0 && v > 0 && !win;
    f[46] = popc(out_s) < 10 ? popc(out_s) : 10;
    f[47] = lead ? h6 : 0;
    f[48] = lead && lower == 0 && out_s != 0;
    f[49] = s->ntricks >= 8 ? rank : 0;
    f[50] = win && last;
    f[51] = v > 0;
    long total = 0;
    for (int i = 0; i < MODEL_NF; i++) total += (long)w[i] * f[i];
    return total;
}

/* sim.searched_as: the group among ``reps`` (n of them, from the lowest) standing for
 * ``card``: the highest in its suit not above it (-1 if none) */
static int group_of(const int *reps, int n, int card) {
    int g = -1;
    for (int i = 0; i < n; i++)
        if (reps[i] <= card && reps[i] / 13 == card / 13) g = i;
    return g;
}

/* play_model.scores: the lowest card of each group of ``legal`` (``reps``) and its score;
 * returns how many groups */
static int model_scores(const Rules *r, const St *s, u64 legal, const int *w, int *reps,
                        long *scores) {
    int n = model_groups(r, s, legal, reps);
    int g = group_of(reps, n, rules_card(r, s, legal, ALARM_THREAT, 0));
    int rules = g >= 0 ? reps[g] : -1;
    int threat = early_alarm(r, s, s->turn), alarm = moon_threat(r, s, s->turn);
    int ctx = !s->ntrick ? 0 : (legal & SUITM(s->led)) ? 1 : 2;
    w += ctx * MODEL_NF;
    for (int i = 0; i < n; i++) scores[i] = model_score(r, s, reps[i], rules, threat, alarm, w);
    return n;
}

/* the best of ``n`` groups' scores (the lowest group among equals) */
static int best_group(const long *scores, int n) {
    int best = 0;
    for (int i = 1; i < n; i++)
        if (scores[i] > scores[best]) best = i;
    return best;
}

/* play_model.model_card */
static int model_card(const Rules *r, const St *s, u64 legal, const int *w) {
    if (single(legal)) return top(legal);
    int reps[13];
    long scores[13];
    int n = model_scores(r, s, legal, w, reps, scores);
    return reps[best_group(scores, n)];
}

/* policy.rules_playout */
static void run_rules(const Rules *r, St *s) {
    int alarm = ALARM_THREAT;
    while (s->ntricks < 13) {
        if (!s->ntrick && alarm == ALARM_THREAT && moon_holders(r, s) > 1) alarm = ALARM_NONE;
        u64 legal = legal_mask(r, s);
        play(r, s, single(legal) ? top(legal) : rules_card(r, s, legal, alarm, 0));
    }
}

/* moon.STRONG_DEFENCE: the seats not shooting all defend as ``me`` does */
#define STRONG_DEFENCE 16

/* moon.moon_playout */
static void run_moon(const Rules *r, St *s, int shooters, int me) {
    int strong = shooters & STRONG_DEFENCE;
    while (s->ntricks < 13) {
        if (!s->ntrick && moon_holders(r, s) > 1) break;
        u64 legal = legal_mask(r, s);
        int turn = s->turn, card;
        if (shooters >> turn & 1)
            card = shoot_card(r, s, legal);
        else if (turn == me || strong)
            card = rules_card(r, s, legal, ALARM_EARLY, 1);
        else
            card = rules_card(r, s, legal, ALARM_THREAT, 0);
        play(r, s, card);
    }
    while (s->ntricks < 13) play(r, s, rules_card(r, s, legal_mask(r, s), ALARM_NONE, 0));
}

/* play_model.model_playout */
static void run_model(const Rules *r, St *s, int me, int shooters, const int *w, int model_me) {
    int moon = shooters >= 0;
    while (s->ntricks < 13) {
        if (moon && !s->ntrick && moon_holders(r, s) > 1) moon = 0;
        u64 legal = legal_mask(r, s);
        int turn = s->turn, card;
        if (single(legal))
            card = top(legal);
        else if (moon && (shooters >> turn & 1))
            card = shoot_card(r, s, legal);
        else if (moon && (turn == me || (shooters & STRONG_DEFENCE)))
            card = rules_card(r, s, legal, ALARM_EARLY, 1);
        else if (turn == me && !model_me)
            card = rules_card(r, s, legal, ALARM_THREAT, 0);
        else
            card = model_card(r, s, legal, w);
        play(r, s, card);
    }
}

/* moon.line_score: how a line's end is ranked for ``me`` (its points; a moon counts the moon
 * cards' worth, ``weight`` times against it, taken off for its own) */
static double line_score(const Rules *r, const St *s, int me, double weight) {
    u64 mc = r->moon_cards;
    for (int i = 0; r->moon_on && i < 4; i++) {
        if ((s->taken[i] & mc) == mc) {
            double worth = 0;
            for (u64 m = mc; m; m &= m - 1) worth += r->value[low(m)];
            return i == me ? -worth : worth * weight;
        }
    }
    double pts = 0;
    for (u64 m = s->taken[me]; m; m &= m - 1) pts += r->value[low(m)];
    return pts;
}

/* whether card ``c`` plays as the card under it in ``legal`` (no card out between them,
 * the same worth): of cards that play alike only the lowest is tried */
static int plays_as_under(const Rules *r, const St *s, u64 legal, int c) {
    int under = top(SUITM(c / 13) & BELOW(c) & ~s->played);
    return under >= 0 && (legal >> under & 1) && r->value[under] == r->value[c];
}

/* moon.best_line: ``s`` played to its end, the other seats as in run_rules (shooters < 0) or
 * run_moon (or by the model ``w`` where they neither shoot nor defend, when not NULL), ``me``
 * every card it may play in turn (one of cards that play alike); the end whose line_score
 * is least into *end (the first such, trying the cards from the lowest) */
static double best_line(const Rules *r, St s, int shooters, int me, double weight, St *end,
                        const int *w) {
    while (s.ntricks < 13) {
        u64 legal = legal_mask(r, &s);
        int turn = s.turn, card;
        if (single(legal)) {
            card = low(legal);
        } else if (turn == me) {
            double best = 0;
            for (u64 m = legal; m; m &= m - 1) {
                int c = low(m);
                if (plays_as_under(r, &s, legal, c)) continue;
                St next = s, line_end;
                play(r, &next, c);
                double v = best_line(r, next, shooters, me, weight, &line_end, w);
                if (m == legal || v < best) {   /* the lowest card is always tried */
                    best = v;
                    *end = line_end;
                }
            }
            return best;
        } else if (w && !(shooters >= 0 && moon_holders(r, &s) <= 1
                          && ((shooters >> turn & 1) || (shooters & STRONG_DEFENCE)))) {
            card = model_card(r, &s, legal, w);     /* not a moon.moon_seat */
        } else if (shooters < 0) {
            card = rules_card(r, &s, legal, ALARM_THREAT, 0);
        } else if (moon_holders(r, &s) > 1) {
            card = rules_card(r, &s, legal, ALARM_NONE, 0);
        } else if (shooters >> turn & 1) {
            card = shoot_card(r, &s, legal);
        } else if (shooters & STRONG_DEFENCE) {
            card = rules_card(r, &s, legal, ALARM_EARLY, 1);
        } else {
            card = rules_card(r, &s, legal, ALARM_THREAT, 0);
        }
        play(r, &s, card);
    }
    *end = s;
    return line_score(r, &s, me, weight);
}

/* one play of the playouts after ``play`` (run_rules with ``shooters`` < 0, else run_moon) */
static int policy_card(const Rules *r, const St *s, u64 legal, int shooters, int me) {
    int turn = s->turn;
    if (moon_holders(r, s) > 1) return rules_card(r, s, legal, ALARM_NONE, 0);
    if (shooters < 0) return rules_card(r, s, legal, ALARM_THREAT, 0);
    if (shooters >> turn & 1) return shoot_card(r, s, legal);
    if (turn == me || (shooters & STRONG_DEFENCE))
        return rules_card(r, s, legal, ALARM_EARLY, 1);
    return rules_card(r, s, legal, ALARM_THREAT, 0);
}

/* the points (`line_score`) the seat to play in ``s`` ends with after playing ``c``, the
 * hand played out as by the playouts */
static double played_out(const Rules *r, St s, int c, int shooters, int me) {
    int turn = s.turn;
    play(r, &s, c);
    if (shooters < 0) run_rules(r, &s);
    else run_moon(r, &s, shooters, me);
    return line_score(r, &s, turn, 1.0);
}

/* the card of the seat to play (not ``me``) that leaves it the fewest points, each card it
 * may play (one of cards that play alike) followed by the playouts in this world; the
 * playouts' own card unless another is better */
static int reply_card(const Rules *r, const St *s, int shooters, int me) {
    u64 legal = legal_mask(r, s);
    if (single(legal)) return low(legal);
    int card = policy_card(r, s, legal, shooters, me);
    double best = played_out(r, *s, card, shooters, me);
    for (u64 m = legal; m; m &= m - 1) {
        int c = low(m);
        if (c == card || plays_as_under(r, s, legal, c)) continue;
        double v = played_out(r, *s, c, shooters, me);
        if (v < best) {
            best = v;
            card = c;
        }
    }
    return card;
}

/* -- the other seats searched: a max-n tree over the next plies of a world (tree.py) ----- */

/* one node of `tree.tree_line`: the state there, the end of its best line so far and that
 * end's line_score for every seat, its visits and the sums of its playouts' scores */
typedef struct {
    St s, end;
    double val[4], sum[4];
    int visits, depth, leaf, nchild, first, next;   /* children: a linked list in order */
    int untried[13], nuntried, tried;
} Node;

/* line_score of the end ``e`` for every seat */
static void line_scores(const Rules *r, const St *e, double *v) {
    for (int i = 0; i < 4; i++) v[i] = line_score(r, e, i, 1.0);
}

/* tree.Tree.node: a node for ``s`` ``depth`` plies below the root, its best line the
 * playouts' from there */
static void tree_node(const Rules *r, Node *n, const St *s, int depth, int plies, int shooters,
                      int me, int search_me) {
    n->s = *s;
    n->end = *s;
    if (shooters < 0) run_rules(r, &n->end);
    else run_moon(r, &n->end, shooters, me);
    line_scores(r, &n->end, n->val);
    for (int i = 0; i < 4; i++) n->sum[i] = 0.0;
    n->visits = 0;
    n->depth = depth;
    n->nchild = 0;
    n->first = n->next = -1;
    n->nuntried = n->tried = 0;
    n->leaf = s->ntricks >= 13 || depth >= plies;
    if (n->leaf) return;
    u64 legal = legal_mask(r, s);
    int card = policy_card(r, s, legal, shooters, me);
    n->untried[n->nuntried++] = card;
    if (!search_me && s->turn == me) return;     /* ``me`` plays as the playouts */
    for (u64 m = legal; m; m &= m - 1) {
        int c = low(m);
        if (c == card || plays_as_under(r, s, legal, c)) continue;
        n->untried[n->nuntried++] = c;
    }
}

/* tree.tree_line: the end of the hand from ``root`` after ``iters`` steps of a max-n search
 * of the next ``plies`` plays, every seat choosing the card of least line_score for itself
 * (the playouts' card until another is found better; without ``search_me``, ``me`` always
 * the playouts' card), the playouts past the tree */
static void tree_line(const Rules *r, const St *root, int iters, int plies, double explore,
                      int shooters, int me, int search_me, Node *nodes, St *out) {
    int n_nodes = 1, path[64];
    tree_node(r, &nodes[0], root, 0, plies, shooters, me, search_me);
    for (int it = 0; it < iters; it++) {
        int np = 0, cur = 0;
        path[np++] = 0;
        for (;;) {
            Node *n = &nodes[cur];
            if (n->leaf) break;
            if (n->tried < n->nuntried) {
                St next = n->s;
                play(r, &next, n->untried[n->tried++]);
                int k = n_nodes++;
                tree_node(r, &nodes[k], &next, n->depth + 1, plies, shooters, me, search_me);
                /* appended to the children in order */
                if (n->first < 0) {
                    n->first = k;
                } else {
                    int c = n->first;
                    while (nodes[c].next >= 0) c = nodes[c].next;
                    nodes[c].next = k;
                }
                n->nchild++;
                path[np++] = k;
                break;
            }
            int mover = n->s.turn, pick = -1;
            double best = 0.0, logn = log((double)n->visits);
            for (int c = n->first; c >= 0; c = nodes[c].next) {
                double u = -(nodes[c].sum[mover] / nodes[c].visits) / 26.0
                           + explore * sqrt(logn / nodes[c].visits);
                if (pick < 0 || u > best) {
                    pick = c;
                    best = u;
                }
            }
            cur = pick;
            path[np++] = cur;
        }
        double v[4];
        for (int i = 0; i < 4; i++) v[i] = nodes[path[np - 1]].val[i];
        for (int k = np - 1; k >= 0; k--) {
            Node *n = &nodes[path[k]];
            n->visits++;
            for (int i = 0; i < 4; i++) n->sum[i] += v[i];
            if (k == np - 1) continue;
            /* the mover's best child: the least line_score for it, the first of equals */
            int mover = n->s.turn, pick = -1;
            for (int c = n->first; c >= 0; c = nodes[c].next)
                if (pick < 0 || nodes[c].val[mover] < nodes[pick].val[mover]) pick = c;
            n->end = nodes[pick].end;
            for (int i = 0; i < 4; i++) n->val[i] = nodes[pick].val[i];
        }
    }
    *out = nodes[0].end;
}

/* -- an information-set search of the next plies, shared by the worlds (ismcts.py) ----- */

/* one node of `ismcts.ISTree`: the card that led to it from its parent, its children (a
 * linked list in the order they were added), its visits, how often it could be chosen
 * (``avail``) and the sums of every seat's line_score over its visits */
typedef struct {
    int card, first, next, visits, avail;
    double sum[4];
} ISNode;

typedef struct {
    ISNode *nodes;
    int n, cap, roots[52], worlds;  /* ``worlds``: searched so far (ismcts.ISTree.worlds) */
} ISTree;

static void is_tree_free(PyObject *capsule) {
    ISTree *t = PyCapsule_GetPointer(capsule, "hearts.ISTree");
    if (t) {
        PyMem_RawFree(t->nodes);
        PyMem_RawFree(t);
    }
}

/* a new node for ``card`` (no parent link yet); -1 where the memory ran out */
static int is_new(ISTree *t, int card) {
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 1024;
        ISNode *nodes = PyMem_RawRealloc(t->nodes, (size_t)cap * sizeof(ISNode));
        if (!nodes) return -1;
        t->nodes = nodes;
        t->cap = cap;
    }
    ISNode *n = &t->nodes[t->n];
    n->card = card;
    n->first = n->next = -1;
    n->visits = n->avail = 0;
    for (int i = 0; i < 4; i++) n->sum[i] = 0.0;
    return t->n++;
}

static int is_child(const ISTree *t, int node, int card) {
    for (int c = t->nodes[node].first; c >= 0; c = t->nodes[c].next)
        if (t->nodes[c].card == card) return c;
    return -1;
}

static int is_add(ISTree *t, int node, int card) {
    int k = is_new(t, card);
    if (k < 0) return -1;
    int *link = &t->nodes[node].first;
    while (*link >= 0) link = &t->nodes[*link].next;
    *link = k;
    return k;
}

/* ismcts._read_card: the card of ``cls`` (the playouts' first) that ``mover``'s statistics
 * at ``node`` promise most, read only: the least mean less ``explore`` over the root of its
 * visits; the playouts' card where none of them was tried */
static int is_read_card(const ISTree *t, int node, const int *cls, int ncls, int mover,
                        double explore) {
    int pick = cls[0], found = 0;
    double best = 0.0;
    for (int i = 0; i < ncls; i++) {
        int k = is_child(t, node, cls[i]);
        if (k < 0 || !t->nodes[k].visits) continue;
        const ISNode *c = &t->nodes[k];
        double u = -(c->sum[mover] / c->visits) / 26.0 - explore / sqrt((double)c->visits);
        if (!found || u > best) {
            pick = cls[i];
            best = u;
            found = 1;
        }
    }
    return pick;
}

/* ismcts.is_step: one step of the search in the world ``s`` (the candidate played) from
 * the node ``root``: down the tree by the plays the world allows, each mover choosing among
 * the cards it may play (the playouts' card first, one of cards that play alike) by UCB on
 * its own mean over the worlds where each could be chosen, a new node for a card not yet
 * tried, then the playouts; every seat's line_score added up the path. With ``view`` a seat
 * (not -1) only that seat searches and has its nodes updated, the others playing
 * `is_read_card`. 0, or -1 where the memory ran out. ``s`` is played to its end. */
static int is_step(const Rules *r, ISTree *t, int root, St *s, int plies, double explore,
                   int shooters, int me, int view) {
    int path[64], np = 0, node = root, depth = 0;
    path[np++] = root;
    while (s->ntricks < 13 && depth < plies) {
        u64 legal = legal_mask(r, s);
        int mover = s->turn, cls[13], ncls = 0, missing = -1;
        cls[ncls++] = policy_card(r, s, legal, shooters, me);
        for (u64 m = legal; m; m &= m - 1) {
            int c = low(m);
            if (c != cls[0] && !plays_as_under(r, s, legal, c)) cls[ncls++] = c;
        }
        if (view >= 0 && mover != view) {
            int card = is_read_card(t, node, cls, ncls, mover, explore);
            int k = is_child(t, node, card);
            if (k < 0 && (k = is_add(t, node, card)) < 0) return -1;
            play(r, s, card);
            node = k;
            depth++;
            continue;
        }
        int kids[13];
        for (int i = 0; i < ncls; i++) {
            kids[i] = is_child(t, node, cls[i]);
            if (kids[i] >= 0) t->nodes[kids[i]].avail++;
            /* not tried (a node another seat's read reached is not) */
            if ((kids[i] < 0 || !t->nodes[kids[i]].visits) && missing < 0) missing = i;
        }
        int next;
        if (missing >= 0 && kids[missing] >= 0) {
            next = kids[missing];
        } else if (missing >= 0) {
            next = is_add(t, node, cls[missing]);
            if (next < 0) return -1;
            t->nodes[next].avail = 1;
        } else {
            next = -1;
            double best = 0.0;
            for (int i = 0; i < ncls; i++) {
                const ISNode *c = &t->nodes[kids[i]];
                double u = -(c->sum[mover] / c->visits) / 26.0
                           + explore * sqrt(log((double)c->avail) / c->visits);
                if (next < 0 || u > best) {
                    next = kids[i];
                    best = u;
                }
            }
        }
        play(r, s, t->nodes[next].card);
        path[np++] = node = next;
        depth++;
        if (missing >= 0 && ncls > 1) break;
    }
    if (shooters < 0) run_rules(r, s);
    else run_moon(r, s, shooters, me);
    double v[4];
    line_scores(r, s, v);
    for (int k = 0; k < np; k++) {
        ISNode *n = &t->nodes[path[k]];
        n->visits++;
        for (int i = 0; i < 4; i++) n->sum[i] += v[i];
    }
    return 0;
}

/* ismcts.mix64: splitmix64's step, the random numbers of the re-deals (the same in Python) */
static u64 mix64(u64 *x) {
    u64 z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ismcts.world_seed: the random state of a world's re-deals */
static u64 world_seed(const St *s) {
    u64 x = 0, t;
    for (int i = 0; i < 4; i++) {
        t = x ^ s->hands[i];
        x = mix64(&t);
    }
    t = x ^ s->played;
    return mix64(&t);
}

/* ismcts.redeal: ``s`` with the cards ``view`` cannot see (the other three hands) shuffled
 * and dealt back among those seats, each its count, none a suit it has shown it lacks; 0,
 * or -1 where the cards did not go round (``out`` then unfinished) */
static int redeal(const St *s, int view, u64 *rng, St *out) {
    int pool[52], n = 0, cap[4];
    *out = *s;
    for (int i = 0; i < 4; i++) {
        cap[i] = i == view ? 0 : popc(s->hands[i]);
        if (i == view) continue;
        for (u64 m = s->hands[i]; m; m &= m - 1) pool[n++] = low(m);
        out->hands[i] = 0;
    }
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(mix64(rng) % (u64)(i + 1)), c = pool[i];
        pool[i] = pool[j];
        pool[j] = c;
    }
    for (int k = 0; k < n; k++) {
        int c = pool[k], total = 0;
        for (int i = 0; i < 4; i++)
            if (cap[i] && !(s->voids[i] >> (c / 13) & 1)) total += cap[i];
        if (!total) return -1;
        int pick = (int)(mix64(rng) % (u64)total);
        for (int i = 0; i < 4; i++) {
            if (!cap[i] || (s->voids[i] >> (c / 13) & 1)) continue;
            if (pick < cap[i]) {
                out->hands[i] |= 1ULL << c;
                cap[i]--;
                break;
            }
            pick -= cap[i];
        }
    }
    return 0;
}

/* ismcts.views_step: the ``step``-th step of the other seats' own searches under ``root``,
 * in ``s`` (the candidate played) re-dealt from that seat's view; 0, or -1 where the memory
 * ran out */
static int views_step(const Rules *r, ISTree *t, int root, const St *s, int step, u64 seed,
                      int plies, double explore, int shooters, int me) {
    int view = (me + 1 + step % 3) & 3;
    u64 rng = seed ^ (u64)step;
    St seen;
    if (redeal(s, view, &rng, &seen)) return 0;
    return is_step(r, t, root, &seen, plies, explore, shooters, me, view);
}

/* -- between Python and C ------------------------------------------------------------- */

static PyObject *s_sr, *s_native, *s_hands, *s_taken, *s_won, *s_played, *s_ntricks, *s_leader,
    *s_turn, *s_trick, *s_trick_mask, *s_led, *s_best, *s_winner, *s_broken, *s_voids;

static int get_int(PyObject *obj, PyObject *name, long long *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    *out = PyLong_AsLongLong(v);
    Py_DECREF(v);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int get_list(PyObject *obj, PyObject *name, u64 *out, Py_ssize_t max, Py_ssize_t *n) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    PyObject *seq = PySequence_Fast(v, "a list of ints is needed");
    Py_DECREF(v);
    if (!seq) return -1;
    Py_ssize_t len = PySequence_Fast_GET_SIZE(seq);
    if (len > max) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%S holds too many items", name);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        out[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == (u64)-1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    if (n) *n = len;
    Py_DECREF(seq);
    return 0;
}

static const Rules *get_rules(PyObject *st) {
    PyObject *sr = PyObject_GetAttr(st, s_sr);
    if (!sr) return NULL;
    PyObject *packed = PyObject_GetAttr(sr, s_native);
    Py_DECREF(sr);
    if (!packed) return NULL;
    /* the bytes object lives on the SimRules, which the state keeps */
    Py_DECREF(packed);
    if (!PyBytes_Check(packed) || PyBytes_GET_SIZE(packed) != (Py_ssize_t)sizeof(Rules)) {
        PyErr_SetString(PyExc_TypeError, "SimRules.native is not a packed rule set");
        return NULL;
    }
    return (const Rules *)PyBytes_AS_STRING(packed);
}

static int read_state(PyObject *o, St *s) {
    u64 buf[4];
    long long v;
    Py_ssize_t n;
    memset(s, 0, sizeof(*s));
    if (get_list(o, s_hands, s->hands, 4, NULL) || get_list(o, s_taken, s->taken, 4, NULL))
        return -1;
    if (get_list(o, s_won, buf, 4, NULL)) return -1;
    for (int i = 0; i < 4; i++) s->won[i] = (int)buf[i];
    if (get_list(o, s_voids, buf, 4, NULL)) return -1;
    for (int i = 0; i < 4; i++) s->voids[i] = (int)buf[i];
    if (get_list(o, s_trick, buf, 3, &n)) return -1;
    s->ntrick = (int)n;
    for (int i = 0; i < n; i++) s->trick[i] = (int)buf[i];
    PyObject *p = PyObject_GetAttr(o, s_played);
    if (!p) return -1;
    s->played = PyLong_AsUnsignedLongLongMask(p);
    Py_DECREF(p);
    p = PyObject_GetAttr(o, s_trick_mask);
    if (!p) return -1;
    s->trick_mask = PyLong_AsUnsignedLongLongMask(p);
    Py_DECREF(p);
    if (PyErr_Occurred()) return -1;
    struct { PyObject *name; int *field; } ints[] = {
        {s_ntricks, &s->ntricks}, {s_leader, &s->leader}, {s_turn, &s->turn},
        {s_led, &s->led}, {s_best, &s->best}, {s_winner, &s->winner}};
    for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
        if (get_int(o, ints[i].name, &v)) return -1;
        *ints[i].field = (int)v;
    }
    p = PyObject_GetAttr(o, s_broken);
    if (!p) return -1;
    s->broken = PyObject_IsTrue(p);
    Py_DECREF(p);
    if (s->broken < 0) return -1;
    if (s->ntricks < 0 || s->ntricks > 13 || s->turn < 0 || s->turn > 3 ||
        (s->ntrick && (s->led < 0 || s->led > 3 || s->winner < 0 || s->winner > 3 ||
                       s->best < 0 || s->best > 12))) {
        PyErr_SetString(PyExc_ValueError, "not a SimState in play");
        return -1;
    }
    for (int i = 0; i < s->ntrick; i++)
        if (s->trick[i] < 0 || s->trick[i] > 51) {
            PyErr_SetString(PyExc_ValueError, "a trick card out of range");
            return -1;
        }
    return 0;
}

/* A state the playouts can finish: no card twice or past the deck, and every seat holding
 * the cards it has left (a seat without a card to play would have none to choose) */
static int check_deal(const St *s) {
    u64 seen = s->played;
    for (int i = 0; i < 4; i++) {
        int held = 13 - s->ntricks;
        for (int k = 0; k < s->ntrick; k++)
            held -= ((s->turn - s->ntrick + k) & 3) == i;
        if ((s->hands[i] & ~FULL) || (s->hands[i] & seen) || popc(s->hands[i]) != held) {
            PyErr_Format(PyExc_ValueError, "seat %d's cards do not fit the hand in play", i);
            return -1;
        }
        seen |= s->hands[i];
    }
    return 0;
}

/* ``out``: the four hand masks of the sequence ``hidden`` */
static int four_masks(PyObject *hidden, u64 *out) {
    PyObject *seq = PySequence_Fast(hidden, "hidden: four hand masks");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != 4) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "hidden: four hand masks");
        return -1;
    }
    for (int i = 0; i < 4; i++) out[i] = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(seq, i));
    Py_DECREF(seq);
    return PyErr_Occurred() ? -1 : 0;
}

static int set_attr(PyObject *o, PyObject *name, PyObject *v) {
    if (!v) return -1;
    int rc = PyObject_SetAttr(o, name, v);
    Py_DECREF(v);
    return rc;
}

static PyObject *u64_list(const u64 *a) {
    return Py_BuildValue("[KKKK]", (unsigned long long)a[0], (unsigned long long)a[1],
                         (unsigned long long)a[2], (unsigned long long)a[3]);
}

static PyObject *int_list(const int *a) {
    return Py_BuildValue("[iiii]", a[0], a[1], a[2], a[3]);
}

static int write_state(PyObject *o, const St *s) {
    PyObject *trick = PyList_New(s->ntrick);
    if (!trick) return -1;
    for (int i = 0; i < s->ntrick; i++) PyList_SET_ITEM(trick, i, PyLong_FromLong(s->trick[i]));
    if (set_attr(o, s_trick, trick) || set_attr(o, s_hands, u64_list(s->hands)) ||
        set_attr(o, s_taken, u64_list(s->taken)) || set_attr(o, s_won, int_list(s->won)) ||
        set_attr(o, s_voids, int_list(s->voids)) ||
        set_attr(o, s_played, PyLong_FromUnsignedLongLong(s->played)) ||
        set_attr(o, s_trick_mask, PyLong_FromUnsignedLongLong(s->trick_mask)) ||
        set_attr(o, s_ntricks, PyLong_FromLong(s->ntricks)) ||
        set_attr(o, s_leader, PyLong_FromLong(s->leader)) ||
        set_attr(o, s_turn, PyLong_FromLong(s->turn)) ||
        set_attr(o, s_led, PyLong_FromLong(s->led)) ||
        set_attr(o, s_best, PyLong_FromLong(s->best)) ||
        set_attr(o, s_winner, PyLong_FromLong(s->winner)))
        return -1;
    PyObject *b = s->broken ? Py_True : Py_False;
    Py_INCREF(b);
    return set_attr(o, s_broken, b);
}

static PyObject *py_rules_playout(PyObject *self, PyObject *st) {
    St s;
    const Rules *r = get_rules(st);
    if (!r || read_state(st, &s) || check_deal(&s)) return NULL;
    run_rules(r, &s);
    if (write_state(st, &s)) return NULL;
    Py_INCREF(st);
    return st;
}

static PyObject *py_moon_playout(PyObject *self, PyObject *args) {
    PyObject *st;
    int shooters, me;
    if (!PyArg_ParseTuple(args, "Oii", &st, &shooters, &me)) return NULL;
    St s;
    const Rules *r = get_rules(st);
    if (!r || read_state(st, &s) || check_deal(&s)) return NULL;
    run_moon(r, &s, shooters, me);
    if (write_state(st, &s)) return NULL;
    Py_INCREF(st);
    return st;
}

static long card_points(const Rules *r, u64 taken) {
    long pts = 0;
    for (u64 m = taken; m; m &= m - 1) pts += r->value[low(m)];
    return pts;
}

/* A finished hand for ``me``: its points where they are the values of its cards (no moon, no
 * clean-hand bonus); else (taken, won) for Python to score (`sim.seat_results`) */
static PyObject *seat_result(const Rules *r, const St *s, int me) {
    int moon = 0;
    for (int i = 0; i < 4; i++)
        moon |= r->moon_on && (s->taken[i] & r->moon_cards) == r->moon_cards;
    if (r->additive && !moon)
        return PyLong_FromLong(card_points(r, s->taken[me]));
    return Py_BuildValue("(NN)", u64_list(s->taken), int_list(s->won));
}

/* (the results of the hands ``ends`` for ``me``, how many are not plain points) */
static PyObject *seat_results(const Rules *r, const St *ends, Py_ssize_t n, int me) {
    int specials = 0;
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = seat_result(r, &ends[i], me);
        if (!item) {
            Py_DECREF(out);
            return NULL;
        }
        specials += !PyLong_CheckExact(item);
        PyList_SET_ITEM(out, i, item);
    }
    return Py_BuildValue("(Ni)", out, specials);
}

/* moon.score_cards: each card played in the state, the hand played out (shooters < 0: the
 * rules player for every seat), and ``me``'s points where they are the values of its cards */
/* The candidate cards (indices held by the seat to play, at most 13): each start state
   in ``ends`` and its card in ``played``; their count, or -1 with a Python error set. */
static Py_ssize_t read_candidates(PyObject *cards, const St *base, St ends[13],
                                  int played[13]) {
    PyObject *seq = PySequence_Fast(cards, "cards: card indices");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 13) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "cards: at most 13");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (card == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (card < 0 || card > 51 || !(base->hands[base->turn] >> card & 1) || base->ntricks > 12) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "card %ld is not in the hand of the seat to play", card);
            return -1;
        }
        ends[i] = *base;
        played[i] = (int)card;
    }
    Py_DECREF(seq);
    return n;
}

/* A search's world: the rules and state of ``st`` (its hands replaced by ``hidden`` when
   given), checked, and the candidate cards' start states (`read_candidates`, ``*n`` of
   them); NULL with a Python error set. */
static const Rules *read_world(PyObject *st, PyObject *hidden, PyObject *cards, St *base,
                               St ends[13], int played[13], Py_ssize_t *n) {
    const Rules *r = get_rules(st);
    if (!r || read_state(st, base)) return NULL;
    if (hidden != Py_None && four_masks(hidden, base->hands)) return NULL;
    if (check_deal(base)) return NULL;
    *n = read_candidates(cards, base, ends, played);
    return *n < 0 ? NULL : r;
}

static PyObject *py_score_cards(PyObject *self, PyObject *args) {
    PyObject *st, *cards, *hidden = Py_None;
    int me, shooters;
    double weight = -1.0;
    int replies = 0;
    if (!PyArg_ParseTuple(args, "OOii|Odi", &st, &cards, &me, &shooters, &hidden, &weight,
                          &replies))
        return NULL;
    if (me < 0 || me > 3) {
        PyErr_SetString(PyExc_ValueError, "me: a seat 0..3");
        return NULL;
    }
    St base, ends[13];
    int played[13];
    Py_ssize_t n;
    const Rules *r = read_world(st, hidden, cards, &base, ends, played, &n);
    if (!r) return NULL;
    /* the playouts touch no Python object: other threads (the host's other bots) run */
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        play(r, &ends[i], played[i]);
        /* replies: the rest of the trick (1), or until ``me`` is to play again (2) */
        while (replies && ends[i].ntricks < 13 && ends[i].turn != me
               && (ends[i].ntrick || replies > 1))
            play(r, &ends[i], reply_card(r, &ends[i], shooters, me));
        if (weight >= 0)
            best_line(r, ends[i], shooters, me, weight, &ends[i], NULL);
        else if (shooters < 0)
            run_rules(r, &ends[i]);
        else
            run_moon(r, &ends[i], shooters, me);
    }
    Py_END_ALLOW_THREADS
    return seat_results(r, ends, n, me);
}

/* play_model.model_cards: score_cards with the other seats playing the model, whose weights
 * are ``weights`` (MODEL_NW native ints, `play_model.packed`) */
static PyObject *py_model_cards(PyObject *self, PyObject *args) {
    PyObject *st, *cards, *hidden;
    int me, shooters, model_me;
    double weight;
    const char *wb;
    Py_ssize_t wn;
    if (!PyArg_ParseTuple(args, "OOiiOdiy#", &st, &cards, &me, &shooters, &hidden, &weight,
                          &model_me, &wb, &wn))
        return NULL;
    if (me < 0 || me > 3 || wn != (Py_ssize_t)(MODEL_NW * sizeof(int))) {
        PyErr_SetString(PyExc_ValueError, "me: a seat 0..3; weights: the packed model");
        return NULL;
    }
    int w[MODEL_NW];
    memcpy(w, wb, sizeof w);
    St base, ends[13];
    int played[13];
    Py_ssize_t n;
    const Rules *r = read_world(st, hidden, cards, &base, ends, played, &n);
    if (!r) return NULL;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        play(r, &ends[i], played[i]);
        if (weight >= 0)
            best_line(r, ends[i], shooters, me, weight, &ends[i], w);
        else
            run_model(r, &ends[i], me, shooters, w, model_me);
    }
    Py_END_ALLOW_THREADS
    return seat_results(r, ends, n, me);
}

/* moon.suit_losers: tricks a suit loses played from the top, the others following low
 * (rank masks of 13 bits) */
static int suit_losers(u64 mine, u64 others) {
    int losers = 0;
    while (mine) {
        int t = top(mine);
        if (others && top(others) > t) {
            losers++;
            mine &= mine - 1;
            others ^= 1ULL << top(others);
            others &= others - 1;
            others &= others - 1;
        } else {
            mine ^= 1ULL << t;
            others &= others - 1;
            others &= others - 1;
            others &= others - 1;
        }
    }
    return losers;
}

/* moon.hand_losers: the losers plus those in hearts or under the Q♠ (counted twice) */
static int moon_risk(u64 hand, u64 out) {
    int losers = 0, fatal = 0;
    for (int su = 0; su < 4; su++) {
        u64 mine = (hand >> (13 * su)) & 0x1FFF, others = (out >> (13 * su)) & 0x1FFF;
        if (!mine) {
            fatal += su == HEARTS && others;
            continue;
        }
        int n = suit_losers(mine, others);
        losers += n;
        if (n && (su == HEARTS || (su == SPADES && (out & QS_BIT)))) fatal += n;
    }
    return losers + fatal;
}

/* policy.moon_hand */
static int moon_hand(const Rules *r, u64 hand) {
    if (!r->moon_on) return 0;
    u64 hearts = (hand >> 26) & 0x1FFF;
    return (hearts >> 10) == 7 && popc(hearts) >= 7 && (hand & AS_BIT) && (hand & (KS_BIT | QS_BIT));
}

/* policy.pass_policy (the cards only) */
static u64 pass_mask(const Rules *r, u64 hand, int count) {
    double score[52];
    u64 chosen = 0;
    if (moon_hand(r, hand)) {
        /* the lowest cards, non-hearts first: key (heart, rank, card) ascending */
        for (int k = 0; k < count; k++) {
            int best = -1, bk = 0;
            for (u64 m = hand & ~chosen; m; m &= m - 1) {
                int c = low(m), key = (c / 13 == HEARTS) * 10000 + (c % 13) * 100 + c;
                if (best < 0 || key < bk) {
                    best = c;
                    bk = key;
                }
            }
            if (best >= 0) chosen |= 1ULL << best;
        }
        return chosen;
    }
    u64 spades = hand & SUITM(SPADES);
    int low_spades = popc(spades & ~(QS_BIT | KS_BIT | AS_BIT));
    int has_q = (hand & QS_BIT) != 0, omnibus = r->jd_value < 0;
    int counts[4];
    for (int su = 0; su < 4; su++) counts[su] = popc(hand & SUITM(su));
    for (u64 m = hand; m; m &= m - 1) {
        int c = low(m), suit = c / 13, rank = c % 13, v = r->value[c];
        double sc;
        if (c == QS) {
            sc = low_spades <= 3 ? 100.0 : 5.0;
        } else if (c == AS || c == KS) {
            sc = (has_q && low_spades > 3) ? 4.0 : 80.0 + rank + v;
        } else if (suit == HEARTS) {
            sc = rank >= 7 ? 20.0 + rank * 3 + v : rank * 0.5 + v * 0.2;
        } else if (suit == SPADES) {
            sc = rank * 0.5;
        } else {
            sc = rank * 3.0;
            if (counts[suit] <= 2) sc += 15;
            if (omnibus && suit == DIAMONDS) {
                if (c == JD)
                    sc = -50.0;
                else if (rank > 9)
                    sc -= 12;
            }
        }
        score[c] = sc;
    }
    /* the highest scores, ties to the higher card */
    for (int k = 0; k < count; k++) {
        int best = -1;
        for (u64 m = hand & ~chosen; m; m &= m - 1) {
            int c = low(m);
            if (best < 0 || score[c] >= score[best]) best = c;
        }
        if (best >= 0) chosen |= 1ULL << best;
    }
    return chosen;
}

/* search.SearchBot.search_pass, one world: the unseen cards (shuffled) dealt to the other
 * seats in order, their passes made by the rules player, then each of this seat's candidate
 * passes made and the hand played out by the rules player; this seat's points for each */
/* random.Random.shuffle's Fisher-Yates with the caller's getrandbits (the same draws as
 * `search.shuffle`) */
static int shuffle_cards(PyObject *list, PyObject *getrandbits) {
    Py_ssize_t n = PyList_GET_SIZE(list);
    for (Py_ssize_t i = n - 1; i > 0; i--) {
        unsigned long long bound = (unsigned long long)i + 1, x;
        int k = 64 - __builtin_clzll(bound);
        do {
            PyObject *bits = PyObject_CallFunction(getrandbits, "i", k);
            if (!bits) return -1;
            x = PyLong_AsUnsignedLongLong(bits);
            Py_DECREF(bits);
            if (x == (unsigned long long)-1 && PyErr_Occurred()) return -1;
        } while (x >= bound);
        PyObject *a = PyList_GET_ITEM(list, i), *b = PyList_GET_ITEM(list, (Py_ssize_t)x);
        PyList_SET_ITEM(list, i, b);
        PyList_SET_ITEM(list, (Py_ssize_t)x, a);
    }
    return 0;
}

static PyObject *py_score_passes(PyObject *self, PyObject *args) {
    PyObject *rules_o, *unseen_o, *cands_o, *getrandbits;
    unsigned long long hand;
    int me, offset, count, lead, risk = -1;
    if (!PyArg_ParseTuple(args, "SO!KiiiOiO|i", &rules_o, &PyList_Type, &unseen_o, &hand, &me,
                          &offset, &count, &cands_o, &lead, &getrandbits, &risk))
        return NULL;
    if (shuffle_cards(unseen_o, getrandbits)) return NULL;
    if (PyBytes_GET_SIZE(rules_o) != (Py_ssize_t)sizeof(Rules) || me < 0 || me > 3 ||
        count < 0 || count > 13 || lead > 3) {
        PyErr_SetString(PyExc_ValueError, "score_passes: packed rules, a seat, a pass size");
        return NULL;
    }
    const Rules *r = (const Rules *)PyBytes_AS_STRING(rules_o);
    u64 hands[4] = {0, 0, 0, 0}, passes[4] = {0, 0, 0, 0}, after[4];
    hands[me] = hand;
    PyObject *seq = PySequence_Fast(unseen_o, "unseen: card indices");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq), k = 0;
    for (int s = 0; s < 4; s++) {
        if (s == me) continue;
        for (int j = 0; j < 13 && k < n; j++, k++) {
            long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
            if (c < 0 || c > 51) {
                Py_DECREF(seq);
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a card out of range");
                return NULL;
            }
            hands[s] |= 1ULL << c;
        }
    }
    Py_DECREF(seq);
    u64 dealt = hands[me];
    for (int s = 0; s < 4; s++) {
        if (popc(hands[s]) != 13 || (s != me && (hands[s] & dealt))) {
            PyErr_SetString(PyExc_ValueError, "score_passes: 13 cards a hand, 39 unseen cards");
            return NULL;
        }
        dealt |= hands[s];
    }
    for (int s = 0; s < 4; s++)
        if (s != me) passes[s] = pass_mask(r, hands[s], count);
    for (int s = 0; s < 4; s++) after[s] = hands[s];
    for (int s = 0; s < 4; s++)
        if (s != me) {
            after[s] ^= passes[s];
            after[(s + offset) & 3] |= passes[s];
        }
    int to = (me + offset) & 3;
    seq = PySequence_Fast(cands_o, "cands: pass masks");
    if (!seq) return NULL;
    Py_ssize_t nc = PySequence_Fast_GET_SIZE(seq);
    Py_ssize_t rows = risk >= 0 ? 2 * nc : nc;
    St *ends = PyMem_Malloc((rows ? rows : 1) * sizeof(St));
    if (!ends) {
        Py_DECREF(seq);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t j = 0; j < nc; j++) {
        u64 mine = PyLong_AsUnsignedLongLongMask(PySequence_Fast_GET_ITEM(seq, j));
        if ((mine == (u64)-1 && PyErr_Occurred()) || (mine & ~hand) || popc(mine) != count) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "score_passes: a pass is count cards of the hand");
            PyMem_Free(ends);
            Py_DECREF(seq);
            return NULL;
        }
        St *s = &ends[j];
        memset(s, 0, sizeof(*s));
        for (int i = 0; i < 4; i++) s->hands[i] = after[i];
        s->hands[me] ^= mine;
        s->hands[to] |= mine;
        s->led = s->best = s->winner = -1;
        if (lead >= 0) {
            s->leader = s->turn = lead;
        } else {
            for (int i = 0; i < 4; i++)
                if (s->hands[i] & 1) s->leader = s->turn = i;
        }
    }
    Py_DECREF(seq);
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t j = 0; j < nc; j++) {
        /* with a risk: the receiver tries for the moon where its cards allow it */
        if (risk >= 0) ends[nc + j] = ends[j];
        run_rules(r, &ends[j]);
        if (risk < 0) continue;
        St *m = &ends[nc + j];
        if (r->moon_on && moon_risk(m->hands[to], FULL & ~m->hands[to]) <= risk)
            run_moon(r, m, 1 << to, me);
        else
            *m = ends[j];
    }
    Py_END_ALLOW_THREADS
    PyObject *out = seat_results(r, ends, rows, me);
    PyMem_Free(ends);
    return out;
}

static PyObject *py_pack_rules(PyObject *self, PyObject *args) {
    Rules r;
    unsigned long long ft, pen, mc, pc;
    PyObject *values;
    memset(&r, 0, sizeof(r));
    if (!PyArg_ParseTuple(args, "KKKKiiiiiiiO", &ft, &pen, &mc, &pc, &r.first_lead, &r.free_,
                          &r.qbreaks, &r.hearts_over_q, &r.moon_on, &r.jd_value, &r.additive,
                          &values))
        return NULL;
    r.ft_barred = ft;
    r.penalty = pen;
    r.moon_cards = mc;
    r.point_cards = pc;
    PyObject *seq = PySequence_Fast(values, "values: 52 ints");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != 52) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "values: 52 ints");
        return NULL;
    }
    for (int i = 0; i < 52; i++) {
        r.value[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (r.value[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    return PyBytes_FromStringAndSize((const char *)&r, sizeof(r));
}

/* -- reading the plays (inference.PlayReader) ------------------------------------------ */

typedef struct {
    St st;          /* the public state before the play, with st.turn the seat to play */
    u64 later;      /* the cards the seat played from then on */
    int seat, card, open;
} Event;

static PyObject *py_pack_events(PyObject *self, PyObject *events) {
    PyObject *seq = PySequence_Fast(events, "events: (seat, card, state, later, open) tuples");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject *out = PyBytes_FromStringAndSize(NULL, n * (Py_ssize_t)sizeof(Event));
    if (!out) goto fail;
    Event *ev = (Event *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *st;
        unsigned long long later;
        int open;
        memset(&ev[i], 0, sizeof(Event));
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "iiOKp;events: (seat, card, "
                              "state, later, open) tuples", &ev[i].seat, &ev[i].card, &st,
                              &later, &open) || read_state(st, &ev[i].st))
            goto fail;
        if (ev[i].seat < 0 || ev[i].seat > 3 || ev[i].card < 0 || ev[i].card > 51) {
            PyErr_SetString(PyExc_ValueError, "an event's seat or card is out of range");
            goto fail;
        }
        ev[i].later = later;
        ev[i].open = open;
    }
    Py_DECREF(seq);
    return out;
fail:
    Py_XDECREF(out);
    Py_DECREF(seq);
    return NULL;
}

/* PlayReader._factor */
static double factor(const Rules *r, int p, int card, double strong, double weak, double mild) {
    if (p == card) return 1.0;
    if (p == QS) return strong;
    if (r->value[p] > r->value[card]) return weak;
    return mild;
}

/* (rules, events, hidden, strong, weak, mild[, open seats mask]) */
static int parse_reading(PyObject *args, const Rules **r, const Event **ev, Py_ssize_t *n,
                         u64 *hidden, double *f, int *open_mask) {
    PyObject *rules, *events, *hid;
    if (!PyArg_ParseTuple(args, "SSOddd|i", &rules, &events, &hid, &f[0], &f[1], &f[2],
                          open_mask))
        return -1;
    if (PyBytes_GET_SIZE(rules) != (Py_ssize_t)sizeof(Rules) ||
        PyBytes_GET_SIZE(events) % (Py_ssize_t)sizeof(Event)) {
        PyErr_SetString(PyExc_ValueError, "not packed rules and events");
        return -1;
    }
    if (four_masks(hid, hidden)) return -1;
    *r = (const Rules *)PyBytes_AS_STRING(rules);
    *ev = (const Event *)PyBytes_AS_STRING(events);
    *n = PyBytes_GET_SIZE(events) / (Py_ssize_t)sizeof(Event);
    return 0;
}

/* PlayReader.weight */
static PyObject *py_read_weight(PyObject *self, PyObject *args) {
    const Rules *r;
    const Event *ev;
    Py_ssize_t n;
    u64 hidden[4];
    double f[3];
    int open_mask = 0;
    if (parse_reading(args, &r, &ev, &n, hidden, f, &open_mask)) return NULL;
    double w = 1.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        St s = ev[i].st;
        s.hands[ev[i].seat] = hidden[ev[i].seat] | ev[i].later;
        u64 legal = legal_mask(r, &s);
        if (!single(legal))
            w *= factor(r, rules_card(r, &s, legal, ALARM_THREAT, 0), ev[i].card, f[0], f[1],
                        f[2]);
    }
    return PyFloat_FromDouble(w);
}

/* PlayReader.shortfall (read_model): (rules, events, hidden, weights), the weights packed as
 * play_model.packed; the sum of play_model.shortfall over the plays with a choice */
static PyObject *py_read_shortfall(PyObject *self, PyObject *args) {
    PyObject *rules, *events, *hid;
    const char *wb;
    Py_ssize_t wn;
    u64 hidden[4];
    if (!PyArg_ParseTuple(args, "SSOy#", &rules, &events, &hid, &wb, &wn))
        return NULL;
    if (PyBytes_GET_SIZE(rules) != (Py_ssize_t)sizeof(Rules) ||
        PyBytes_GET_SIZE(events) % (Py_ssize_t)sizeof(Event) ||
        wn != (Py_ssize_t)(MODEL_NW * sizeof(int))) {
        PyErr_SetString(PyExc_ValueError, "not packed rules, events and model weights");
        return NULL;
    }
    if (four_masks(hid, hidden)) return NULL;
    const Rules *r = (const Rules *)PyBytes_AS_STRING(rules);
    const Event *ev = (const Event *)PyBytes_AS_STRING(events);
    Py_ssize_t n = PyBytes_GET_SIZE(events) / (Py_ssize_t)sizeof(Event);
    int w[MODEL_NW];
    memcpy(w, wb, sizeof w);
    long total = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        St s = ev[i].st;
        s.hands[ev[i].seat] = hidden[ev[i].seat] | ev[i].later;
        u64 legal = legal_mask(r, &s);
        if (single(legal) || !(legal >> ev[i].card & 1)) continue;
        int reps[13];
        long scores[13];
        int k = model_scores(r, &s, legal, w, reps, scores);
        total += scores[best_group(scores, k)] - scores[group_of(reps, k, ev[i].card)];
    }
    return PyLong_FromLong(total);
}

/* the per-seat ratio of one world in PlayReader.shooting */
static PyObject *py_shoot_ratios(PyObject *self, PyObject *args) {
    const Rules *r;
    const Event *ev;
    Py_ssize_t n;
    u64 hidden[4];
    double f[3], ratio[4] = {1.0, 1.0, 1.0, 1.0};
    int open_mask = 0;
    if (parse_reading(args, &r, &ev, &n, hidden, f, &open_mask)) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        int seat = ev[i].seat;
        if (!ev[i].open || !(open_mask >> seat & 1)) continue;
        St s = ev[i].st;
        s.hands[seat] = hidden[seat] | ev[i].later;
        u64 legal = legal_mask(r, &s);
        if (single(legal)) continue;
        double shoot = factor(r, shoot_card(r, &s, legal), ev[i].card, f[0], f[1], f[2]);
        double rules = factor(r, rules_card(r, &s, legal, ALARM_THREAT, 0), ev[i].card, f[0],
                              f[1], f[2]);
        ratio[seat] *= shoot / rules;
    }
    return Py_BuildValue("[dddd]", ratio[0], ratio[1], ratio[2], ratio[3]);
}

/* -- dealing the unseen cards (sampling.Sampler._try) ----------------------------------- */

/* cards: 5 bytes a card (its index, how many seats may hold it, those seats); others: the
 * three other seats. The random numbers come from ``rand`` (the bot's random.Random), so
 * the worlds are the ones the Python sampler deals. */
static PyObject *py_sample_try(PyObject *self, PyObject *args) {
    Py_buffer cards, others;
    PyObject *known_o, *cap_o, *rand, *result = NULL;
    int strict, fseat, factor;
    unsigned long long fcards;
    if (!PyArg_ParseTuple(args, "y*y*OOpiKiO", &cards, &others, &known_o, &cap_o, &strict,
                          &fseat, &fcards, &factor, &rand))
        return NULL;
    u64 hands[4];
    long long cap[4];
    const unsigned char *cd = cards.buf, *ot = others.buf;
    Py_ssize_t n = cards.len / 5;
    if (cards.len % 5 || others.len > 3 || !PyCallable_Check(rand)) {
        PyErr_SetString(PyExc_ValueError, "sample_try: packed cards, seats and a rand()");
        goto done;
    }
    for (int i = 0; i < 4; i++) {
        PyObject *k = PySequence_GetItem(known_o, i), *c = k ? PySequence_GetItem(cap_o, i) : NULL;
        if (!c) {
            Py_XDECREF(k);
            goto done;
        }
        hands[i] = PyLong_AsUnsignedLongLongMask(k);
        cap[i] = PyLong_AsLongLong(c);
        Py_DECREF(k);
        Py_DECREF(c);
        if (PyErr_Occurred()) goto done;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        const unsigned char *e = cd + 5 * k;
        int card = e[0], ne = strict ? e[1] : (int)others.len;
        const unsigned char *elig = strict ? e + 2 : ot;
        if (card > 51 || ne > 3) {
            PyErr_SetString(PyExc_ValueError, "sample_try: a card or seat out of range");
            goto done;
        }
        long long boost = (fcards >> card & 1) ? factor : 1, total = 0;
        for (int j = 0; j < ne; j++) {
            int st = elig[j] & 3;
            total += st == fseat ? cap[st] * boost : cap[st];
        }
        if (total <= 0) {
            if (strict) {
                result = Py_None;
                Py_INCREF(result);
                goto done;
            }
            continue;
        }
        PyObject *x = PyObject_CallNoArgs(rand);
        if (!x) goto done;
        double r = PyFloat_AsDouble(x);
        Py_DECREF(x);
        if (r == -1.0 && PyErr_Occurred()) goto done;
        r *= (double)total;
        int pick = -1;
        for (int j = 0; j < ne; j++) {
            int st = elig[j] & 3;
            long long c = cap[st];
            if (c <= 0) continue;
            pick = st;
            r -= (double)(st == fseat ? c * boost : c);
            if (r < 0) break;
        }
        hands[pick] |= 1ULL << card;
        cap[pick] -= 1;
    }
    result = u64_list(hands);
done:
    PyBuffer_Release(&cards);
    PyBuffer_Release(&others);
    return result;
}

/* tree.tree_cards: each card played in the state, then the hand's end by `tree_line` */
static PyObject *py_tree_cards(PyObject *self, PyObject *args) {
    PyObject *st, *cards, *hidden = Py_None;
    int me, shooters, iters, plies, search_me = 1;
    double explore;
    if (!PyArg_ParseTuple(args, "OOiiOiid|i", &st, &cards, &me, &shooters, &hidden, &iters,
                          &plies, &explore, &search_me))
        return NULL;
    if (me < 0 || me > 3 || iters < 0 || iters > 100000 || plies < 0 || plies > 52) {
        PyErr_SetString(PyExc_ValueError, "tree_cards: a seat 0..3, iterations, plies");
        return NULL;
    }
    St base, ends[13];
    int played[13];
    Py_ssize_t n;
    const Rules *r = read_world(st, hidden, cards, &base, ends, played, &n);
    if (!r) return NULL;
    Node *nodes = PyMem_Malloc((size_t)(iters + 1) * sizeof(Node));
    if (!nodes) return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < n; i++) {
        play(r, &ends[i], played[i]);
        tree_line(r, &ends[i], iters, plies, explore, shooters, me, search_me, nodes, &ends[i]);
    }
    Py_END_ALLOW_THREADS
    PyMem_Free(nodes);
    return seat_results(r, ends, n, me);
}

static PyObject *py_is_tree(PyObject *self, PyObject *noargs) {
    ISTree *t = PyMem_RawCalloc(1, sizeof(ISTree));
    if (!t) return PyErr_NoMemory();
    for (int i = 0; i < 52; i++) t->roots[i] = -1;
    PyObject *capsule = PyCapsule_New(t, "hearts.ISTree", is_tree_free);
    if (!capsule) PyMem_RawFree(t);
    return capsule;
}

/* ismcts.ismcts_cards: in one world, ``iters`` steps of the search after each card, every
 * step's end (as score_cards gives them, card by card) */
static PyObject *py_ismcts_cards(PyObject *self, PyObject *args) {
    PyObject *capsule, *st, *cards, *hidden = Py_None;
    int me, shooters, iters, plies, views = 0;
    double explore;
    if (!PyArg_ParseTuple(args, "OOOiiOiid|i", &capsule, &st, &cards, &me, &shooters, &hidden,
                          &iters, &plies, &explore, &views))
        return NULL;
    ISTree *t = PyCapsule_GetPointer(capsule, "hearts.ISTree");
    if (!t) return NULL;
    if (me < 0 || me > 3 || iters < 1 || iters > 64 || plies < 0 || plies > 52 || views < 0
        || views > 64) {
        PyErr_SetString(PyExc_ValueError,
                        "ismcts_cards: a seat 0..3, 1..64 steps, plies, 0..64 views");
        return NULL;
    }
    St base, starts[13];
    int played[13];
    Py_ssize_t n;
    const Rules *r = read_world(st, hidden, cards, &base, starts, played, &n);
    if (!r) return NULL;
    for (Py_ssize_t i = 0; i < n; i++)
        if (t->roots[played[i]] < 0 && (t->roots[played[i]] = is_new(t, played[i])) < 0)
            return PyErr_NoMemory();
    St *ends = PyMem_Malloc((size_t)(n * iters + 1) * sizeof(St));
    if (!ends) return PyErr_NoMemory();
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    u64 seed = world_seed(&base);
    for (Py_ssize_t i = 0; i < n && !failed; i++) {
        int root = t->roots[played[i]];
        play(r, &starts[i], played[i]);
        for (int k = 0; k < iters && !failed; k++) {
            St *e = &ends[i * iters + k];
            *e = starts[i];
            failed = is_step(r, t, root, e, plies, explore, shooters, me, views ? me : -1);
        }
        for (int k = 0; k < views && !failed; k++)
            failed = views_step(r, t, root, &starts[i], t->worlds * views + k, seed, plies,
                                explore, shooters, me);
    }
    t->worlds++;
    Py_END_ALLOW_THREADS
    PyObject *out = failed ? PyErr_NoMemory() : seat_results(r, ends, n * iters, me);
    PyMem_Free(ends);
    return out;
}

static PyMethodDef methods[] = {
    {"model_cards", py_model_cards, METH_VARARGS,
     "model_cards(state, cards, me, shooters, hidden, weight, model_me, weights): as "
     "play_model.model_cards (weight >= 0 asks for the best lines); as score_cards."},
    {"is_tree", py_is_tree, METH_NOARGS,
     "is_tree(): an empty information-set tree (ismcts.ISTree) for one decision."},
    {"ismcts_cards", py_ismcts_cards, METH_VARARGS,
     "ismcts_cards(tree, state, cards, me, shooters, hidden, iters, plies, explore[, views]): as "
     "ismcts.ismcts_cards; (results, how many are not points) as score_cards, iters per card."},
    {"tree_cards", py_tree_cards, METH_VARARGS,
     "tree_cards(state, cards, me, shooters, hidden, iters, plies, explore[, search_me]): as "
     "tree.tree_cards; (results, how many are not points) as score_cards."},
    {"rules_playout", py_rules_playout, METH_O,
     "rules_playout(state): play a SimState to its end with the rules player; returns it."},
    {"moon_playout", py_moon_playout, METH_VARARGS,
     "moon_playout(state, shooters, me): as moon.moon_playout; returns the state."},
    {"pack_events", py_pack_events, METH_O,
     "pack_events([(seat, card, state, later, open), ...]): a PlayReader's plays as bytes."},
    {"read_weight", py_read_weight, METH_VARARGS,
     "read_weight(rules, events, hidden, strong, weak, mild): as PlayReader.weight."},
    {"read_shortfall", py_read_shortfall, METH_VARARGS,
     "read_shortfall(rules, events, hidden, weights): as PlayReader.shortfall_py."},
    {"shoot_ratios", py_shoot_ratios, METH_VARARGS,
     "shoot_ratios(rules, events, hidden, strong, weak, mild, open): one world's ratios "
     "in PlayReader.shooting."},
    {"sample_try", py_sample_try, METH_VARARGS,
     "sample_try(cards, others, known, cap, strict, fseat, fcards, factor, rand): as "
     "Sampler._try."},
    {"pack_rules", py_pack_rules, METH_VARARGS,
     "pack_rules(ft_barred, penalty, moon_cards, point_cards, first_lead, free, qbreaks, "
     "hearts_over_q, moon_on, jd_value, additive, values): the rule constants as bytes."},
    {"score_passes", py_score_passes, METH_VARARGS,
     "score_passes(rules, unseen, hand, me, offset, count, cands, lead, getrandbits[, risk]): "
     "one world of the pass search (see SearchBot._score_passes); (results, "
     "how many are not points); with a risk >= 0 the results of the candidates again, the "
     "receiver trying for the moon where its hand has at most that many losers."},
    {"score_cards", py_score_cards, METH_VARARGS,
     "score_cards(state, cards, me, shooters[, hidden[, weight[, replies]]]): as "
     "moon.score_cards (with a weight >= 0: me's best line, see moon.best_line); (results, how "
     "many are not points): a hand with a moon (or a clean-hand bonus) gives its (taken, won) "
     "for Python to score."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_playout",
                                    "The bots' playouts in C (see policy.rules_playout).", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__playout(void) {
#define INTERN(var, text) if (!(var = PyUnicode_InternFromString(text))) return NULL
    INTERN(s_sr, "sr");
    INTERN(s_native, "native");
    INTERN(s_hands, "hands");
    INTERN(s_taken, "taken");
    INTERN(s_won, "won");
    INTERN(s_played, "played");
    INTERN(s_ntricks, "ntricks");
    INTERN(s_leader, "leader");
    INTERN(s_turn, "turn");
    INTERN(s_trick, "trick");
    INTERN(s_trick_mask, "trick_mask");
    INTERN(s_led, "led");
    INTERN(s_best, "best");
    INTERN(s_winner, "winner");
    INTERN(s_broken, "broken");
    INTERN(s_voids, "voids");
    return PyModule_Create(&module);
}
