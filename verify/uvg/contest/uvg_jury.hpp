// The jury of an interactive undirected vertex geography problem (maze, geography): standalone C++.
//
// Theory (gamecert's docs/theory.md, "Undirected vertex geography"): with the token on v and the
// visited vertices gone, the player to move wins iff v is covered by every maximum matching of
// what is left (the graph G' of the unvisited vertices and v); a winning move goes to v's
// partner in such a matching.
//
// Invariant: `mate` is a maximum matching of G' (alive vertices) before every move.
// - A vertex t leaves G' (the token moves on from it): if t was matched to w, the matching loses
//   one edge and one augmenting search from w restores maximality (any augmenting path of G' - t
//   ends at w, since the old matching was maximum in G').
// - The player to move at u: if u is unmatched it loses. Otherwise, with x = mate[u], u is missed
//   by some maximum matching iff G' - u has an augmenting path from x (one search). If it has,
//   flipping it keeps the matching maximum in G' and makes u unmatched; if not, every maximum
//   matching covers u and the move to x wins (after it, the matching minus ux is maximum in
//   G' - u and misses x: the opponent loses).
// The search is Edmonds' alternating-tree search from one root, blossoms kept in a union-find;
// on a bipartite graph (the maze) no blossom ever forms and it is a plain alternating BFS.
// It resets only the vertices it touched, so a search costs O(E' alpha) for the part it explores.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <csignal>
#include <string>
#include <vector>
#include <algorithm>

// Verdicts: 42 accepted, 43 wrong answer (the reason in judgemessage.txt), 1 a judge error.
static FILE *feedback_file = nullptr;

[[noreturn]] static void verdict(int code, const char *fmt, const char *arg = "") {
    if (feedback_file) { fprintf(feedback_file, fmt, arg); fputc('\n', feedback_file); fclose(feedback_file); }
    exit(code);
}

[[noreturn]] static void judge_error(const char *what) {
    fprintf(stderr, "judge error: %s\n", what);
    verdict(1, "judge error: %s", what);
}

struct Jury {
    int n = 0;
    std::vector<int> start, nbr;            // adjacency in CSR form
    std::vector<char> alive;                // in G': unvisited, or the token
    std::vector<int> mate;
    // search scratch, reset on the touched vertices only
    std::vector<int> parent, uf;
    std::vector<char> outer;
    std::vector<int> touched, queue_;
    int stamp = 0;
    // undo log of matching changes (a trial search that must not stay applied)
    std::vector<std::pair<int, int>> log;
    bool logging = false;
    long long work = 0;                     // edges scanned by all searches

    void build(int vertices, const std::vector<std::pair<int, int>> &edges) {
        n = vertices;
        std::vector<int> deg(n + 1, 0);
        for (auto &e : edges) { deg[e.first]++; deg[e.second]++; }
        start.assign(n + 1, 0);
        for (int v = 0; v < n; v++) start[v + 1] = start[v] + deg[v];
        nbr.assign(start[n], 0);
        std::vector<int> fill(start.begin(), start.end() - 1);
        for (auto &e : edges) { nbr[fill[e.first]++] = e.second; nbr[fill[e.second]++] = e.first; }
        alive.assign(n, 1);
        mate.assign(n, -1);
        parent.assign(n, -1);
        uf.resize(n);
        for (int v = 0; v < n; v++) uf[v] = v;
        stamps_.assign(n, 0);
        outer.assign(n, 0);
        // Greedy start, then one search from every vertex left unmatched: a vertex with no
        // augmenting path never gets one later (Edmonds), so one pass gives a maximum matching.
        for (int v = 0; v < n; v++)
            if (mate[v] < 0)
                for (int i = start[v]; i < start[v + 1]; i++)
                    if (mate[nbr[i]] < 0) { mate[v] = nbr[i]; mate[nbr[i]] = v; break; }
        // A failed search's tree (Hungarian tree) meets no later augmenting path: it leaves the
        // graph until the matching is built.
        std::vector<int> frozen;
        for (int v = 0; v < n; v++)
            if (mate[v] < 0 && alive[v] && !augment(v))
                for (int u : touched) { alive[u] = 0; frozen.push_back(u); }
        for (int u : frozen) alive[u] = 1;
    }

