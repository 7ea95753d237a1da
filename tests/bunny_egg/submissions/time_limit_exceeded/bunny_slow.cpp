// TOO SLOW ON PURPOSE: NOI2011 Bunny and Egg, a fresh maximum matching (Kuhn
// over an adjacency test of every pair of cells) of the remaining graph, with
// and without the token's cell, at every step: O(k * V^2) and more.
#include <cstdio>
#include <vector>
#include <string>
using namespace std;
static int n, m;
static vector<int> mate, seen;
static vector<char> alive;
static int stamp_ = 0;
static bool adjacent(int a, int b) { int dr = a / m - b / m, dc = a % m - b % m; return dr * dr + dc * dc == 1; }
static bool kuhn(int u) {
    for (int y = 0; y < n * m; y++) {
        if (!alive[y] || !adjacent(u, y) || seen[y] == stamp_) continue;
        seen[y] = stamp_;
        if (mate[y] < 0 || kuhn(mate[y])) { mate[y] = u; mate[u] = y; return true; }
    }
    return false;
}
static int sp;
static int matching() {
    fill(mate.begin(), mate.end(), -1);
    int size = 0;
    for (int v = 0; v < n * m; v++) if (alive[v] && (v / m + v % m) % 2 == sp) { ++stamp_; if (kuhn(v)) size++; }
    return size;
}
int main() {
    scanf("%d %d", &n, &m);
    vector<string> g(n);
    char buf[64];
    int s = -1;
    for (int i = 0; i < n; i++) { scanf("%63s", buf); g[i] = buf; for (int j = 0; j < m; j++) if (g[i][j] == '.') s = i * m + j; }
    int k; scanf("%d", &k);
    vector<int> pos(2 * k + 1); pos[0] = s;
    for (int j = 1; j <= 2 * k; j++) { int x, y; scanf("%d %d", &x, &y); pos[j] = (x - 1) * m + (y - 1); }
    sp = (s / m + s % m) % 2;
    alive.assign(n * m, 0); mate.assign(n * m, -1); seen.assign(n * m, 0);
    for (int i = 0; i < n; i++) for (int j = 0; j < m; j++) {
        int par = (i + j) % 2;
        if (i * m + j == s || (g[i][j] == 'X' && par == sp) || (g[i][j] == 'O' && par != sp)) alive[i * m + j] = 1;
    }
    vector<char> win(2 * k, 0);
    for (int t = 0; t < 2 * k; t++) {
        int v = pos[t];
        int with = matching();
        alive[v] = 0;
        int without = matching();
        win[t] = without < with;
    }
    vector<int> mistakes;
    for (int i = 1; i <= k; i++) if (win[2 * i - 2] && win[2 * i - 1]) mistakes.push_back(i);
    printf("%d\n", (int)mistakes.size());
    for (int x : mistakes) printf("%d\n", x);
}
