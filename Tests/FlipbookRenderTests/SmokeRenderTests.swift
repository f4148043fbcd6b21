import Testing

@Test func renderModuleBuilds() { #expect(Bool(true)) }
