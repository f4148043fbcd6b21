// A small harness around Debian's Box2D 2.4 (libbox2d-dev): the physics benchmark's reference.
#include "box2d_harness.h"
#include <box2d/box2d.h>
#include <time.h>
#include <vector>
#include <cfloat>

extern "C" int box2d_harness_version(void) { return b2_version.major * 100 + b2_version.minor * 10 + b2_version.revision; }

extern "C" double box2d_harness_thread_cpu_seconds(void) {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

extern "C" box2d_pyramid_result box2d_run_pyramid(int rows, int steps, int velocityIterations, int positionIterations, int allowSleep) {
    box2d_pyramid_result result = {};
    b2World world(b2Vec2(0.0f, -10.0f));
    world.SetAllowSleeping(allowSleep != 0);
    {
        b2BodyDef bd;
        b2Body* ground = world.CreateBody(&bd);
        b2EdgeShape shape;
        shape.SetTwoSided(b2Vec2(-40.0f, 0.0f), b2Vec2(40.0f, 0.0f));
        ground->CreateFixture(&shape, 0.0f);
    }
    b2Body* top = nullptr;
    {
        const float a = 0.5f;
        b2PolygonShape shape;
        shape.SetAsBox(a, a);
        b2Vec2 x(-7.0f, 0.75f);
        const b2Vec2 deltaX(0.5625f, 1.25f);
        const b2Vec2 deltaY(1.125f, 0.0f);
        for (int i = 0; i < rows; ++i) {
            b2Vec2 y = x;
            for (int j = i; j < rows; ++j) {
                b2BodyDef bd;
                bd.type = b2_dynamicBody;
                bd.position = y;
                b2Body* body = world.CreateBody(&bd);
                body->CreateFixture(&shape, 5.0f);
                top = body;
                result.bodyCount += 1;
                y += deltaY;
            }
            x += deltaX;
        }
    }
    if (top) { result.topStartX = top->GetPosition().x; result.topStartY = top->GetPosition().y; }
    const float timeStep = 1.0f / 60.0f;
    const double start = box2d_harness_thread_cpu_seconds();
    for (int i = 0; i < steps; ++i) world.Step(timeStep, velocityIterations, positionIterations);
    result.seconds = box2d_harness_thread_cpu_seconds() - start;
    if (top) { result.topEndX = top->GetPosition().x; result.topEndY = top->GetPosition().y; }
    for (b2Body* b = world.GetBodyList(); b; b = b->GetNext())
        if (b->GetType() == b2_dynamicBody && b->IsAwake()) result.awakeCount += 1;
    result.contactCount = world.GetContactCount();
    return result;
}

namespace {
struct HarnessWorld {
    b2World world;
    b2Body *ground;
    std::vector<b2Body *> bodies;
    explicit HarnessWorld(b2Vec2 g) : world(g) {
        b2BodyDef bd;
        ground = world.CreateBody(&bd);
    }
};
HarnessWorld *W(void *w) { return static_cast<HarnessWorld *>(w); }
}

extern "C" void *box2d_world_create(double gx, double gy) { return new HarnessWorld(b2Vec2(float(gx), float(gy))); }
extern "C" void box2d_world_destroy(void *world) { delete W(world); }

extern "C" int box2d_world_add_box(void *world, int dynamic, double x, double y, double hx, double hy, double density,
                                   double friction, double restitution, int fixedRotation, double linearDamping) {
    b2BodyDef bd;
    bd.type = dynamic ? b2_dynamicBody : b2_staticBody;
    bd.position.Set(float(x), float(y));
    bd.fixedRotation = fixedRotation != 0;
    bd.linearDamping = float(linearDamping);
    b2Body *body = W(world)->world.CreateBody(&bd);
    b2PolygonShape shape;
    shape.SetAsBox(float(hx), float(hy));
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = float(density);
    fd.friction = float(friction);
    fd.restitution = float(restitution);
    body->CreateFixture(&fd);
    W(world)->bodies.push_back(body);
    return int(W(world)->bodies.size()) - 1;
}

extern "C" void box2d_world_add_ground_edge(void *world, double x1, double y1, double x2, double y2, double friction, double restitution) {
    b2EdgeShape shape;
    shape.SetTwoSided(b2Vec2(float(x1), float(y1)), b2Vec2(float(x2), float(y2)));
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.friction = float(friction);
    fd.restitution = float(restitution);
    W(world)->ground->CreateFixture(&fd);
}

extern "C" void box2d_world_add_distance_to_ground(void *world, int body, double ax, double ay, double length, double hz, double zeta) {
    b2Body *b = W(world)->bodies[body];
    b2DistanceJointDef jd;
    jd.Initialize(W(world)->ground, b, b2Vec2(float(ax), float(ay)), b->GetWorldCenter());
    jd.length = float(length);
    if (hz > 0) {
        jd.minLength = 0.0f;
        jd.maxLength = FLT_MAX;
        b2LinearStiffness(jd.stiffness, jd.damping, float(hz), float(zeta), W(world)->ground, b);
    } else {
        jd.minLength = jd.maxLength = float(length);
        jd.stiffness = 0.0f;
        jd.damping = 0.0f;
    }
    W(world)->world.CreateJoint(&jd);
}

extern "C" void box2d_world_add_mouse(void *world, int body, double tx, double ty, double hz, double zeta) {
    b2Body *b = W(world)->bodies[body];
    b2MouseJointDef jd;
    jd.bodyA = W(world)->ground;
    jd.bodyB = b;
    // Box2D anchors the joint at the body point under the target when it is created: create it
    // at the centre, then move the target, so the centre is pulled (as UISnapBehavior's is).
    jd.target = b->GetWorldCenter();
    jd.maxForce = FLT_MAX;
    b2LinearStiffness(jd.stiffness, jd.damping, float(hz), float(zeta), W(world)->ground, b);
    b2MouseJoint *joint = static_cast<b2MouseJoint *>(W(world)->world.CreateJoint(&jd));
    joint->SetTarget(b2Vec2(float(tx), float(ty)));
}

extern "C" void box2d_world_set_velocity(void *world, int body, double vx, double vy) {
    W(world)->bodies[body]->SetLinearVelocity(b2Vec2(float(vx), float(vy)));
}

extern "C" void box2d_world_set_angular_velocity(void *world, int body, double w) {
    W(world)->bodies[body]->SetAngularVelocity(float(w));
}

extern "C" void box2d_world_step(void *world, double dt, int count, int velocityIterations, int positionIterations) {
    for (int i = 0; i < count; ++i) W(world)->world.Step(float(dt), velocityIterations, positionIterations);
}

extern "C" void box2d_world_state(void *world, int body, double *out) {
    b2Body *b = W(world)->bodies[body];
    out[0] = b->GetPosition().x; out[1] = b->GetPosition().y; out[2] = b->GetAngle();
    out[3] = b->GetLinearVelocity().x; out[4] = b->GetLinearVelocity().y; out[5] = b->GetAngularVelocity();
    out[6] = b->IsAwake() ? 1 : 0;
}

extern "C" box2d_strike_result box2d_run_pinned_strike(int dismissing, double pin, int stepsPerFrame, int continuous, double pointsPerMetre) {
    box2d_strike_result result = {};
    result.restSeconds = -1;
    const double S = pointsPerMetre;
    b2World world(b2Vec2(0.0f, 0.0f));
    world.SetContinuousPhysics(continuous != 0);
    b2BodyDef sd;
    b2Body *anchor = world.CreateBody(&sd);
    // The boundary on a body of its own: a joint's bodies do not collide (collideConnected).
    b2Body *wall = world.CreateBody(&sd);
    b2EdgeShape edge;
    if (dismissing) edge.SetTwoSided(b2Vec2(float(851 / S), float(-330 / S)), b2Vec2(float(852 / S), float(-330 / S)));
    else edge.SetTwoSided(b2Vec2(float(-1 / S), float(851 / S)), b2Vec2(float(-1 / S), float(852 / S)));
    b2FixtureDef ed;
    ed.shape = &edge;
    ed.friction = 1.0f;
    ed.restitution = 0.0f;
    wall->CreateFixture(&ed);
    // Upright, the centre is at (196.5, 426); presenting, it is turned -90° about the pin.
    const double ox = pin - 196.5, oy = pin - 426;
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    if (dismissing) { bd.position.Set(float(196.5 / S), float(426 / S)); bd.angle = 0.0f; }
    else { bd.position.Set(float((pin - oy) / S), float((pin + ox) / S)); bd.angle = float(-M_PI / 2); }
    b2Body *panel = world.CreateBody(&bd);
    b2PolygonShape box;
    box.SetAsBox(float(393 / 2 / S), float(852 / 2 / S));
    b2FixtureDef fd;
    fd.shape = &box;
    fd.density = 1.5f;
    fd.friction = 0.0f;
    fd.restitution = 0.6f;
    panel->CreateFixture(&fd);
    b2RevoluteJointDef jd;
    jd.Initialize(anchor, panel, b2Vec2(float(pin / S), float(pin / S)));
    world.CreateJoint(&jd);
    const double accel = 1800.0 / S * (dismissing ? -1 : 1);  // m/s²
    const double dt = 1.0 / (60.0 * stepsPerFrame);
    const double rest = dismissing ? -90.0 : 0.0;
    bool struck = false;
    double previous = 90, before = 90;
    for (int frame = 1; frame <= 600; ++frame) {
        for (int i = 0; i < stepsPerFrame; ++i) {
            if (panel->IsAwake()) panel->ApplyForceToCenter(b2Vec2(0.0f, float(panel->GetMass() * accel)), false);
            world.Step(float(dt), 8, 3);
        }
        const double a = panel->GetAngle() * 180 / M_PI;
        const double away = dismissing ? a - rest : rest - a;
        if (away < 1) struck = true;
        if (struck && previous > before && previous > away && previous > 0.1 && result.swingCount < 8)
            result.swings[result.swingCount++] = previous;
        before = previous;
        previous = away;
        if (!panel->IsAwake()) { result.restSeconds = frame / 60.0; break; }
    }
    return result;
}
