import Flipbook
import Foundation
import Testing
import TestSupport

@testable import FlipbookCatalog

/// The `card-flip` scene the CLI renders, and the deck's paging.
@MainActor
@Suite(.freshRuntime) struct CardFlipSceneTests {
    @Test func catalogRegistersItsScenes() {
        var registry = SceneRegistry()
        CatalogScenes.register(in: &registry)
        #expect(registry.names == ["card-flip", "card-flip-swipe", "drop-out", "nav-tab-modal", "feed-zoom", "feed-zoom-ios18"])
        #expect(registry.scene(named: "card-flip").map { ObjectIdentifier($0) } == ObjectIdentifier(CardFlipScene.self))
    }

    /// Runs the scene as the exporter does (start, then frame by frame) and records what is
    /// presented at a few times.
    @Test func sceneTapsPresentsAndDismisses() {
        let scene = CardFlipScene(size: CGSize(width: 393, height: 852))
        #expect(scene.rootLayer === scene.driver.window.layer)
        #expect(scene.rootLayer.bounds.size == CGSize(width: 393, height: 852))
        let deck = scene.driver.rootViewController
        scene.start()
        var seen: [String] = []
        let fps = 30.0
        for i in 0...Int(scene.duration * fps) {
            let t = Double(i) / fps
            scene.update(elapsed: t)
            let state: String
            if let reveal = deck?.presentedViewController as? RevealViewController {
                state = reveal.isBeingPresented ? "presenting" : reveal.isBeingDismissed ? "dismissing" : "revealed"
            } else {
                state = "deck"
            }
            if seen.last != state { seen.append(state) }
        }
        #expect(seen == ["deck", "presenting", "revealed", "dismissing", "deck"])
    }

    @Test func sceneFallsBackForBadSizes() {
        #expect(UIScreen.Device.fitting(CGSize(width: -1, height: CGFloat.nan)) == .iPhone15)
        #expect(UIScreen.Device.fitting(CGSize(width: 375, height: 667)) == .iPhoneSE)
        #expect(UIScreen.Device.fitting(CGSize(width: 500, height: 500)).size == CGSize(width: 500, height: 500))
    }

    @Test func deckPagesThroughEveryPet() throws {
        let app = CardFlipApp()
        var names = [try #require(app.card).pet.name]
        while app.deck.turnPage(.forward, animated: true) {
            app.driver.advance(by: 0.5)
            names.append(try #require(app.card).pet.name)
        }
        #expect(names == Pet.all.map(\.name))
        #expect(app.deck.children.count == 1)
        #expect(app.deck.turnPage(.forward) == false)
        #expect(app.deck.turnPage(.reverse, animated: false))
        #expect(app.card?.pet == Pet.all[Pet.all.count - 2])
        let card = try #require(app.card)
        #expect(card.view.superview != nil && card.view.window === app.driver.window)
        #expect(card.view.frame == app.driver.window.bounds)
    }
}
