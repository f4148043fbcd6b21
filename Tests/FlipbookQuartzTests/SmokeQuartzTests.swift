import Testing

@Test func quartzModuleBuilds() { #expect(Bool(true)) }
