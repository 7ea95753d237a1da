// Input validator of the interactive maze game: "N M", 1 <= N, M <= 100, then N rows of exactly M
// characters . or #, then the start "R C", 1 <= R <= N, 1 <= C <= M, a free cell.
#include "strict_reader.hpp"
#include <string>
#include <vector>
int main() {
    int n = (int)readInt(1, 100, "N must be an integer in 1..100");
    space();
    int m = (int)readInt(1, 100, "M must be an integer in 1..100");
    newline();
    std::vector<std::string> rows(n);
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < m; j++) {
            int c = getchar();
            if (c != '.' && c != '#') fail("expected . or # (a row has exactly M cells)");
            rows[i].push_back((char)c);
        }
        newline();
    }
    int r = (int)readInt(1, n, "R must be an integer in 1..N");
    space();
    int c = (int)readInt(1, m, "C must be an integer in 1..M");
    newline();
    if (rows[r - 1][c - 1] != '.') fail("the start cell R C must be free");
    endOfFile();
}
