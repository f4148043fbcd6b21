print("PhysicsBenchmark: not written yet")
