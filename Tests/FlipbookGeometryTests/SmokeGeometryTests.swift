import Testing

@Test func geometryModuleBuilds() { #expect(Bool(true)) }
