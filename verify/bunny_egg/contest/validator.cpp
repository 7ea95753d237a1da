// Input validator for NOI2011 Bunny and Egg: "n m" (1..40), n rows of m characters X/O/. with exactly one ., k (1..1000), 2k legal moves "x y"; Bunny (odd lines, white O) and Egg (even lines, black X) move a piece adjacent to the empty cell into it; after the last move Bunny has no move (Egg won).
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
#include <vector>
#include <string>
static int n, m;
static std::vector<std::string> b;
static bool adjacentTo(int r, int c, int er, int ec) { return (r == er && (c == ec - 1 || c == ec + 1)) || (c == ec && (r == er - 1 || r == er + 1)); }
int main() {
    n = (int)readInt(1, 40, "n must be an integer in 1..40");
    space();
    m = (int)readInt(1, 40, "m must be an integer in 1..40");
    newline();
    int er = -1, ec = -1;
    b.assign(n, std::string(m, ' '));
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            int c = getchar();
            if (c != 'X' && c != 'O' && c != '.') fail("expected X, O or . (a row has exactly m cells)");
            if (c == '.') { if (er >= 0) fail("more than one empty cell"); er = i; ec = j; }
            b[i][j] = (char)c;
        }
        newline();
    }
    if (er < 0) fail("no empty cell");
    int k = (int)readInt(1, 1000, "k must be an integer in 1..1000");
    newline();
    for (int j = 0; j < 2 * k; j++) {
        int x = (int)readInt(1, n, "row must be in 1..n") - 1;
        space();
        int y = (int)readInt(1, m, "column must be in 1..m") - 1;
        newline();
        if (!adjacentTo(x, y, er, ec)) fail("the moved piece is not next to the empty cell");
        char want = (j % 2 == 0) ? 'O' : 'X';
        if (b[x][y] != want) fail(j % 2 == 0 ? "Bunny must move a white piece (O)" : "Egg must move a black piece (X)");
        b[er][ec] = want; b[x][y] = '.'; er = x; ec = y;
    }
    const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
        int r = er + DR[d], c = ec + DC[d];
        if (r >= 0 && r < n && c >= 0 && c < m && b[r][c] == 'O') fail("the record does not end with Bunny unable to move");
    }
    endOfFile();
}
