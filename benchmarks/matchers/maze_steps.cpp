// Work of two augmenting-path matchers on a maze (judge input on stdin): prints the
// edge inspections of Kuhn's algorithm (row-major, DFS, visited reset per
// augmentation), of Hopcroft-Karp, and Hopcroft-Karp's number of phases.
#include <cstdio>
#include <vector>
#include <string>
using namespace std;
static int N, M; static vector<string> g; static vector<int> mate, seen, dist_; static int stamp_ = 0; static long long steps = 0;
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
static bool ok(int r, int c) { return r >= 0 && r < N && c >= 0 && c < M && g[r][c] == '.'; }
static bool kuhn(int u) {
    int r = u / M, c = u % M;
    for (int d = 0; d < 4; d++) { int rr = r + DR[d], cc = c + DC[d]; steps++;
        if (!ok(rr, cc)) continue; int y = rr * M + cc; if (seen[y] == stamp_) continue; seen[y] = stamp_;
        if (mate[y] < 0 || kuhn(mate[y])) { mate[y] = u; mate[u] = y; return true; } }
    return false;
}
static vector<int> L;
static bool bfs() { vector<int> q; bool f = false;
    for (int u : L) { if (mate[u] < 0) { dist_[u] = 0; q.push_back(u); } else dist_[u] = -1; }
    for (size_t h = 0; h < q.size(); h++) { int u = q[h], r = u / M, c = u % M;
        for (int d = 0; d < 4; d++) { steps++; int rr = r + DR[d], cc = c + DC[d]; if (!ok(rr, cc)) continue; int w = mate[rr * M + cc];
            if (w < 0) f = true; else if (dist_[w] < 0) { dist_[w] = dist_[u] + 1; q.push_back(w); } } }
    return f; }
static bool dfs(int u) { int r = u / M, c = u % M;
    for (int d = 0; d < 4; d++) { steps++; int rr = r + DR[d], cc = c + DC[d]; if (!ok(rr, cc)) continue; int y = rr * M + cc, w = mate[y];
        if (w < 0 || (dist_[w] == dist_[u] + 1 && dfs(w))) { mate[u] = y; mate[y] = u; return true; } }
    dist_[u] = -1; return false; }
int main() {
    scanf("%d %d", &N, &M); g.assign(N, ""); char b[256]; for (int i = 0; i < N; i++) { scanf("%255s", b); g[i] = b; }
    mate.assign(N * M, -1); seen.assign(N * M, 0); dist_.assign(N * M, -1);
    for (int r = 0; r < N; r++) for (int c = 0; c < M; c++) if ((r + c) % 2 == 0 && ok(r, c)) { ++stamp_; kuhn(r * M + c); }
    long long ks = steps; steps = 0; fill(mate.begin(), mate.end(), -1);
    for (int r = 0; r < N; r++) for (int c = 0; c < M; c++) if ((r + c) % 2 == 0 && ok(r, c)) L.push_back(r * M + c);
    int phases = 0; while (bfs()) { phases++; for (int u : L) if (mate[u] < 0) dfs(u); }
    printf("%lld %lld %d\n", ks, steps, phases);
}
