// WRONG ON PURPOSE (left cells stay in the graph): NOI2011 Bunny and Egg.
// The game is undirected vertex geography on the bipartite graph of the start
// cell, X pieces on the start's colour and O pieces on the other colour; cells
// the token has left are deleted. The player to move wins iff the token's
// vertex is in every maximum matching of the remaining graph. We keep one
// maximum matching and test each token vertex by trying to re-match its
// partner with the vertex banned (Kuhn's augmenting paths, iterative).
#include <cstdio>
#include <vector>
#include <string>
using namespace std;
static int n, m;
static vector<int> mate, seen;
static vector<char> alive;
static int stamp = 0;
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
static bool augment(int s) {
    // iterative Kuhn: find an alternating path from free vertex s to a free vertex
    ++stamp;
    vector<pair<int,int>> st; vector<int> via;
    st.push_back({s, 0});
    while (!st.empty()) {
        int x = st.back().first; int &d = st.back().second;
        if (d >= 4) { st.pop_back(); if (!via.empty()) via.pop_back(); continue; }
        int r = x / m + DR[d], c = x % m + DC[d]; d++;
        if (r < 0 || r >= n || c < 0 || c >= m) continue;
        int y = r * m + c;
        if (!alive[y] || seen[y] == stamp) continue;
        seen[y] = stamp;
        if (mate[y] < 0) {
            via.push_back(y);
            for (size_t i = 0; i < st.size(); i++) { int a = st[i].first, bb = via[i]; mate[a] = bb; mate[bb] = a; }
            return true;
        }
        via.push_back(y); st.push_back({mate[y], 0});
    }
    return false;
}
int main() {
    if (scanf("%d %d", &n, &m) != 2) return 1;
    vector<string> g(n);
    char buf[64];
    int s = -1;
    for (int i = 0; i < n; i++) { scanf("%63s", buf); g[i] = buf; for (int j = 0; j < m; j++) if (g[i][j] == '.') s = i * m + j; }
    int k; scanf("%d", &k);
    vector<int> pos(2 * k + 1);
    pos[0] = s;
    for (int j = 1; j <= 2 * k; j++) { int x, y; scanf("%d %d", &x, &y); pos[j] = (x - 1) * m + (y - 1); }
    int sp = (s / m + s % m) % 2;
    alive.assign(n * m, 0); mate.assign(n * m, -1); seen.assign(n * m, 0);
    for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) {
        int par = (i + j) % 2;
        if (i * m + j == s || (g[i][j] == 'X' && par == sp) || (g[i][j] == 'O' && par != sp)) alive[i * m + j] = 1;
    }
    for (int v = 0; v < n * m; v++) if (alive[v] && (v / m + v % m) % 2 == sp && mate[v] < 0) augment(v);
    vector<char> win(2 * k, 0);
    for (int t = 0; t < 2 * k; t++) {
        int v = pos[t];
        if (mate[v] >= 0) {
            int w = mate[v];
            mate[v] = mate[w] = -1;
            alive[v] = 0;
            if (!augment(w)) { win[t] = 1; mate[v] = w; mate[w] = v; }
        }
        alive[v] = 1;  // WRONG ON PURPOSE: the cell the token left stays in the graph
    }
    vector<int> mistakes;
    for (int i = 1; i <= k; i++) if (win[2 * i - 2] && win[2 * i - 1]) mistakes.push_back(i);
    printf("%d\n", (int)mistakes.size());
    for (int x : mistakes) printf("%d\n", x);
}
