// Interactor of a rectangle-cutting game (Split Game, Cutting Game, any rule of
// gamecert's CuttingRule), for problemtools' "validation: custom interactive":
//   interactor INPUT ANSWER FEEDBACK_DIR  <  contestant's output  >  contestant's input
// Exit 42: the contestant won; 43: wrong answer (message in FEEDBACK_DIR/judgemessage.txt);
// 1: bad judge data (the answer file disagrees with the interactor's own table).
//
// The rule is data, in rule.h (gamecert package inlines it in place of its #include): every piece
// and every part a cut leaves has both sides >= MIN_SIDE and, with NO_UNIT, is not 1x1.
//
// Strategy. A position is a sum of pieces; its value is the xor X of the pieces' Sprague-Grundy
// values (table sg, the mex of the xors of each cut's parts). With X != 0 the jury plays a cut to
// X = 0 (one exists by the mex property). With X = 0 every cut loses; the jury then plays the cut
// that leaves the contestant the fewest winning replies (cuts back to xor 0), counted exactly:
// H[Y] = sum over pieces q of N(q, sg(q) ^ Y), where N(q, t) is the number of cuts of q whose
// parts xor to t, is kept for every Y as pieces come and go; a cut of s into p1 + p2 leaves
// Y = sg(s) ^ sg(p1) ^ sg(p2) and H[Y] - N(s, .) + N(p1, .) + N(p2, .) winning replies.
// Ties go to the first cut met (pieces by shape in order of value, horizontal cuts first).
// Cost: the table O(M^3) for sides up to M, the input's longest side (no cut makes a side longer), once; a winning move O(V + S); a losing one
// O(sum over the distinct shapes on the table of their sides); V = the values' power-of-two bound.
#include <algorithm>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "rule.h"
using namespace std;

static FILE *feedback = nullptr;
static int turn_no = 0;  // moves made so far, both players

[[noreturn]] static void finish(int code, const char *fmt, ...) {
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (feedback) { fprintf(feedback, "%s\n", text); fclose(feedback); }
    if (code != 42) fprintf(stderr, "%s\n", text);
    exit(code);
}

static const int S = MAX_SIDE + 1;
static vector<int> sg;          // sg[a * S + b], -1 where a x b is not a piece
static int V = 1;               // every value is < V, a power of two
static vector<unsigned short> hist;  // hist[shape * V + t] = cuts of shape whose parts xor to t
static vector<long long> H;     // H[Y] = winning replies at xor Y, summed over the pieces
static vector<int> cuts;        // cuts[shape] = the cuts of shape
static long long moves = 0;     // the cuts of all pieces

static bool is_piece(int a, int b) {
    return a >= MIN_SIDE && b >= MIN_SIDE && a <= MAX_SIDE && b <= MAX_SIDE && !(NO_UNIT && a == 1 && b == 1);
}
// Whether cutting side `side` of a piece whose other side is `other` after line k is a move.
static bool cut_ok(int side, int other, int k) {
    return k >= 1 && k < side && is_piece(k, other) && is_piece(side - k, other);
}

// The table for every piece with both sides <= longest.
static void build_table(int longest) {
    sg.assign(S * S, -1);
    vector<int> seen(2 * S + 2, -1);
    int top = 0;
    for (int a = 1; a <= longest; a++)
        for (int b = 1; b <= longest; b++) {
            if (!is_piece(a, b)) continue;
            int mark = a * S + b;
            for (int k = 1; k < a; k++)
                if (cut_ok(a, b, k)) { int x = sg[k * S + b] ^ sg[(a - k) * S + b]; if (x < (int)seen.size()) seen[x] = mark; }
            for (int k = 1; k < b; k++)
                if (cut_ok(b, a, k)) { int x = sg[a * S + k] ^ sg[a * S + b - k]; if (x < (int)seen.size()) seen[x] = mark; }
            int v = 0;
            while (seen[v] == mark) v++;
            sg[mark] = v;
            if (v > top) top = v;
        }
    while (V <= top) V <<= 1;
    hist.assign((size_t)S * S * V, 0);
    for (int a = 1; a <= longest; a++)
        for (int b = 1; b <= longest; b++) {
            if (!is_piece(a, b)) continue;
            unsigned short *h = &hist[(size_t)(a * S + b) * V];
            for (int k = 1; k < a; k++) if (cut_ok(a, b, k)) h[sg[k * S + b] ^ sg[(a - k) * S + b]]++;
            for (int k = 1; k < b; k++) if (cut_ok(b, a, k)) h[sg[a * S + k] ^ sg[a * S + b - k]]++;
        }
    H.assign(V, 0);
    cuts.assign(S * S, 0);
    for (int shape = 0; shape < S * S; shape++)
        if (sg[shape] >= 0) for (int t = 0; t < V; t++) cuts[shape] += hist[(size_t)shape * V + t];
}

