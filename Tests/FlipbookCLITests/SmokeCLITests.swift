import Testing

@Test func cliModuleBuilds() { #expect(Bool(true)) }
