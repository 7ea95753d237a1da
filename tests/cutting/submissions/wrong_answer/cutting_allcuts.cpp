// WRONG ON PURPOSE (misplays the 1x1 rule, every cut allowed): Cutting Game.
// Nobody ever makes a piece with a side of 1, so a cut of a side of length n
// is at 2..n-2: Sprague-Grundy table over pieces up to 200x200.
#include <cstdio>
#include <cstring>
static int sg[201][201];
int main() {
    static bool seen[1 << 10];
    // WRONG ON PURPOSE: every cut allowed, a 1x1 piece (value 0) just ends nothing
    for (int a = 1; a <= 200; a++) for (int b = 1; b <= 200; b++) {
        memset(seen, 0, sizeof seen);
        for (int i = 1; i <= a - 1; i++) seen[sg[i][b] ^ sg[a - i][b]] = true;
        for (int j = 1; j <= b - 1; j++) seen[sg[a][j] ^ sg[a][b - j]] = true;
        int v = 0; while (seen[v]) v++;
        sg[a][b] = v;
    }
    int w, h;
    while (scanf("%d %d", &w, &h) == 2) puts(sg[w][h] ? "WIN" : "LOSE");
}
