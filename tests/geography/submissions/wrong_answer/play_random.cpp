// WRONG ON PURPOSE (random moves): interactive vertex geography.
// Takes the right role (a maximum matching of the graph without the start, then one augmenting
// search from it), then moves at random (fixed seed) to any unvisited neighbour. Random moves do
// not keep to a maximum matching.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <random>
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


static vector<char> visited;
static int token;
static void read_graph(int &s) {
    int m;
    if (scanf("%d %d", &n, &m) != 2) exit(0);
    adj.assign(n, {});
    for (int i = 0; i < m; i++) {
        int u, v;
        if (scanf("%d %d", &u, &v) != 2) exit(0);
        adj[u - 1].push_back(v - 1);
        adj[v - 1].push_back(u - 1);
    }
    if (scanf("%d", &s) != 1) exit(0);
    s--;
    mate.assign(n, -1); link_.assign(n, -1); base_.assign(n, 0);
    even.assign(n, 0); inBlossom.assign(n, 0); off.assign(n, 0); visited.assign(n, 0);
}
// A maximum matching of the unvisited vertices without `without`, then one search from it:
// whether the player to move at `without` wins (its partner is then a winning move).
static bool mover_wins(int without) {
    fill(mate.begin(), mate.end(), -1);
    for (int v = 0; v < n; v++) off[v] = visited[v] || v == without;
    for (int v = 0; v < n; v++)
        if (!off[v] && mate[v] < 0)
            for (int w : adj[v]) if (!off[w] && mate[w] < 0) { mate[v] = w; mate[w] = v; break; }
    for (int v = 0; v < n; v++) if (!off[v] && mate[v] < 0) augment(v);
    off[without] = 0;
    return augment(without);
}
static void move_to(int v) { visited[token] = 1; token = v; printf("%d\n", v + 1); fflush(stdout); }

static std::mt19937 rng(20091);
static int choose() {
    vector<int> options;
    for (int w : adj[token]) if (!visited[w] && w != token) options.push_back(w);
    return options.empty() ? -1 : options[rng() % options.size()];
}

int main() {
    int s;
    read_graph(s);
    token = s;
    bool first = mover_wins(s);
    printf(first ? "FIRST\n" : "SECOND\n");
    fflush(stdout);
    if (first) { int v = choose(); if (v < 0) return 0; move_to(v); }
    for (;;) {
        int v;
        if (scanf("%d", &v) != 1 || v == 0) return 0;
        visited[token] = 1;
        token = v - 1;
        int w = choose();
        if (w < 0) return 0;
        move_to(w);
    }
}
