// A small harness around Debian's Box2D 2.4 (libbox2d-dev): the physics benchmark's reference.
#include "box2d_harness.h"
#include <box2d/box2d.h>
#include <time.h>

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
