#include "box2d_harness.h"
#include <box2d/box2d.h>
extern "C" int box2d_harness_version(void) { return b2_version.major * 100 + b2_version.minor * 10 + b2_version.revision; }
