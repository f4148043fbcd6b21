import Testing

@Test func physicsModuleBuilds() { #expect(Bool(true)) }
