// Cutting Game (POJ 2311): whoever first cuts out a 1x1 piece wins.
// Plain program (iostream: cin >>, cout << endl): read every "W H" line, build the Sprague-Grundy table up to
// the largest side (cuts at 2..n-2 only), answer WIN or LOSE per line.
#include <iostream>
#include <vector>
#include <algorithm>

int main() {
    std::vector<int> w, h;
    int a, b, top = 3;
    while (std::cin >> a >> b) {
        w.push_back(a);
        h.push_back(b);
        top = std::max(top, std::max(a, b));
    }
    const int n = top + 1;
    std::vector<int> sg(n * n, 0);
    std::vector<int> seen(2 * n + 2, -1);  // seen[v] == stamp: value v reachable
    int stamp = 0;
    for (int x = 2; x < n; ++x) {
        for (int y = 2; y <= x; ++y) {
            ++stamp;
            for (int k = 2; k <= x - k; ++k) seen[sg[k * n + y] ^ sg[(x - k) * n + y]] = stamp;
            for (int k = 2; k <= y - k; ++k) seen[sg[x * n + k] ^ sg[x * n + y - k]] = stamp;
            int v = 0;
            while (seen[v] == stamp) ++v;
            sg[x * n + y] = sg[y * n + x] = v;
        }
    }
    for (size_t i = 0; i < w.size(); ++i) std::cout << (sg[w[i] * n + h[i]] ? "WIN" : "LOSE") << std::endl;
    return 0;
}