// The pieces, numbered 1..count; members[shape] lists the pieces of that shape, present[v] the
// shapes of value v that have pieces. Invariant: X is the xor of the values of all pieces, and
// H[Y] counts, for every Y, the cuts of all pieces that leave xor 0 from xor Y; moves counts all cuts.
static vector<int> rows_, cols_, slot;      // per piece: sides, index in members[shape]
static vector<vector<int>> members;
static vector<vector<int>> present;
static vector<int> present_slot;
static int X = 0;

static void add_piece(int id) {
    int shape = rows_[id] * S + cols_[id], v = sg[shape];
    vector<int> &m = members[shape];
    if (m.empty()) { present_slot[shape] = present[v].size(); present[v].push_back(shape); }
    slot[id] = m.size();
    m.push_back(id);
    X ^= v;
    moves += cuts[shape];
    const unsigned short *h = &hist[(size_t)shape * V];
    for (int t = 0; t < V; t++) if (h[t]) H[v ^ t] += h[t];
}

static void remove_piece(int id) {
    int shape = rows_[id] * S + cols_[id], v = sg[shape];
    vector<int> &m = members[shape];
    int last = m.back();
    m[slot[id]] = last; slot[last] = slot[id]; m.pop_back();
    if (m.empty()) {
        vector<int> &p = present[v];
        int moved = p.back();
        p[present_slot[shape]] = moved; present_slot[moved] = present_slot[shape]; p.pop_back();
    }
    X ^= v;
    moves -= cuts[shape];
    const unsigned short *h = &hist[(size_t)shape * V];
    for (int t = 0; t < V; t++) if (h[t]) H[v ^ t] -= h[t];
}

struct Cut { int piece, row, col; };  // after row `row` (col 0) or after column `col` (row 0)

// Piece `id` keeps the top (left) part; the new piece count+1 is the bottom (right) part.
static void apply(const Cut &c) {
    int id = c.piece, a = rows_[id], b = cols_[id];
    remove_piece(id);
    int fresh = rows_.size();
    rows_.push_back(c.row ? a - c.row : a);
    cols_.push_back(c.row ? b : b - c.col);
    slot.push_back(0);
    if (c.row) rows_[id] = c.row; else cols_[id] = c.col;
    add_piece(id);
    add_piece(fresh);
}

static Cut jury_move() {
    if (X != 0) {
        for (int v = 0; v < V; v++) {
            int target = v ^ X;
            if (target >= v || present[v].empty()) continue;
            int shape = present[v][0], a = shape / S, b = shape % S, id = members[shape][0];
            for (int k = 1; k < a; k++)
                if (cut_ok(a, b, k) && (sg[k * S + b] ^ sg[(a - k) * S + b]) == target) return {id, k, 0};
            for (int k = 1; k < b; k++)
                if (cut_ok(b, a, k) && (sg[a * S + k] ^ sg[a * S + b - k]) == target) return {id, 0, k};
            finish(1, "internal error: no cut of %dx%d reaches value %d", a, b, target);
        }
        finish(1, "internal error: no piece lowers the xor %d", X);
    }
    Cut best = {0, 0, 0};
    long long fewest = -1;
    for (int v = 0; v < V; v++)
        for (int shape : present[v]) {
            int a = shape / S, b = shape % S;
            const unsigned short *hs = &hist[(size_t)shape * V];
            for (int dir = 0; dir < 2; dir++) {
                int side = dir ? b : a, other = dir ? a : b;
                for (int k = 1; k < side; k++) {
                    if (!cut_ok(side, other, k)) continue;
                    int p1 = dir ? a * S + k : k * S + b, p2 = dir ? a * S + side - k : (side - k) * S + b;
                    int v1 = sg[p1], v2 = sg[p2], y = v ^ v1 ^ v2;
                    long long replies = H[y] - hs[v ^ y] + hist[(size_t)p1 * V + (v1 ^ y)] + hist[(size_t)p2 * V + (v2 ^ y)];
                    if (fewest < 0 || replies < fewest) {
                        fewest = replies;
                        best = {members[shape][0], dir ? 0 : k, dir ? k : 0};
                    }
                }
            }
        }
    return best;
}

// Reading the contestant: one line at a time, strictly.
static string read_line(const char *expected) {
    string line;
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
        if (line.size() > 64) finish(43, "move %d: line too long, expected %s", turn_no + 1, expected);
        line.push_back((char)c);
    }
    if (c == EOF) {
        if (line.empty()) finish(43, "move %d: your program ended its output, expected %s", turn_no + 1, expected);
        finish(43, "move %d: the line \"%s\" has no end of line, expected %s", turn_no + 1, line.c_str(), expected);
    }
    return line;
}

// A non-negative integer without sign or leading zeros, at most 9 digits; -1 if malformed.
static long long number(const string &s) {
    if (s.empty() || s.size() > 9 || (s.size() > 1 && s[0] == '0')) return -1;
    long long v = 0;
    for (char ch : s) { if (ch < '0' || ch > '9') return -1; v = v * 10 + (ch - '0'); }
    return v;
}

