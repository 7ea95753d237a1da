// Accepted submission of interactive undirected vertex geography: the certified strategy.
// The player to move from s wins iff every maximum matching covers s (gamecert's docs/theory.md).
// Take a maximum matching of the graph without s (Edmonds' blossom algorithm), then search one
// augmenting path from s: if there is one, every maximum matching covers s: play FIRST and move
// to its partner; if not, the matching (maximum, missing s) wins for SECOND. Either way, answer
// every jury move by moving to the partner of its vertex.
#include <cstdio>
#include <vector>
using namespace std;

static int n;
static vector<vector<int>> adj;
static vector<int> mate, link_, base_;
static vector<char> even, inBlossom, off;

// The base where the tree paths of even vertices a and b meet.
static int meet(int a, int b) {
    vector<char> onPath(n, 0);
    for (;;) { a = base_[a]; onPath[a] = 1; if (mate[a] < 0) break; a = link_[mate[a]]; }
    for (;;) { b = base_[b]; if (onPath[b]) return b; b = link_[mate[b]]; }
}
static void walk(int v, int b, int from) {
    while (base_[v] != b) {
        inBlossom[base_[v]] = inBlossom[base_[mate[v]]] = 1;
        link_[v] = from;
        from = mate[v];
        v = link_[mate[v]];
    }
}
// Edmonds' search for an augmenting path from the unmatched vertex root; flips it if found.
static bool augment(int root) {
    fill(even.begin(), even.end(), 0);
    fill(link_.begin(), link_.end(), -1);
    for (int i = 0; i < n; i++) base_[i] = i;
    vector<int> q{root};
    even[root] = 1;
    for (size_t h = 0; h < q.size(); h++) {
        int v = q[h];
        for (int w : adj[v]) {
            if (off[w] || base_[v] == base_[w] || mate[v] == w) continue;
            if (w == root || (mate[w] >= 0 && link_[mate[w]] >= 0)) {
                int b = meet(v, w);
                fill(inBlossom.begin(), inBlossom.end(), 0);
                walk(v, b, w);
                walk(w, b, v);
                for (int i = 0; i < n; i++)
                    if (inBlossom[base_[i]]) { base_[i] = b; if (!even[i]) { even[i] = 1; q.push_back(i); } }
            } else if (link_[w] < 0) {
                link_[w] = v;
                if (mate[w] < 0) {
                    for (int x = w; x >= 0;) { int y = link_[x], next = mate[y]; mate[x] = y; mate[y] = x; x = next; }
                    return true;
                }
                even[mate[w]] = 1;
                q.push_back(mate[w]);
            }
        }
    }
    return false;
}

int main() {
    int m, s;
    if (scanf("%d %d", &n, &m) != 2) return 0;
    adj.assign(n, {});
    for (int i = 0; i < m; i++) {
        int u, v;
        if (scanf("%d %d", &u, &v) != 2) return 0;
        adj[u - 1].push_back(v - 1);
        adj[v - 1].push_back(u - 1);
    }
    if (scanf("%d", &s) != 1) return 0;
    s--;
    mate.assign(n, -1); link_.assign(n, -1); base_.assign(n, 0);
    even.assign(n, 0); inBlossom.assign(n, 0); off.assign(n, 0);
    off[s] = 1;
    // Greedy start, then a search from every vertex still unmatched.
    for (int v = 0; v < n; v++)
        if (!off[v] && mate[v] < 0)
            for (int w : adj[v]) if (!off[w] && mate[w] < 0) { mate[v] = w; mate[w] = v; break; }
    for (int v = 0; v < n; v++) if (!off[v] && mate[v] < 0) augment(v);
    off[s] = 0;
    bool first = augment(s);
    printf(first ? "FIRST\n" : "SECOND\n");
    if (first) printf("%d\n", mate[s] + 1);
    fflush(stdout);
    for (;;) {
        int v;
        if (scanf("%d", &v) != 1 || v == 0) return 0;
        printf("%d\n", mate[v - 1] + 1);
        fflush(stdout);
    }
}
