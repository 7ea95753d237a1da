// WRONG ON PURPOSE (right role, then random cuts): Cutting Game, interactive. Takes the role the
// values' xor names, then plays a legal cut drawn uniformly at random (fixed seed).
#include <cstdio>
#include <cstdlib>
#include <vector>
using namespace std;
static const int LO = 2, HI = 200;  // sides of pieces and parts: LO..HI
static const bool NO_UNIT = false;  // whether a 1x1 piece is barred
static int sg[HI + 1][HI + 1];
static vector<int> R, C;  // piece i (1-based): R[i] x C[i]
static bool part(int a, int b) { return a >= LO && b >= LO && !(NO_UNIT && a == 1 && b == 1); }
static void cut(int p, int r, int c) {
    if (r) { R.push_back(R[p] - r); C.push_back(C[p]); R[p] = r; }
    else { R.push_back(R[p]); C.push_back(C[p] - c); C[p] = c; }
}
// A legal cut drawn uniformly at random (WRONG ON PURPOSE); false if there is no cut at all.
static bool choose(int &p, int &r, int &c) {
    int n = R.size() - 1;
    long long seen = 0;
    for (int i = 1; i <= n; i++) {
        int a = R[i], b = C[i];
        for (int k = 1; k < a; k++) if (part(k, b) && part(a - k, b) && rand() % ++seen == 0) { p = i; r = k; c = 0; }
        for (int k = 1; k < b; k++) if (part(a, k) && part(a, b - k) && rand() % ++seen == 0) { p = i; r = 0; c = k; }
    }
    return seen > 0;
}

int main() {
    srand(2026);
    for (int a = LO; a <= HI; a++) for (int b = LO; b <= HI; b++) {
        if (!part(a, b)) continue;
        bool seen[1024] = {};
        for (int k = 1; k < a; k++) if (part(k, b) && part(a - k, b)) seen[sg[k][b] ^ sg[a - k][b]] = true;
        for (int k = 1; k < b; k++) if (part(a, k) && part(a, b - k)) seen[sg[a][k] ^ sg[a][b - k]] = true;
        while (seen[sg[a][b]]) sg[a][b]++;
    }
    int k;
    if (scanf("%d", &k) != 1) return 0;
    R.assign(k + 1, 0); C.assign(k + 1, 0);
    int x = 0;
    for (int i = 1; i <= k; i++) { scanf("%d %d", &R[i], &C[i]); x ^= sg[R[i]][C[i]]; }
    bool mine = x != 0;
    puts(mine ? "FIRST" : "SECOND");
    fflush(stdout);
    while (true) {
        int p, r, c;
        if (mine) {
            if (!choose(p, r, c)) return 0;
            printf("%d %d %d\n", p, r, c);
            fflush(stdout);
        } else {
            if (scanf("%d %d %d", &p, &r, &c) != 3 || p == 0) return 0;
        }
        cut(p, r, c);
        mine = !mine;
    }
}
