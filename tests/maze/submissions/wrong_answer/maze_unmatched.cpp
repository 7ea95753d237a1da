// WRONG ON PURPOSE (only the unmatched cells of one maximum matching): JSOI2009 maze game.
// A start cell wins for AA iff some maximum matching of the grid graph of free
// cells misses it. Hopcroft-Karp, then one alternating BFS from every free
// (unmatched) cell: the cells reached at even distance are the winning ones.
#include <cstdio>
#include <vector>
#include <string>
using namespace std;
static int N, M;
static vector<string> g;
static vector<int> mate, dist_, it_;
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
static bool freeCell(int r, int c) { return r >= 0 && r < N && c >= 0 && c < M && g[r][c] == '.'; }
static vector<int> leftCells;
static bool bfs() {
    vector<int> q;
    bool found = false;
    for (int u : leftCells) { if (mate[u] < 0) { dist_[u] = 0; q.push_back(u); } else dist_[u] = -1; }
    for (size_t h = 0; h < q.size(); h++) {
        int u = q[h], r = u / M, c = u % M;
        for (int d = 0; d < 4; d++) {
            int rr = r + DR[d], cc = c + DC[d];
            if (!freeCell(rr, cc)) continue;
            int w = mate[rr * M + cc];
            if (w < 0) found = true;
            else if (dist_[w] < 0) { dist_[w] = dist_[u] + 1; q.push_back(w); }
        }
    }
    return found;
}
static bool dfs(int u) {
    // explicit stack: (left vertex, next direction)
    vector<pair<int,int>> st; st.push_back({u, 0});
    vector<int> via; // right vertex used to go down from st[i] to st[i+1]
    while (!st.empty()) {
        int x = st.back().first; int &d = st.back().second;
        if (d >= 4) { dist_[x] = -1; st.pop_back(); if (!via.empty()) via.pop_back(); continue; }
        int r = x / M, c = x % M, rr = r + DR[d], cc = c + DC[d]; d++;
        if (!freeCell(rr, cc)) continue;
        int y = rr * M + cc, w = mate[y];
        if (w < 0) {
            // augment along the stack
            via.push_back(y);
            for (size_t i = 0; i < st.size(); i++) { int a = st[i].first, b = via[i]; mate[a] = b; mate[b] = a; }
            return true;
        }
        if (dist_[w] == dist_[x] + 1) { via.push_back(y); st.push_back({w, 0}); }
    }
    return false;
}
int main() {
    if (scanf("%d %d", &N, &M) != 2) return 1;
    g.assign(N, string());
    char buf[256];
    for (int i = 0; i < N; i++) { scanf("%255s", buf); g[i] = buf; }
    mate.assign(N * M, -1); dist_.assign(N * M, -1);
    for (int r = 0; r < N; r++) for (int c = 0; c < M; c++) if (g[r][c] == '.' && (r + c) % 2 == 0) leftCells.push_back(r * M + c);
    while (bfs()) for (int u : leftCells) if (mate[u] < 0) dfs(u);
    // alternating BFS from every unmatched free cell (both colours)
    vector<char> inD(N * M, 0);
    vector<int> q;
    for (int r = 0; r < N; r++) for (int c = 0; c < M; c++) if (g[r][c] == '.' && mate[r * M + c] < 0) { inD[r * M + c] = 1; q.push_back(r * M + c); }
    for (size_t h = 0; h < q.size(); h++) {
        int u = q[h], r = u / M, c = u % M;
        for (int d = 0; d < 4; d++) {
            int rr = r + DR[d], cc = c + DC[d];
            if (!freeCell(rr, cc)) continue;
            int w = mate[rr * M + cc];
            (void)w;  // WRONG ON PURPOSE: forgets the cells reachable by even alternating paths
        }
    }
    string out;
    for (int u = 0; u < N * M; u++) if (inD[u]) { out += to_string(u / M + 1); out += ' '; out += to_string(u % M + 1); out += '\n'; }
    if (out.empty()) fputs("LOSE\n", stdout); else { fputs("WIN\n", stdout); fputs(out.c_str(), stdout); }
}
