#ifndef FLIPBOOK_BOX2D_HARNESS_H
#define FLIPBOOK_BOX2D_HARNESS_H
#ifdef __cplusplus
extern "C" {
#endif

/// Box2D's version as major*100 + minor*10 + revision (241 for 2.4.1).
int box2d_harness_version(void);

/// CPU time of the calling thread in seconds (CLOCK_THREAD_CPUTIME_ID): both engines are timed
/// with it, so other processes on a shared machine disturb the comparison less than wall time.
double box2d_harness_thread_cpu_seconds(void);

/// What one pyramid run measured.
typedef struct {
    double seconds;        ///< thread CPU time spent in b2World::Step
    double topStartX, topStartY;
    double topEndX, topEndY; ///< the last-created (top) box before and after
    int bodyCount;         ///< dynamic boxes
    int awakeCount;        ///< dynamic boxes still awake at the end
    int contactCount;      ///< contacts at the end
} box2d_pyramid_result;

/// Box2D testbed's pyramid: a two-sided ground edge from (-40, 0) to (40, 0); `rows` rows of
/// 1 m boxes (density 5, friction 0.2) starting at (-7, 0.75), stepping (0.5625, 1.25) per row and
/// (1.125, 0) per box; gravity (0, -10); `steps` steps of 1/60 s with the given iterations.
box2d_pyramid_result box2d_run_pyramid(int rows, int steps, int velocityIterations, int positionIterations, int allowSleep);

#ifdef __cplusplus
}
#endif
#endif
