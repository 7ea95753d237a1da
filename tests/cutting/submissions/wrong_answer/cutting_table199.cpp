// WRONG ON PURPOSE (table one short at 200): Cutting Game.
// Nobody ever makes a piece with a side of 1, so a cut of a side of length n
// is at 2..n-2: Sprague-Grundy table over pieces up to 200x200.
#include <cstdio>
#include <cstring>
static int sg[201][201];
int main() {
    static bool seen[1 << 10];
    for (int a = 2; a < 200; a++) for (int b = 2; b < 200; b++) {  // WRONG ON PURPOSE: stops one short of 200
        memset(seen, 0, sizeof seen);
        for (int i = 2; i <= a - 2; i++) seen[sg[i][b] ^ sg[a - i][b]] = true;
        for (int j = 2; j <= b - 2; j++) seen[sg[a][j] ^ sg[a][b - j]] = true;
        int v = 0; while (seen[v]) v++;
        sg[a][b] = v;
    }
    int w, h;
    while (scanf("%d %d", &w, &h) == 2) puts(sg[w][h] ? "WIN" : "LOSE");
}
