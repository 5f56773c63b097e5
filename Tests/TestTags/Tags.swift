import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Trait where Self == ConditionTrait {
  /// The end-to-end runs of the feed and the long property and fuzz suites, most of the suite's
  /// time: skipped when `SECTIONAL_FAST_TESTS` is set, so `SECTIONAL_FAST_TESTS=1 swift test`
  /// runs the rest in seconds. CI runs everything.
  package static var slow: Self {
    let value = getenv("SECTIONAL_FAST_TESTS").map { String(cString: $0) } ?? "0"
    return .disabled(
      if: !["", "0"].contains(value), "a slow suite, skipped while SECTIONAL_FAST_TESTS is set")
  }
}
