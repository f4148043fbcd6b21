import Testing

@Test func catalogModuleBuilds() { #expect(Bool(true)) }
