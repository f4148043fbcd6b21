print("RenderBenchmark: not written yet")
