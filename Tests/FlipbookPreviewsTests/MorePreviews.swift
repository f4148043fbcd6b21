import Flipbook

// A second file: its previews are found too, and a name used twice is reported and kept.
#Preview("Card deck") { SwatchViewController(color: .systemOrange, title: "Another deck") }

#Preview(body: { SwatchViewController(color: .systemPurple, title: "Labelled body") })
