#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

#Preview("Inbox") { InboxViewController() }

#Preview("Compose sheet", traits: .landscapeLeft) { ComposeViewController() }

#Preview("Unread badge", traits: .sizeThatFitsLayout) {
    let label = UILabel()
    label.text = "12 unread"
    label.backgroundColor = .systemRed
    label.textColor = .white
    label.frame = CGRect(x: 0, y: 0, width: 120, height: 32)
    return label
}