    int find(int v) {
        int r = v;
        while (uf[r] != r) r = uf[r];
        while (uf[v] != r) { int next = uf[v]; uf[v] = r; v = next; }
        return r;
    }
    void set_mate(int a, int b) {
        if (logging) log.push_back({a, mate[a]});
        mate[a] = b;
    }
    void undo() {
        for (size_t i = log.size(); i-- > 0;) mate[log[i].first] = log[i].second;
        log.clear();
    }

    // The lowest common base of outer vertices a and b in the alternating tree.
    int common_base(int a, int b) {
        ++stamp;
        std::vector<int> seen;
        for (;;) {
            a = find(a);
            seen.push_back(a);
            mark_stamp(a);
            if (mate[a] < 0) break;           // the root
            a = parent[mate[a]];
        }
        int found = -1;
        for (;;) {
            b = find(b);
            if (is_stamped(b)) { found = b; break; }
            if (mate[b] < 0) break;
            b = parent[mate[b]];
        }
        for (int v : seen) stamps_[v] = 0;
        return found;
    }
    std::vector<int> stamps_;
    void mark_stamp(int v) { stamps_[v] = stamp; }
    bool is_stamped(int v) { return stamps_[v] == stamp; }

    // Contract the path from outer vertex v up to base b into b's blossom; `child` is the outer
    // vertex on the other side of the edge that closed the blossom.
    void contract(int v, int b, int child) {
        while (find(v) != b) {
            int m = mate[v];
            parent[v] = child;               // v is reached through the blossom edge from child
            child = m;
            if (!outer[m]) { outer[m] = 1; queue_.push_back(m); }
            int bv = find(v), bm = find(m);
            if (bv != b) uf[bv] = b;
            if (bm != b) uf[bm] = b;
            v = parent[m];
        }
    }

    // Search an augmenting path from the unmatched alive vertex root; flip it if found.
    bool augment(int root) {
        queue_.clear();
        touched.clear();
        touched.push_back(root);
        outer[root] = 1;
        queue_.push_back(root);
        bool found = false;
        for (size_t head = 0; head < queue_.size() && !found; head++) {
            int v = queue_[head];
            for (int i = start[v]; i < start[v + 1]; i++) {
                work++;
                int w = nbr[i];
                if (!alive[w] || mate[v] == w) continue;
                if (find(v) == find(w)) continue;
                if (outer[w]) {
                    int b = common_base(v, w);
                    contract(v, b, w);
                    contract(w, b, v);
                    continue;
                }
                if (parent[w] >= 0) continue;       // already an inner vertex
                touched.push_back(w);
                parent[w] = v;
                if (mate[w] < 0) {
                    // flip the path w, v, mate[v], parent[mate[v]], ...
                    int x = w;
                    while (x >= 0) {
                        int px = parent[x], next = mate[px];
                        set_mate(x, px);
                        set_mate(px, x);
                        x = next;
                    }
                    found = true;
                    break;
                }
                int m = mate[w];
                touched.push_back(m);
                outer[m] = 1;
                queue_.push_back(m);
            }
        }
        for (int v : touched) { parent[v] = -1; outer[v] = 0; uf[v] = v; }  // every tree vertex (kept in touched)
        return found;
    }

    // Vertex t leaves G' (the token moved on from it); the matching stays maximum.
    void remove(int t) {
        alive[t] = 0;
        int w = mate[t];
        if (w >= 0) { mate[t] = -1; mate[w] = -1; augment(w); }
    }

