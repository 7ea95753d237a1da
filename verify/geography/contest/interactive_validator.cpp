// Input validator of interactive undirected vertex geography: "n m" with 1 <= n <= 2000,
// 0 <= m <= 20000, then m lines "u v" (1 <= u, v <= n, u != v, no edge twice), then the start "s",
// 1 <= s <= n.
#include "strict_reader.hpp"
#include <set>
#include <utility>
int main() {
    int n = (int)readInt(1, 2000, "n must be an integer in 1..2000");
    space();
    int m = (int)readInt(0, 20000, "m must be an integer in 0..20000");
    newline();
    std::set<std::pair<int, int>> seen;
    for (int i = 0; i < m; i++) {
        int u = (int)readInt(1, n, "u must be in 1..n");
        space();
        int v = (int)readInt(1, n, "v must be in 1..n");
        newline();
        if (u == v) fail("self-loop");
        if (u > v) { int t = u; u = v; v = t; }
        if (!seen.insert({u, v}).second) fail("repeated edge");
    }
    readInt(1, n, "the start s must be in 1..n");
    newline();
    endOfFile();
}
