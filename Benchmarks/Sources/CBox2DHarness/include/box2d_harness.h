#ifndef FLIPBOOK_BOX2D_HARNESS_H
#define FLIPBOOK_BOX2D_HARNESS_H
#ifdef __cplusplus
extern "C" {
#endif
/// Placeholder: the physics benchmark defines the harness's functions here.
int box2d_harness_version(void);
#ifdef __cplusplus
}
#endif
#endif