    // Whether the player to move at u wins; when it loses, the matching now misses u.
    bool mover_wins(int u) {
        int x = mate[u];
        if (x < 0) return false;
        mate[u] = mate[x] = -1;
        alive[u] = 0;
        bool avoidable = augment(x);
        alive[u] = 1;
        if (!avoidable) { mate[u] = x; mate[x] = u; }
        return !avoidable;
    }

    int legal_moves(int u) const {
        int k = 0;
        for (int i = start[u]; i < start[u + 1]; i++) k += alive[nbr[i]] && nbr[i] != u;
        return k;
    }

    // The contestant's winning replies at y once the losing jury, at u, has moved there: the
    // alive neighbours z of y that the player to move at z loses from in G' - u - y. Needs
    // mate[u] < 0 (so the matching is maximum in G' - u and covers y). Leaves everything as found.
    int winning_replies(int u, int y) {
        int w = mate[y];
        if (w < 0) judge_error("a move of a losing jury reaches an unmatched vertex");
        alive[u] = alive[y] = 0;
        mate[y] = mate[w] = -1;                  // maximum in G' - u - y, missing w
        int count = 0;
        for (int i = start[y]; i < start[y + 1]; i++) {
            int z = nbr[i];
            if (!alive[z]) continue;
            if (z == w) { count++; continue; }
            int m = mate[z];
            if (m < 0) { count++; continue; }    // (cannot happen: w is the only vertex freed)
            logging = true;
            set_mate(z, -1);
            set_mate(m, -1);
            alive[z] = 0;
            bool avoidable = augment(m);
            alive[z] = 1;
            logging = false;
            undo();
            count += avoidable;
        }
        mate[y] = w; mate[w] = y;
        alive[u] = alive[y] = 1;
        return count;
    }
};

// --- the protocol, shared by the maze and geography interactors -------------------------------

// The next whitespace-separated token of the contestant (at most 15 characters), or "" at EOF.
static std::string next_token() {
    std::string token;
    int c = getchar();
    while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = getchar();
    while (c != EOF && c != ' ' && c != '\n' && c != '\r' && c != '\t') {
        if (token.size() < 16) token.push_back((char)c);
        c = getchar();
    }
    return token;
}

// A positive-or-zero decimal integer of at most 9 digits, else -1.
static int as_number(const std::string &t) {
    if (t.empty() || t.size() > 9) return -1;
    if (t.size() > 1 && t[0] == '0') return -1;
    int v = 0;
    for (char ch : t) { if (ch < '0' || ch > '9') return -1; v = v * 10 + (ch - '0'); }
    return v;
}

// What a game tells the protocol: how a vertex is written and read.
struct Names {
    virtual ~Names() = default;
    virtual void write(int v) const = 0;                       // a move line, with newline
    virtual void write_none() const = 0;                       // the "no move" line
    virtual int read(std::string &shown) const = 0;            // a vertex, -1 if no such; shown for messages
    virtual const char *kind() const = 0;                      // what a vertex is called: "free cell", "vertex"
};

