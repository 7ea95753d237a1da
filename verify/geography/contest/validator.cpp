// Input validator for undirected vertex geography: "n m" with 1 <= n <= 2000, 0 <= m <= 20000, then m lines "u v", 1 <= u, v <= n, u != v, no edge twice.
#include <cstdio>
#include <cstdlib>
// Strict reader: exit 42 if the input is valid, 43 with a message otherwise.
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
#include <set>
#include <utility>
int main() {
    int n = (int)readInt(1, 2000, "n must be an integer in 1..2000");
    space();
    int m = (int)readInt(0, 20000, "m must be an integer in 0..20000");
    newline();
    std::set<std::pair<int,int>> seen;
    for (int i = 0; i < m; i++) {
        int u = (int)readInt(1, n, "u must be in 1..n");
        space();
        int v = (int)readInt(1, n, "v must be in 1..n");
        newline();
        if (u == v) fail("self-loop");
        if (u > v) { int t = u; u = v; v = t; }
        if (!seen.insert({u, v}).second) fail("repeated edge");
    }
    endOfFile();
}
