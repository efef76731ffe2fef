#ifndef FORMSMITH_CZ3_SHIM_H
#define FORMSMITH_CZ3_SHIM_H
// The Z3 SMT solver's C API (Debian: libz3-dev, Homebrew: z3), used behind
// Sources/FormsmithCore/Solver only.
#include <z3.h>
#endif
