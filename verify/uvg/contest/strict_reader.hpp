// Strict reader of an input validator: exit 42 if the input is valid, 43 with a message otherwise.
#include <cstdio>
#include <cstdlib>
static int line_no = 1;
[[noreturn]] static void fail(const char *what) { fprintf(stderr, "line %d: %s\n", line_no, what); exit(43); }
static int peekc() { int c = getchar(); ungetc(c, stdin); return c; }
static void expect(int ch, const char *what) { int c = getchar(); if (c != ch) fail(what); if (c == '\n') line_no++; }
static void space() { expect(' ', "expected one space"); }
static void newline() { expect('\n', "expected end of line"); }
static long long readInt(long long lo, long long hi, const char *what) {
    int c = getchar();
    bool neg = false;
    if (c == '-') { neg = true; c = getchar(); }
    if (c < '0' || c > '9') fail(what);
    if (c == '0' && ((peekc() >= '0' && peekc() <= '9') || neg)) fail(what);
    long long v = 0; int digits = 0;
    while (c >= '0' && c <= '9') { v = v * 10 + (c - '0'); if (++digits > 12) fail(what); c = getchar(); }
    ungetc(c, stdin);
    if (neg) v = -v;
    if (v < lo || v > hi) fail(what);
    return v;
}
static void endOfFile() { if (getchar() != EOF) fail("expected end of file"); exit(42); }
