// Interactor of interactive undirected vertex geography (gamecert package geography --interactive):
// standalone C++. Run by the judge as: interactor IN ANS FEEDBACK_DIR/, the contestant on stdin/stdout.
// IN: "n m", m lines "u v" (a simple graph, vertices 1..n), then the start vertex "s". ANS: FIRST or
// SECOND, the certified winning role. Protocol and jury strategy: see uvg_jury.hpp and the statement.
#include "uvg_jury.hpp"

struct Labels : Names {
    int n = 0;
    void write(int v) const override { printf("%d\n", v + 1); fflush(stdout); }
    void write_none() const override { printf("0\n"); fflush(stdout); }
    const char *kind() const override { return "vertex"; }
    int read(std::string &shown) const override {
        shown = next_token();
        if (shown.empty()) return -2;
        int v = as_number(shown);
        return v >= 1 && v <= n ? v - 1 : -1;
    }
};

int main(int argc, char **argv) {
    std::string expected = open_judging(argc, argv);
    FILE *in = fopen(argv[1], "r");
    if (!in) judge_error("cannot read the input file");
    Labels names;
    int m, s;
    if (fscanf(in, "%d %d", &names.n, &m) != 2) judge_error("bad input file");
    std::vector<std::pair<int, int>> edges(m);
    for (auto &e : edges) {
        if (fscanf(in, "%d %d", &e.first, &e.second) != 2) judge_error("bad input file");
        e.first--, e.second--;
    }
    if (fscanf(in, "%d", &s) != 1 || s < 1 || s > names.n) judge_error("bad start vertex");
    fclose(in);
    Jury jury;
    jury.build(names.n, edges);
    // The contestant reads the test as it is.
    printf("%d %d\n", names.n, m);
    for (auto &e : edges) printf("%d %d\n", e.first + 1, e.second + 1);
    printf("%d\n", s);
    fflush(stdout);
    run_game(jury, s - 1, names, expected);
}
