import SeededRandom
import Testing

@testable import Sectional

/// The core measures what a cell says, not how a front draws it: the terminal's brackets around a
/// button are its own measurer's to add.
@MainActor
@Suite struct CoreMeasureTests {
  @Test func aButtonIsItsLabelUntilAFrontMeasuresIt() {
    let view = CollectionView(size: Size(width: 40, height: 4))
    let button = CellDescriptor(
      reuseKind: "button", size: .exact(Size(width: 40, height: 1)), content: .button("View more"))
    #expect(view.measure(button, width: 40) == Size(width: 9, height: 1))
    #expect(view.measure(button, width: 5) == Size(width: 5, height: 1))
    view.measurer = { _, width in Size(width: min(width, 13), height: 1) }
    #expect(view.measure(button, width: 40) == Size(width: 13, height: 1))
  }
}
