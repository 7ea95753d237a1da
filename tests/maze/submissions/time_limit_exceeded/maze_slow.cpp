// TOO SLOW ON PURPOSE: JSOI2009 maze game, one maximum matching (Kuhn) for
// every free cell of the board with that cell walled: O(V * V * E).
#include <cstdio>
#include <vector>
#include <string>
using namespace std;
static int N, M;
static vector<string> g;
static vector<int> mate, seen;
static int stamp_ = 0, banned = -1;
static const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};
static bool ok(int r, int c) { return r >= 0 && r < N && c >= 0 && c < M && g[r][c] == '.' && r * M + c != banned; }
static bool kuhn(int u) {
    int r = u / M, c = u % M;
    for (int d = 0; d < 4; d++) {
        int rr = r + DR[d], cc = c + DC[d];
        if (!ok(rr, cc)) continue;
        int y = rr * M + cc;
        if (seen[y] == stamp_) continue;
        seen[y] = stamp_;
        if (mate[y] < 0 || kuhn(mate[y])) { mate[y] = u; mate[u] = y; return true; }
    }
    return false;
}
static int matching() {
    fill(mate.begin(), mate.end(), -1);
    int size = 0;
    for (int r = 0; r < N; r++) for (int c = 0; c < M; c++) if ((r + c) % 2 == 0 && ok(r, c)) { ++stamp_; if (kuhn(r * M + c)) size++; }
    return size;
}
int main() {
    scanf("%d %d", &N, &M);
    g.assign(N, string());
    char buf[256];
    for (int i = 0; i < N; i++) { scanf("%255s", buf); g[i] = buf; }
    mate.assign(N * M, -1); seen.assign(N * M, 0);
    int nu = matching();
    string out;
    for (int r = 0; r < N; r++) for (int c = 0; c < M; c++) if (g[r][c] == '.') {
        banned = r * M + c;
        if (matching() == nu) out += to_string(r + 1) + " " + to_string(c + 1) + "\n";
        banned = -1;
    }
    if (out.empty()) puts("LOSE"); else { puts("WIN"); fputs(out.c_str(), stdout); }
}
