#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The benchmark harness: runs scenarios, times them with the monotonic clock, prints one JSON
// object per line. No test code lives here and no test times anything.

/// One scenario: a measured operation and, optionally, the in-run baseline it is compared with.
struct Scenario {
  var name: String
  var n: Int
  var baselineName: String?
  /// Fields printed after the standard ones, e.g. bytes counts.
  var extraFields: () -> [(String, JSONValue)] = { [] }
  /// Runs once per timed sample; `setUp` is not timed.
  var measured: Sample
  var baseline: Sample?
  /// Further baselines, each printed as `<key>`, `<key>_median_ms` and `<key>_speedup`.
  var otherBaselines: [(key: String, name: String, sample: Sample)] = []
  /// Whether the further baselines are timed in turns with the measured sample (see
  /// `alternatingMedians`) rather than after it. For work that starts cold either way (a diff
  /// allocating its tables); not for queries of two different structures, which would evict each
  /// other from the cache between turns and both run colder than they ever do in use.
  var alternatesOtherBaselines = false
  var runs = 7
}

/// A timed operation with an untimed preparation step before each run.
struct Sample {
  var setUp: () -> Void = {}
  var run: () -> Void
}

enum JSONValue {
  case number(Double)
  case integer(Int)
  case string(String)
  case null

  var encoded: String {
    switch self {
    case .number(let value):
      guard value.isFinite else { return "null" }
      let rounded = (value * 1000).rounded() / 1000
      return "\(rounded)"
    case .integer(let value): return "\(value)"
    case .string(let value): return "\"\(value)\""
    case .null: return "null"
    }
  }
}

/// Prevents the optimiser from discarding a result.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

func medianMilliseconds(of sample: Sample, runs: Int) -> Double {
  alternatingMedians(of: [sample], runs: runs)[0]
}

/// The median of each sample, timed in turns (a, b, a, b, …) after one warm-up each: two
/// engines doing the same work see the same machine, the same load from its neighbours and the
/// same state of the allocator, rather than one of them all of a quiet stretch and the other all
/// of a busy one.
func alternatingMedians(of samples: [Sample], runs: Int) -> [Double] {
  for sample in samples {
    sample.setUp()
    sample.run()  // warm-up
  }
  var times = [[Double]](repeating: [], count: samples.count)
  for _ in 0..<runs {
    for (index, sample) in samples.enumerated() {
      sample.setUp()
      let clock = ContinuousClock()
      let elapsed = clock.measure { sample.run() }
      let (seconds, attoseconds) = elapsed.components
      times[index].append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
  }
  return times.map { $0.sorted()[runs / 2] }
}

/// With `SECTIONAL_BENCH_PROFILE=N` in the environment, each scenario runs only its measured
/// sample, N times, and prints nothing: a profiler then sees our code, not the baselines.
let profileRuns = getenv("SECTIONAL_BENCH_PROFILE").flatMap { Int(String(cString: $0)) }

func run(_ scenario: Scenario) {
  if let profileRuns {
    for _ in 0..<profileRuns {
      scenario.measured.setUp()
      scenario.measured.run()
    }
    return
  }
  // Further baselines that are the same work done another way (an earlier engine) may be timed
  // in turns with the measured sample; the others are timed after it, as the main baseline is.
  let medians =
    scenario.alternatesOtherBaselines
    ? alternatingMedians(of: [scenario.measured] + scenario.otherBaselines.map(\.sample), runs: scenario.runs)
    : ([scenario.measured] + scenario.otherBaselines.map(\.sample)).map {
      medianMilliseconds(of: $0, runs: scenario.runs)
    }
  let median = medians[0]
  var fields: [(String, JSONValue)] = [
    ("benchmark", .string(scenario.name)),
    ("n", .integer(scenario.n)),
    ("median_ms", .number(median)),
  ]
  if let baseline = scenario.baseline, let baselineName = scenario.baselineName {
    let baselineMedian = medianMilliseconds(of: baseline, runs: scenario.runs)
    fields += [
      ("baseline", .string(baselineName)),
      ("baseline_median_ms", .number(baselineMedian)),
      ("speedup", .number(baselineMedian / median)),
    ]
  } else {
    fields += [("baseline", .null), ("baseline_median_ms", .null), ("speedup", .null)]
  }
  for (other, otherMedian) in zip(scenario.otherBaselines, medians.dropFirst()) {
    fields += [
      (other.key, .string(other.name)),
      ("\(other.key)_median_ms", .number(otherMedian)),
      ("\(other.key)_speedup", .number(otherMedian / median)),
    ]
  }
  fields += scenario.extraFields()
  let body = fields.map { "\"\($0.0)\": \($0.1.encoded)" }.joined(separator: ", ")
  print("{\(body)}")
}

/// Starts a new peak for ``peakResidentMegabytes()`` (Linux: `clear_refs` 5 resets the
/// high-water mark), so a scenario's figure is its own, not the largest of the run so far.
func resetPeakResident() {
  #if os(Linux)
    if let file = fopen("/proc/self/clear_refs", "w") {
      fputs("5", file)
      fclose(file)
    }
  #endif
}

/// The process's peak resident memory since the last ``resetPeakResident()`` (on Linux;
/// elsewhere since it started), in MiB.
func peakResidentMegabytes() -> Double {
  #if os(Linux)
    if let file = fopen("/proc/self/status", "r") {
      defer { fclose(file) }
      var line = [CChar](repeating: 0, count: 256)
      while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") {
          let kilobytes = text.dropFirst(6).filter(\.isNumber)
          if let value = Double(String(kilobytes)) { return value / 1024 }
        }
      }
    }
  #endif
  var usage = rusage()
  #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
  #endif
}
