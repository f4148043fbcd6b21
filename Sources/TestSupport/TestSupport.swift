// TestSupport: recorders and helpers shared by the test targets.
import Flipbook
