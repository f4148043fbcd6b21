print("QuartzBenchmark: not written yet")
