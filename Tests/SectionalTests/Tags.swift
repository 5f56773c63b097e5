import Foundation
import Testing

extension Trait where Self == ConditionTrait {
  /// The end-to-end runs of the feed and the long property and fuzz suites, most of the suite's
  /// time: skipped when `SECTIONAL_FAST_TESTS` is set, so `SECTIONAL_FAST_TESTS=1 swift test`
  /// runs the rest in a few seconds. CI runs everything.
  static var slow: Self {
    .disabled(
      if: !["", "0"].contains(ProcessInfo.processInfo.environment["SECTIONAL_FAST_TESTS"] ?? "0"),
      "a slow suite, skipped while SECTIONAL_FAST_TESTS is set")
  }
}
