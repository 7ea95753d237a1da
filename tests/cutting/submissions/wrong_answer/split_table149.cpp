// WRONG ON PURPOSE (table one short at 150): Split Game. Sprague-Grundy table over pieces
// up to 150x150; a cut is available unless it produces a 1x1 piece.
#include <cstdio>
#include <cstring>
static int sg[151][151];
int main() {
    static bool seen[1 << 10];
    for (int a = 1; a < 150; a++) for (int b = 1; b < 150; b++) {  // WRONG ON PURPOSE: stops one short of 150
        memset(seen, 0, sizeof seen);
        for (int i = 1; i < a; i++) {
            if (b == 1 && (i == 1 || a - i == 1)) continue;
            seen[sg[i][b] ^ sg[a - i][b]] = true;
        }
        for (int j = 1; j < b; j++) {
            if (a == 1 && (j == 1 || b - j == 1)) continue;
            seen[sg[a][j] ^ sg[a][b - j]] = true;
        }
        int v = 0; while (seen[v]) v++;
        sg[a][b] = v;
    }
    int n, m;
    while (scanf("%d %d", &n, &m) == 2) puts(sg[n][m] ? "Alice" : "Bob");
}
