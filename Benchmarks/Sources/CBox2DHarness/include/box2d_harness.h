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

// A small world API for the fidelity scenes (PhysicsFidelity): metres, kilograms, seconds.
// Bodies are numbered from 0 in creation order; the world owns a static ground body.

/// A world with gravity (gx, gy); free it with box2d_world_destroy.
void *box2d_world_create(double gx, double gy);
void box2d_world_destroy(void *world);
/// A box of half-extents (hx, hy) centred at (x, y); returns its number.
int box2d_world_add_box(void *world, int dynamic, double x, double y, double hx, double hy, double density,
                        double friction, double restitution, int fixedRotation, double linearDamping);
/// A one-sided ground segment (on the ground body) with the given friction and restitution.
void box2d_world_add_ground_edge(void *world, double x1, double y1, double x2, double y2, double friction, double restitution);
/// A distance joint from the fixed point (ax, ay) to the body's centre: a rod when hz is 0,
/// otherwise a spring of hz and damping ratio zeta (b2LinearStiffness) between 0 and any length.
void box2d_world_add_distance_to_ground(void *world, int body, double ax, double ay, double length, double hz, double zeta);
/// A mouse joint pulling the body's centre to (tx, ty): a spring of hz and zeta, no force limit.
void box2d_world_add_mouse(void *world, int body, double tx, double ty, double hz, double zeta);
void box2d_world_set_velocity(void *world, int body, double vx, double vy);
void box2d_world_set_angular_velocity(void *world, int body, double w);
/// `count` steps of dt with the given iterations.
void box2d_world_step(void *world, double dt, int count, int velocityIterations, int positionIterations);
/// x, y, angle, vx, vy, angular velocity, awake (0/1).
void box2d_world_state(void *world, int body, double *out7);

/// What one pinned strike measured (docs/Physics-Fidelity.md, "A pinned strike").
typedef struct {
    double swings[8];      ///< degrees the panel swings back after each strike (60 Hz samples)
    int swingCount;
    double restSeconds;    ///< when the panel fell asleep, from the start of the push; -1 if not within 10 s
} box2d_strike_result;

/// The guillotine menu's fall in points (converted at `pointsPerMetre`): a 393 × 852 panel of
/// density 1.5 (mass = 1.5·w·h/10 000 in UIKit's units), friction 0, restitution 0.6, pinned by a
/// revolute joint to the world `pin` pt in from its top-left corner and pushed on its centre at
/// 1 800 pt/s². Presenting: turned -90° and pushed down onto a segment from (-1, 851) to (-1, 852);
/// dismissing: upright and pushed up onto one from (851, -330) to (852, -330) (its own static
/// body, friction 1). `stepsPerFrame` steps of 1/(60·stepsPerFrame) s per 60 Hz frame, 8 velocity
/// and 3 position iterations; `continuous` 0 turns Box2D's time-of-impact pass off.
box2d_strike_result box2d_run_pinned_strike(int dismissing, double pin, int stepsPerFrame, int continuous, double pointsPerMetre);

#ifdef __cplusplus
}
#endif
#endif
