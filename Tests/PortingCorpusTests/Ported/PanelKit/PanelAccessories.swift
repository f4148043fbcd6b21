//
//  PanelAccessories.swift
//  PanelKit
//
//  Views a host chooses by class: the grabber kind is kept as a metatype, and decorations come
//  from a generic factory. UIKit makes both through Objective-C's `-init`, whatever the class.
//

#if canImport(UIKit)
import UIKit
#else
import Flipbook
#endif

/// The grabber drawn at the top of a panel; hosts choose its class with `grabberType`.
open class PanelGrabberView: UIView {
    open var thickness: CGFloat { 5 }
}

/// A thicker, rounder grabber.
public final class PanelPillGrabberView: PanelGrabberView {
    public override var thickness: CGFloat { 8 }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = 4
    }

    public required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// A decoration for the panel's surface, made by class and never touchable.
public func makePanelDecoration<T: UIView>(_ type: T.Type) -> T {
    let decoration = flipbookPortMake(T.self, "init()", [
        (UIView.self, { UIView() }),
        (PanelGrabberLabel.self, { PanelGrabberLabel() }),
        (PanelGrabberView.self, { PanelGrabberView() }),
        (PanelPillGrabberView.self, { PanelPillGrabberView() }),
        (SpinnerButton.self, { SpinnerButton() }),
        (TipView.self, { TipView() }),
        (ToastIconView.self, { ToastIconView() }),
        (ToastProgressBar.self, { ToastProgressBar() }),
    ])
    decoration.isUserInteractionEnabled = false
    return decoration
}

extension PanelViewController {
    /// Puts a grabber of `grabberType` at the top of the surface.
    public func installGrabber() {
        let grabber = flipbookPortMake(grabberType, "init(frame:)", [
            (PanelGrabberView.self, { PanelGrabberView(frame: .zero) }),
            (PanelPillGrabberView.self, { PanelPillGrabberView(frame: .zero) }),
        ])
        grabber.frame = CGRect(x: (surface.bounds.width - 36) / 2, y: 8, width: 36, height: grabber.thickness)
        surface.addSubview(grabber)
        self.grabber = grabber
    }
}

/// A row of the panel's list, laid out in Interface Builder: it is only ever loaded from its nib.
public final class PanelRowCell: UITableViewCell {
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        accessoryType = .disclosureIndicator
    }

    #if canImport(Flipbook)
    /// Flipbook makes registered classes through this initialiser (flipbook port). PanelRowCell has no
    /// `init(style:reuseIdentifier:)`, so it cannot be made by class: UIKit stops here too ("unimplemented initializer").
    public required convenience init(registeredReuseIdentifier: String?) {
        fatalError("PanelRowCell has no init(style:reuseIdentifier:), so it cannot be made by class (register its nib, or give it init(style:reuseIdentifier:))")
    }
    #endif
}
