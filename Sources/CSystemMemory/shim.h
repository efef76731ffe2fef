#ifndef FORMSMITH_CSYSTEMMEMORY_SHIM_H
#define FORMSMITH_CSYSTEMMEMORY_SHIM_H
// glibc's malloc_trim, which Swift's Glibc module does not export: the parallel validator calls it
// to hand memory freed across threads back to the system. Other C libraries get a no-op.
#if defined(__GLIBC__) || (defined(__linux__) && __has_include(<malloc.h>))
#include <malloc.h>
static inline void formsmith_release_free_memory(void) { malloc_trim(0); }
#else
static inline void formsmith_release_free_memory(void) {}
#endif
#endif
