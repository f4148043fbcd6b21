#include "flipbook_preview_records.h"

#if defined(__ELF__)
extern const char __start_flipbook_previews[] __attribute__((weak, visibility("hidden")));
extern const char __stop_flipbook_previews[] __attribute__((weak, visibility("hidden")));

const void *flipbook_preview_records_start(void) { return __start_flipbook_previews; }
const void *flipbook_preview_records_end(void) { return __stop_flipbook_previews; }
#else
// Mach-O and COFF: the macro emits no records there (docs/Preview.md).
const void *flipbook_preview_records_start(void) { return NULL; }
const void *flipbook_preview_records_end(void) { return NULL; }
#endif
