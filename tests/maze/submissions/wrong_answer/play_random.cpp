// WRONG ON PURPOSE (random moves): interactive maze game.
// Takes the right role (FIRST iff every maximum matching covers the start: a maximum matching of
// the board without the start plus one augmenting search from it), then moves at random (fixed
// seed) to any free unvisited neighbour. Random moves do not keep to a maximum matching.
#include <cstdio>
#include <string>
#include <vector>
#include <random>
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
static std::mt19937 rng(20091);
static bool random_move() {
    int options[4], k = 0;
    for (int d = 0; d < 4; d++) {
        int rr = token / M + DR[d], cc = token % M + DC[d];
        if (open_(rr, cc)) options[k++] = rr * M + cc;
    }
    if (k == 0) return false;
    int v = options[rng() % k];
    visited[token] = 1;
    token = v;
    printf("%d %d\n", v / M + 1, v % M + 1);
    fflush(stdout);
    return true;
}
int main() {
    if (scanf("%d %d", &N, &M) != 2) return 0;
    g.resize(N);
    static char row[128];
    for (int r = 0; r < N; r++) { if (scanf("%127s", row) != 1) return 0; g[r] = row; }
    int sr, sc;
    if (scanf("%d %d", &sr, &sc) != 2) return 0;
    token = (sr - 1) * M + (sc - 1);
    mate.assign(N * M, -1); seen.assign(N * M, 0); from.assign(N * M, -1); visited.assign(N * M, 0);
    visited[token] = 1;
    for (bool more = true; more;) {
        more = false; ++stamp_;
        for (int r = 0; r < N; r++)
            for (int c = (r & 1); c < M; c += 2)
                if (open_(r, c) && mate[r * M + c] < 0 && augment(r * M + c)) more = true;
    }
    visited[token] = 0;
    ++stamp_;
    bool first = augment(token);
    printf(first ? "FIRST\n" : "SECOND\n");
    fflush(stdout);
    if (first && !random_move()) return 0;
    for (;;) {
        int r, c;
        if (scanf("%d %d", &r, &c) != 2 || r == 0) return 0;
        visited[token] = 1;
        token = (r - 1) * M + (c - 1);
        if (!random_move()) return 0;
    }
}
