// TOO SLOW ON PURPOSE: Split Game, the Sprague-Grundy table rebuilt for every
// query line (no table kept between lines): O(lines * N * M * (N + M)).
#include <cstdio>
#include <cstring>
static int sg[151][151];
int main() {
    int n, m;
    static bool seen[1 << 10];
    while (scanf("%d %d", &n, &m) == 2) {
        for (int a = 1; a <= n; a++) for (int b = 1; b <= m; b++) {
            memset(seen, 0, sizeof seen);
            for (int i = 1; i < a; i++) { if (b == 1 && (i == 1 || a - i == 1)) continue; seen[sg[i][b] ^ sg[a - i][b]] = true; }
            for (int j = 1; j < b; j++) { if (a == 1 && (j == 1 || b - j == 1)) continue; seen[sg[a][j] ^ sg[a][b - j]] = true; }
            int v = 0; while (seen[v]) v++;
            sg[a][b] = v;
        }
        puts(sg[n][m] ? "Alice" : "Bob");
    }
}
