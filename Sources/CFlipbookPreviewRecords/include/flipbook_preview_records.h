#ifndef FLIPBOOK_PREVIEW_RECORDS_H
#define FLIPBOOK_PREVIEW_RECORDS_H
// The `#Preview` records of this image (docs/Preview.md, "How previews are found").
//
// The `#Preview` macro places one record per preview in the ELF section `flipbook_previews`
// (`@section("flipbook_previews") @used`). The linker defines `__start_flipbook_previews` and
// `__stop_flipbook_previews` around that section for each linked image; they are declared weak
// here so that an image without any preview links too (both are then NULL). SwiftPM links a
// package's targets statically into one executable or test bundle, so every preview of every
// target linked in is between them, with no list anywhere.
#include <stddef.h>

/// The first byte of this image's preview records (NULL when there are none).
const void *flipbook_preview_records_start(void);
/// One past the last byte of this image's preview records (NULL when there are none).
const void *flipbook_preview_records_end(void);

#endif