// Play the game after the position was written: read the role, alternate moves, exit 42 or 43.
// `expected` is the .ans file's role; the jury's own verdict must agree.
//
// Who wins is searched for only when the theory does not already say it. After a winning jury
// move (to the partner x of its vertex u), the matching minus ux is maximum and misses x, so the
// contestant loses and, whatever it does, the jury wins again by moving to the partner of the
// contestant's vertex (no search). After a losing jury move to y, the contestant wins there and y
// is in every maximum matching: when it moves to y's partner, the matching minus that edge stays
// maximum and misses the jury's vertex (no search). Only a move of a winning contestant off the
// matching costs searches: one to restore the matching, one to decide the jury's position.
[[noreturn]] static void run_game(Jury &jury, int token, const Names &names, const std::string &expected) {
    bool first_wins = jury.mover_wins(token);
    if (expected != (first_wins ? "FIRST" : "SECOND")) judge_error("the .ans file's role differs from the jury's verdict");
    std::string role = next_token();
    if (role != "FIRST" && role != "SECOND") verdict(43, "expected FIRST or SECOND, got '%s'", role.c_str());
    bool contestant_moves = role == "FIRST";
    // Whether the player to move wins: known at the start, and kept known below.
    bool mover_wins = first_wins;
    bool known = true;
    for (;;) {
        if (contestant_moves) {
            if (jury.legal_moves(token) == 0) verdict(43, "%s", "you cannot move: you lose");
            std::string shown;
            int v = names.read(shown);
            if (v == -2) verdict(43, "%s", "your program stopped before the game ended");
            if (v < 0) verdict(43, (std::string("not a ") + names.kind() + ": '%s'").c_str(), shown.c_str());
            bool adjacent = false;
            for (int i = jury.start[token]; i < jury.start[token + 1]; i++) adjacent |= jury.nbr[i] == v;
            if (!adjacent || v == token) verdict(43, "illegal move to %s: not next to the token", shown.c_str());
            if (!jury.alive[v]) verdict(43, "illegal move to %s: visited already", shown.c_str());
            int from = token;
            token = v;
            if (mover_wins && jury.mate[from] == v) {
                jury.alive[from] = 0;                     // along the matching: it stays maximum
                jury.mate[from] = jury.mate[v] = -1;
                mover_wins = false;                       // v is unmatched: the jury loses
            } else {
                jury.remove(from);
                // A losing contestant leaves the jury winning; a winning one that left the
                // matching leaves a position to decide.
                known = !mover_wins;
                mover_wins = !mover_wins;
            }
        } else {
            if (jury.legal_moves(token) == 0) {
                names.write_none();
                std::string extra = next_token();
                if (!extra.empty()) verdict(43, "output after the game ended: '%s'", extra.c_str());
                verdict(42, "%s", "you won");
            }
            if (!known) mover_wins = jury.mover_wins(token);
            known = true;
            int move;
            if (mover_wins) {
                move = jury.mate[token];            // the partner: the opponent loses from there
                if (move < 0) judge_error("a winning jury vertex is unmatched");
            } else {
                // Losing: move where the contestant has the fewest winning replies (ties: the
                // most legal replies, then the lowest vertex), while the search budget lasts;
                // after it, the most legal replies only.
                const long long budget = 2000000;
                move = -1;
                int best_wins = 1 << 30, best_legal = -1;
                for (int i = jury.start[token]; i < jury.start[token + 1]; i++) {
                    int y = jury.nbr[i];
                    if (!jury.alive[y] || y == token) continue;
                    int legal = jury.legal_moves(y) - 1;       // the token's cell is no reply
                    int wins = jury.work < budget ? jury.winning_replies(token, y) : 0;
                    if (wins < best_wins || (wins == best_wins && (legal > best_legal || (legal == best_legal && y < move)))) {
                        best_wins = wins; best_legal = legal; move = y;
                    }
                }
            }
            int from = token;
            token = move;
            names.write(move);
            // Winning: mate[from] was move; the matching minus that edge is maximum in G' - from.
            // Losing: from is unmatched. Either way no search is needed.
            if (jury.mate[from] >= 0) { jury.mate[jury.mate[from]] = -1; jury.mate[from] = -1; }
            jury.alive[from] = 0;
            mover_wins = !mover_wins;
        }
        contestant_moves = !contestant_moves;
    }
}

// The .ans file's role, the feedback file opened; SIGPIPE ignored (a contestant that exits early).
static std::string open_judging(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: interactor IN ANS FEEDBACK_DIR/\n"); exit(1); }
    signal(SIGPIPE, SIG_IGN);
    std::string dir = argv[3];
    feedback_file = fopen((dir + "judgemessage.txt").c_str(), "w");
    FILE *ans = fopen(argv[2], "r");
    if (!ans) judge_error("cannot read the .ans file");
    char role[16] = {0};
    if (fscanf(ans, "%15s", role) != 1) judge_error("empty .ans file");
    fclose(ans);
    return role;
}
