import Foundation
import Testing
import TestSupport
@testable import FlipbookUIKit

/// UITableViewCell: accessories, selection styles and UIListContentConfiguration basics.
@Suite(.freshRuntime) @MainActor struct TableViewCellTests {
    private func cell(_ style: UITableViewCell.CellStyle = .default) -> UITableViewCell {
        let c = UITableViewCell(style: style, reuseIdentifier: "c")
        c.frame = CGRect(x: 0, y: 0, width: 375, height: 44)
        c.layoutIfNeeded()
        return c
    }

    /// The chevron (grey) and the checkmark (tint colour) end on the 16 pt trailing margin and
    /// shorten the content view by 38 pt; no accessory, no path.
    @Test func accessoriesAreDrawnOnTheTrailingMargin() {
        let c = cell()
        #expect(c.accessoryLayer.isHidden && c.contentView.frame.width == 375)
        c.accessoryType = .disclosureIndicator
        c.layoutIfNeeded()
        #expect(!c.accessoryLayer.isHidden)
        #expect(c.accessoryLayer.path?.boundingBox == CGRect(x: 352, y: 16, width: 7, height: 12))
        #expect(c.accessoryLayer.strokeColor == UIColor.systemGray3.cgColor)
        #expect(c.contentView.frame.width == 337)
        c.accessoryType = .checkmark
        c.layoutIfNeeded()
        #expect(c.accessoryLayer.path?.boundingBox == CGRect(x: 345, y: 16, width: 14, height: 11))
        #expect(c.accessoryLayer.strokeColor == c.tintColor.cgColor)
        // A custom accessory view replaces the drawn one.
        let custom = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        c.accessoryView = custom
        c.layoutIfNeeded()
        #expect(c.accessoryLayer.isHidden)
        #expect(custom.frame == CGRect(x: 329, y: 12, width: 30, height: 20))
        #expect(c.contentView.frame.width == 329)
    }

    /// `.default` selection shows the grey selected background under the content; `.none`
    /// shows nothing; a custom `selectedBackgroundView` is used instead of the grey one.
    @Test func selectionStyles() {
        let c = cell()
        c.isSelected = true
        let grey = c.defaultSelectedBackgroundStorage
        #expect(grey?.isHidden == false && grey?.backgroundColor?.cgColor == UIColor.systemGray4.cgColor)
        #expect(c.subviews.firstIndex { $0 === grey }! < c.subviews.firstIndex { $0 === c.contentView }!)
        c.selectionStyle = .none
        #expect(grey?.isHidden == true)
        c.isHighlighted = true
        #expect(grey?.isHidden == true)
        c.selectionStyle = .default
        c.isHighlighted = false
        c.isSelected = false
        let custom = UIView()
        c.selectedBackgroundView = custom
        c.setSelected(true, animated: false)
        #expect(!custom.isHidden && custom.frame == c.bounds)
        c.setSelected(false, animated: false)
        #expect(custom.isHidden)
    }

    /// `defaultContentConfiguration()` follows the cell style; a content configuration puts a
    /// list content view filling the content view (the built-in labels hide), and setting
    /// another list configuration updates the same view.
    @Test func listContentConfiguration() throws {
        let c = cell(.subtitle)
        c.textLabel?.text = "old"
        var config = c.defaultContentConfiguration()
        config.text = "Title"
        config.secondaryText = "Subtitle"
        config.image = UIImage(systemName: "star")
        c.contentConfiguration = config
        c.layoutIfNeeded()
        let view = try #require(c.contentView.subviews.compactMap { $0 as? UIListContentView }.first)
        #expect(view.frame == c.contentView.bounds)
        #expect(view.textLabel.text == "Title" && view.secondaryLabel.text == "Subtitle")
        #expect(view.imageView.image != nil)
        #expect(c.textLabel?.isHidden == true)
        var next = c.defaultContentConfiguration()
        next.text = "Again"
        c.contentConfiguration = next
        #expect(c.contentView.subviews.compactMap { $0 as? UIListContentView }.count == 1)
        #expect(view.textLabel.text == "Again")
        c.contentConfiguration = nil
        #expect(view.superview == nil)
    }
}
