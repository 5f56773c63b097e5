import Sectional
import SectionalTesting
import XCTest

/// The kit under XCTest: a throwing test method reports a `HarnessFailure` as its failure, so
/// the same calls serve both frameworks. (XCTest runs test methods on the main thread.)
final class HarnessXCTests: XCTestCase {
  func testExpandingACardUnderXCTest() throws {
    try MainActor.assumeIsolated {
      let card = card("x", extras: 2)
      let harness = try cardHarness([card], size: Size(width: 48, height: 30))
      try harness.select(item: 4, inSectionOf: card)
      XCTAssertEqual(harness.numberOfItems(inSectionOf: card), 8)
      XCTAssertTrue(try harness.render().contains("Extra 1 of x"))
      XCTAssertThrowsError(try harness.update(to: [card, card])) { error in
        XCTAssertTrue("\(error)".contains("[duplicate-identifiers]"))
      }
    }
  }
}
