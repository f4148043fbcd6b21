import Testing

@Test func uikitModuleBuilds() { #expect(Bool(true)) }
