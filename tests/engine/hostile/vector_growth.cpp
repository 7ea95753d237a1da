// Memory until stopped, in C++: a vector doubled until the allocation is refused (std::bad_alloc).
#include <cstdio>
#include <vector>

int main() {
    std::vector<char> v(1 << 20, 1);
    for (;;) {
        v.resize(v.size() * 2, 1);
        std::printf("%zu\n", v.size());
    }
}
