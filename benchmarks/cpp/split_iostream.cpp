// Split Game (ICPC 2020 Jiangxi J): whoever cuts out a 1x1 piece loses.
// Plain program (iostream: cin >>, cout << endl): read every "N M" line, build the Sprague-Grundy table up to
// the largest side (no cut may leave a 1x1 piece), answer Alice or Bob per line.
#include <iostream>
#include <vector>
#include <algorithm>

int main() {
    std::vector<int> r, c;
    int a, b, top = 2;
    while (std::cin >> a >> b) {
        r.push_back(a);
        c.push_back(b);
        top = std::max(top, std::max(a, b));
    }
    const int n = top + 1;
    std::vector<int> sg(n * n, 0);
    std::vector<int> seen(2 * n + 2, -1);
    int stamp = 0;
    for (int x = 1; x < n; ++x) {
        for (int y = 1; y <= x; ++y) {
            if (x == 1 && y == 1) continue;
            ++stamp;
            // Cutting the side x: parts k x y and (x-k) x y; with y == 1 a part of 1 is a 1x1.
            int lo = (y == 1) ? 2 : 1;
            for (int k = lo; k <= x - k; ++k) seen[sg[k * n + y] ^ sg[(x - k) * n + y]] = stamp;
            lo = (x == 1) ? 2 : 1;
            for (int k = lo; k <= y - k; ++k) seen[sg[x * n + k] ^ sg[x * n + y - k]] = stamp;
            int v = 0;
            while (seen[v] == stamp) ++v;
            sg[x * n + y] = sg[y * n + x] = v;
        }
    }
    for (size_t i = 0; i < r.size(); ++i) std::cout << (sg[r[i] * n + c[i]] ? "Alice" : "Bob") << std::endl;
    return 0;
}
