// A `pict` command for Benchmarks/pairwise.sh and scripts/integration/pict-sizes.sh.
//
// Why it exists: Microsoft PICT is not packaged for Debian, and building it from its repository
// needs a network this project's machines do not have. PyPI's binary wheel pypict==0.3.0
// (manylinux, cp310) ships PICT compiled as a shared library, libpict-*.so, that exports PICT's
// whole command line as `wmain(int, wchar_t**)`. This launcher is PICT's own `main`: it converts
// the arguments to wide strings in the user's locale and calls that `wmain`. scripts/install-pict
// downloads the wheel and compiles this file against the library (with an rpath to it).
#include <clocale>
#include <cstdlib>
#include <cstdio>
#include <cwchar>
#include <vector>

int wmain(int argc, wchar_t* argv[]);  // defined in libpict-*.so

int main(int argc, char* argv[]) {
    std::setlocale(LC_ALL, "");
    std::vector<std::vector<wchar_t>> wide(argc);
    std::vector<wchar_t*> pointers(argc + 1, nullptr);
    for (int index = 0; index < argc; ++index) {
        const char* source = argv[index];
        std::mbstate_t state{};
        std::size_t length = std::mbsrtowcs(nullptr, &source, 0, &state);
        if (length == static_cast<std::size_t>(-1)) {
            std::fprintf(stderr, "pict: argument %d is not valid text in this locale\n", index);
            return 2;
        }
        wide[index].resize(length + 1);
        source = argv[index];
        state = std::mbstate_t{};
        std::mbsrtowcs(wide[index].data(), &source, length + 1, &state);
        pointers[index] = wide[index].data();
    }
    return wmain(argc, pointers.data());
}
