// Interactor of the interactive maze game (gamecert package maze --interactive): standalone C++.
// Run by the judge as: interactor IN ANS FEEDBACK_DIR/, the contestant on stdin/stdout.
// IN: "N M", N rows of '.' and '#', "R C" (the start, 1-based, free). ANS: FIRST or SECOND, the
// certified winning role. Protocol and jury strategy: see uvg_jury.hpp and the statement.
#include "uvg_jury.hpp"

struct Cells : Names {
    int rows = 0, cols = 0;
    std::vector<int> vertex;   // cell r*cols+c -> vertex (free cells in row-major order), or -1
    std::vector<int> cell;     // vertex -> cell
    void write(int v) const override { printf("%d %d\n", cell[v] / cols + 1, cell[v] % cols + 1); fflush(stdout); }
    void write_none() const override { printf("0 0\n"); fflush(stdout); }
    const char *kind() const override { return "free cell"; }
    int read(std::string &shown) const override {
        std::string a = next_token();
        if (a.empty()) return -2;
        std::string b = next_token();
        shown = a + " " + b;
        int r = as_number(a), c = as_number(b);
        if (r < 1 || r > rows || c < 1 || c > cols) return -1;
        return vertex[(r - 1) * cols + (c - 1)];
    }
};

int main(int argc, char **argv) {
    std::string expected = open_judging(argc, argv);
    FILE *in = fopen(argv[1], "r");
    if (!in) judge_error("cannot read the input file");
    Cells names;
    if (fscanf(in, "%d %d", &names.rows, &names.cols) != 2) judge_error("bad input file");
    int n = names.rows, m = names.cols;
    std::vector<std::string> grid(n);
    static char row[128];
    for (int r = 0; r < n; r++) {
        if (fscanf(in, "%127s", row) != 1) judge_error("bad input file");
        grid[r] = row;
    }
    int sr, sc;
    if (fscanf(in, "%d %d", &sr, &sc) != 2) judge_error("bad input file");
    fclose(in);
    names.vertex.assign(n * m, -1);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++)
            if (grid[r][c] == '.') { names.vertex[r * m + c] = (int)names.cell.size(); names.cell.push_back(r * m + c); }
    std::vector<std::pair<int, int>> edges;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < m; c++) {
            int v = names.vertex[r * m + c];
            if (v < 0) continue;
            if (c + 1 < m && names.vertex[r * m + c + 1] >= 0) edges.push_back({v, names.vertex[r * m + c + 1]});
            if (r + 1 < n && names.vertex[(r + 1) * m + c] >= 0) edges.push_back({v, names.vertex[(r + 1) * m + c]});
        }
    int token = names.vertex[(sr - 1) * m + (sc - 1)];
    if (token < 0) judge_error("the start is a wall");
    Jury jury;
    jury.build((int)names.cell.size(), edges);
    // The contestant reads the test as it is.
    printf("%d %d\n", n, m);
    for (int r = 0; r < n; r++) printf("%s\n", grid[r].c_str());
    printf("%d %d\n", sr, sc);
    fflush(stdout);
    run_game(jury, token, names, expected);
}
