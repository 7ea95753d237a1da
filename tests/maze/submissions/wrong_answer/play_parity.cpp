// WRONG ON PURPOSE (role by parity): interactive maze game.
// Takes FIRST iff the number of free cells is even, then plays well: it moves to the partner of
// the jury's cell in a maximum matching of the board (or to the first free neighbour when that
// partner is taken). The role rule is wrong: the start decides the winner, not the parity.
#include <cstdio>
#include <string>
#include <vector>
using namespace std;
static int N, M;
static vector<string> g;
static vector<int> mate, seen, from;
static vector<char> visited;
static int stamp_ = 0;
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
static bool open_(int r, int c) { return r >= 0 && r < N && c >= 0 && c < M && g[r][c] == '.' && !visited[r * M + c]; }
static bool augment(int root) {
    vector<int> q{root};
    for (size_t h = 0; h < q.size(); h++) {
        int u = q[h];
        for (int d = 0; d < 4; d++) {
            int rr = u / M + DR[d], cc = u % M + DC[d];
            if (!open_(rr, cc)) continue;
            int v = rr * M + cc;
            if (seen[v] == stamp_) continue;
            seen[v] = stamp_;
            from[v] = u;
            if (mate[v] < 0) {
                while (v >= 0) { int u2 = from[v], next = mate[u2]; mate[v] = u2; mate[u2] = v; v = next; }
                return true;
            }
            q.push_back(mate[v]);
        }
    }
    return false;
}
static int token;
static void move_to(int v) { visited[token] = 1; token = v; printf("%d %d\n", v / M + 1, v % M + 1); fflush(stdout); }
static int choose() {
    int p = mate[token];
    if (p >= 0 && !visited[p]) return p;
    for (int d = 0; d < 4; d++) {
        int rr = token / M + DR[d], cc = token % M + DC[d];
        if (open_(rr, cc)) return rr * M + cc;
    }
    return -1;
}
int main() {
    if (scanf("%d %d", &N, &M) != 2) return 0;
    g.resize(N);
    static char row[128];
    int cells = 0;
    for (int r = 0; r < N; r++) { if (scanf("%127s", row) != 1) return 0; g[r] = row; for (char ch : g[r]) cells += ch == '.'; }
    int sr, sc;
    if (scanf("%d %d", &sr, &sc) != 2) return 0;
    token = (sr - 1) * M + (sc - 1);
    mate.assign(N * M, -1); seen.assign(N * M, 0); from.assign(N * M, -1); visited.assign(N * M, 0);
    for (bool more = true; more;) {
        more = false; ++stamp_;
        for (int r = 0; r < N; r++)
            for (int c = (r & 1); c < M; c += 2)
                if (open_(r, c) && mate[r * M + c] < 0 && augment(r * M + c)) more = true;
    }
    bool first = cells % 2 == 0;
    printf(first ? "FIRST\n" : "SECOND\n");
    fflush(stdout);
    if (first) { int v = choose(); if (v < 0) return 0; move_to(v); }
    for (;;) {
        int r, c;
        if (scanf("%d %d", &r, &c) != 2 || r == 0) return 0;
        visited[token] = 1;
        token = (r - 1) * M + (c - 1);
        int v = choose();
        if (v < 0) return 0;
        move_to(v);
    }
}
