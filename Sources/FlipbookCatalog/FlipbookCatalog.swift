// FlipbookCatalog: the seed apps and ready-made transitions, written as iOS app code.
import Flipbook
