// TOO SLOW ON PURPOSE: Cutting Game, the Sprague-Grundy table rebuilt for
// every query line (no table kept between lines): O(lines * W * H * (W + H)).
#include <cstdio>
#include <cstring>
static int sg[201][201];
int main() {
    int w, h;
    static bool seen[1 << 10];
    while (scanf("%d %d", &w, &h) == 2) {
        for (int a = 2; a <= w; a++) for (int b = 2; b <= h; b++) {
            memset(seen, 0, sizeof seen);
            for (int i = 2; i <= a - 2; i++) seen[sg[i][b] ^ sg[a - i][b]] = true;
            for (int j = 2; j <= b - 2; j++) seen[sg[a][j] ^ sg[a][b - j]] = true;
            int v = 0; while (seen[v]) v++;
            sg[a][b] = v;
        }
        puts(sg[w][h] ? "WIN" : "LOSE");
    }
}
