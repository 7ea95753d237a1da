// Input validator of an interactive rectangle-cutting game: the start position the jury writes.
// "K", then K lines "A B" (a piece of A rows and B columns); the rule's limits are in rule.h
// (gamecert package inlines it in place of its #include): MIN_SIDE <= A, B <= MAX_SIDE, no 1x1 piece
// with NO_UNIT, 1 <= K <= MAX_PIECES, total area at most MAX_AREA.
#include <cstdio>
#include <cstdlib>
#include "rule.h"
// Strict reader: exit 42 if the input is valid, 43 with a message otherwise.
static int line_no = 1;
[[noreturn]] static void fail(const char *what) { fprintf(stderr, "line %d: %s\n", line_no, what); exit(43); }
static int peekc() { int c = getchar(); ungetc(c, stdin); return c; }
static void expect(int ch, const char *what) { int c = getchar(); if (c != ch) fail(what); if (c == '\n') line_no++; }
static long long readInt(long long lo, long long hi, const char *what) {
    int c = getchar();
    if (c < '0' || c > '9') fail(what);
    if (c == '0' && peekc() >= '0' && peekc() <= '9') fail(what);
    long long v = 0; int digits = 0;
    while (c >= '0' && c <= '9') { v = v * 10 + (c - '0'); if (++digits > 12) fail(what); c = getchar(); }
    ungetc(c, stdin);
    if (v < lo || v > hi) fail(what);
    return v;
}
int main() {
    char what[160];
    snprintf(what, sizeof what, "K must be an integer in 1..%d", MAX_PIECES);
    long long k = readInt(1, MAX_PIECES, what);
    expect('\n', "expected end of line after K");
    snprintf(what, sizeof what, "a side must be an integer in %d..%d", MIN_SIDE, MAX_SIDE);
    long long area = 0;
    for (long long i = 0; i < k; i++) {
        long long a = readInt(MIN_SIDE, MAX_SIDE, what);
        expect(' ', "expected one space");
        long long b = readInt(MIN_SIDE, MAX_SIDE, what);
        if (NO_UNIT && a == 1 && b == 1) fail("a piece must not be 1x1");
        expect('\n', "expected end of line");
        area += a * b;
        if (area > MAX_AREA) fail("the pieces' total area exceeds the limit");
    }
    if (getchar() != EOF) fail("expected end of file after K pieces");
    exit(42);
}
