// The sample package's own `flipbook`: the tool over its scene and every #Preview linked in.
import FlipbookTool
import SampleTransitions

await FlipbookTool.main(scenes: [ComposeScene.self])
