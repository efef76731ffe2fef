#ifndef FORMSMITH_CPCRE2_SHIM_H
#define FORMSMITH_CPCRE2_SHIM_H
// PCRE2 must be told its code unit width before its header is included.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
