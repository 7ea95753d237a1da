// Work of Edmonds' blossom algorithm (the geography package's reference,
// counting): prints on stderr the edges scanned plus 3n per search start and
// per blossom contraction; no answer.
// The player to move from v loses iff some maximum matching misses v (v in D
// of the Gallai-Edmonds decomposition). Edmonds' blossom algorithm (BFS with
// blossom contraction through a base array) finds a maximum matching; one
// more search grown from all unmatched vertices at once marks D: the even
// vertices of the final alternating forest, blossoms included.
#include <cstdio>
#include <vector>
#include <algorithm>
using namespace std;
static int n; static long long ops = 0;
static vector<vector<int>> adj;
static vector<int> mate, par, base_, q;
static vector<char> used, blossom, onPath;
static int lca(int a, int b) {
    fill(onPath.begin(), onPath.end(), 0);
    for (;;) { a = base_[a]; onPath[a] = 1; if (mate[a] < 0) break; a = par[mate[a]]; }
    for (;;) { b = base_[b]; if (onPath[b]) return b; if (mate[b] < 0) return -1; b = par[mate[b]]; }
}
static void markPath(int v, int b, int child) {
    while (base_[v] != b) {
        blossom[base_[v]] = blossom[base_[mate[v]]] = 1;
        par[v] = child; child = mate[v]; v = par[mate[v]];
    }
}
// Grow alternating forest from the given roots; returns the free vertex ending
// an augmenting path (single root), or -1.
static int grow(const vector<int> &roots) {
    fill(used.begin(), used.end(), 0); fill(par.begin(), par.end(), -1); ops += 3 * n;
    for (int i = 0; i < n; i++) base_[i] = i;
    q.clear();
    for (int r : roots) { used[r] = 1; q.push_back(r); }
    for (size_t h = 0; h < q.size(); h++) {
        int v = q[h];
        for (int to : adj[v]) { ops++;
            if (base_[v] == base_[to] || mate[v] == to) continue;
            if (used[to]) {  // to is even (outer): the edge closes a blossom
                int cur = lca(v, to);
                if (cur < 0) return -2;  // two trees meet: augmenting path between roots
                fill(blossom.begin(), blossom.end(), 0); ops += 3 * n;
                markPath(v, cur, to); markPath(to, cur, v);
                for (int i = 0; i < n; i++) if (blossom[base_[i]]) { base_[i] = cur; if (!used[i]) { used[i] = 1; q.push_back(i); } }
            } else if (par[to] < 0) {  // to is new: it becomes odd, its mate even
                par[to] = v;
                if (mate[to] < 0) return to;
                used[mate[to]] = 1; q.push_back(mate[to]);
            }
        }
    }
    return -1;
}
int main() {
    int m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    adj.assign(n, {});
    for (int i = 0; i < m; i++) { int u, v; scanf("%d %d", &u, &v); u--; v--; adj[u].push_back(v); adj[v].push_back(u); }
    mate.assign(n, -1); par.assign(n, -1); base_.assign(n, 0); used.assign(n, 0); blossom.assign(n, 0); onPath.assign(n, 0);
    for (int v = 0; v < n; v++) if (mate[v] < 0) for (int to : adj[v]) if (mate[to] < 0) { mate[v] = to; mate[to] = v; break; }
    for (int r = 0; r < n; r++) {
        if (mate[r] >= 0) continue;
        int v = grow(vector<int>{r});
        while (v >= 0) { int pv = par[v], ppv = mate[pv]; mate[v] = pv; mate[pv] = v; v = ppv; }
    }
    vector<int> roots;
    for (int v = 0; v < n; v++) if (mate[v] < 0) roots.push_back(v);
    if (grow(roots) != -1) return 3;  // cannot happen: the matching is maximum
    fprintf(stderr, "%lld\n", ops);
}