static Cut read_move() {
    const char *expected = "a move \"P R C\" (three integers, single spaces)";
    string line = read_line(expected);
    vector<string> parts(1);
    for (char ch : line) { if (ch == ' ') parts.emplace_back(); else parts.back().push_back(ch); }
    long long p, r, c;
    if (parts.size() != 3 || (p = number(parts[0])) < 0 || (r = number(parts[1])) < 0 || (c = number(parts[2])) < 0)
        finish(43, "move %d: expected %s, got \"%s\"", turn_no + 1, expected, line.c_str());
    int count = (int)rows_.size() - 1;
    if (p < 1 || p > count) finish(43, "move %d: piece %lld does not exist (pieces 1..%d)", turn_no + 1, p, count);
    if ((r == 0) == (c == 0))
        finish(43, "move %d: \"%s\": exactly one of R and C must be 0", turn_no + 1, line.c_str());
    int a = rows_[p], b = cols_[p];
    if (r >= a || c >= b) {
        if (r) finish(43, "move %d: piece %lld is %dx%d: a cut after row %lld does not exist (rows 1..%d)", turn_no + 1, p, a, b, r, a - 1);
        finish(43, "move %d: piece %lld is %dx%d: a cut after column %lld does not exist (columns 1..%d)", turn_no + 1, p, a, b, c, b - 1);
    }
    bool ok = r ? cut_ok(a, b, (int)r) : cut_ok(b, a, (int)c);
    if (!ok) finish(43, "move %d: cutting piece %lld (%dx%d) after %s %lld: %s", turn_no + 1, p, a, b, r ? "row" : "column", r ? r : c, REFUSAL);
    return {(int)p, (int)r, (int)c};
}

static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    if (fflush(stdout) != 0) finish(43, "move %d: your program stopped reading before the game ended", turn_no + 1);
}

// The judge files are checked by the input validator; a malformed one is a judge error here.
static int judge_int(FILE *f, const char *file) {
    int v;
    if (fscanf(f, "%d", &v) != 1) finish(1, "judge error: %s is malformed", file);
    return v;
}

int main(int argc, char **argv) {
    if (argc < 4) finish(1, "usage: %s INPUT ANSWER FEEDBACK_DIR", argv[0]);
    signal(SIGPIPE, SIG_IGN);
    feedback = fopen((string(argv[3]) + "/judgemessage.txt").c_str(), "w");
    FILE *in = fopen(argv[1], "r"), *ans = fopen(argv[2], "r");
    if (!in || !ans) finish(1, "judge error: cannot open the input or answer file");
    int k = judge_int(in, "the input");
    if (k < 1 || k > MAX_PIECES) finish(1, "judge error: %d pieces", k);
    rows_.assign(1, 0); cols_.assign(1, 0); slot.assign(1, 0);
    int longest = 1;
    for (int i = 1; i <= k; i++) {
        int a = judge_int(in, "the input"), b = judge_int(in, "the input");
        if (!is_piece(a, b)) finish(1, "judge error: piece %d is %dx%d", i, a, b);
        rows_.push_back(a); cols_.push_back(b); slot.push_back(0);
        longest = max(longest, max(a, b));
    }
    build_table(longest);
    members.assign(S * S, {});
    present.assign(V, {});
    present_slot.assign(S * S, 0);
    for (int i = 1; i <= k; i++) add_piece(i);
    char role[16] = "";
    if (fscanf(ans, "%15s", role) != 1) finish(1, "judge error: the answer file is empty");
    const char *winner = X ? "FIRST" : "SECOND";
    if (strcmp(role, winner) != 0)
        finish(1, "judge error: the answer file says %s wins, the interactor's table says %s", role, winner);

    say("%d\n", k);
    for (int i = 1; i <= k; i++) say("%d %d\n", rows_[i], cols_[i]);
    string chosen = read_line("FIRST or SECOND");
    if (chosen != "FIRST" && chosen != "SECOND") finish(43, "expected FIRST or SECOND, got \"%s\"", chosen.c_str());
    bool contestant = chosen == "FIRST";  // whose turn it is: the contestant's
    while (true) {
        if (moves == 0) {
            if (contestant)
                finish(43, "after %d moves you have no cut left and lose (you chose %s; %s wins from the start)", turn_no, chosen.c_str(), winner);
            say("0 0 0\n");
            int c = getchar();
            if (c != EOF) finish(43, "you wrote output after the jury's 0 0 0");
            finish(42, "the contestant won in %d moves as %s", turn_no, chosen.c_str());
        }
        Cut c = contestant ? read_move() : jury_move();
        if (!contestant) say("%d %d %d\n", c.piece, c.row, c.col);
        apply(c);
        turn_no++;
        contestant = !contestant;
    }
}
