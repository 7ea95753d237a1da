// Accepted submission of the interactive maze game: the certified strategy.
// A start is won by FIRST iff every maximum matching of the grid graph of free cells covers it
// (gamecert's docs/theory.md). Take a maximum matching of the board without the start, then
// search one augmenting path from the start: if there is one, every maximum matching covers the
// start: play FIRST and move to its partner; if not, the matching (maximum, missing the start)
// wins for SECOND. Either way, answer every jury move by moving to the partner of its cell.
#include <cstdio>
#include <vector>
#include <string>
using namespace std;

static int N, M;
static vector<string> g;
static vector<int> mate, seen, from;
static int stamp_ = 0;
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
static vector<char> blocked;

static bool open_(int r, int c) { return r >= 0 && r < N && c >= 0 && c < M && g[r][c] == '.' && !blocked[r * M + c]; }

// One alternating BFS from the unmatched cell root; flips the path it finds. `seen` is shared
// by the searches of one round (stamp), which is what makes a round cheap.
static bool augment(int root) {
    vector<int> q{root};
    for (size_t h = 0; h < q.size(); h++) {
        int u = q[h], r = u / M, c = u % M;
        for (int d = 0; d < 4; d++) {
            int rr = r + DR[d], cc = c + DC[d];
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

int main() {
    if (scanf("%d %d", &N, &M) != 2) return 0;
    g.resize(N);
    static char row[128];
    for (int r = 0; r < N; r++) { if (scanf("%127s", row) != 1) return 0; g[r] = row; }
    int sr, sc;
    if (scanf("%d %d", &sr, &sc) != 2) return 0;
    int s = (sr - 1) * M + (sc - 1);
    mate.assign(N * M, -1);
    seen.assign(N * M, 0);
    from.assign(N * M, -1);
    blocked.assign(N * M, 0);
    blocked[s] = 1;
    // Maximum matching of the board without the start: rounds of searches from the unmatched
    // cells of one colour until a round finds nothing.
    for (bool more = true; more;) {
        more = false;
        ++stamp_;
        for (int r = 0; r < N; r++)
            for (int c = (r & 1); c < M; c += 2)
                if (open_(r, c) && mate[r * M + c] < 0 && augment(r * M + c)) more = true;
    }
    blocked[s] = 0;
    ++stamp_;
    seen[s] = stamp_;
    bool first = augment(s);
    printf(first ? "FIRST\n" : "SECOND\n");
    if (first) printf("%d %d\n", mate[s] / M + 1, mate[s] % M + 1);
    fflush(stdout);
    for (;;) {
        int r, c;
        if (scanf("%d %d", &r, &c) != 2 || r == 0) return 0;
        int v = mate[(r - 1) * M + (c - 1)];
        printf("%d %d\n", v / M + 1, v % M + 1);
        fflush(stdout);
    }
}
