#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The benchmark harness: runs scenarios, times them with the thread's CPU clock, prints one
// JSON object per line. No test code lives here and no test times anything.

/// One scenario: a measured operation and, optionally, the in-run baselines it is compared with.
struct Scenario {
  var name: String
  var n: Int
  var baselineName: String?
  /// Fields printed after the standard ones, e.g. bytes counts.
  var extraFields: () -> [(String, JSONValue)] = { [] }
  /// Runs once per timed repetition; `setUp` is not timed.
  var measured: Sample
  var baseline: Sample?
  /// Further baselines, each printed as `<key>`, `<key>_median_ms` and `<key>_speedup`.
  var otherBaselines: [(key: String, name: String, sample: Sample)] = []
  /// Timed samples per side (fewer for a side whose one run takes half a second or more).
  var runs = 11
  /// When set, the measured median over the baseline's is printed under this name too (a goal
  /// stated as "at most so many times the baseline's time").
  var measuredOverBaselineKey: String?
  /// Times both sides by the wall clock: for a latency that includes waiting on another thread
  /// (the first frame of a file parsed on a task of its own), which the thread's CPU clock does
  /// not count.
  var wallClock = false
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

/// How long one timed sample lasts at least: a run shorter than this is repeated within the
/// sample, so a sample is thousands of times the clock's resolution and a scheduler tick or one
/// page fault is a small part of it.
let sampleTargetMilliseconds = 10.0

/// A side whose single run takes this long gets at most `longRuns` samples: its median is
/// already steady, and a multi-second baseline timed 11 times would make the run minutes long.
let longRunMilliseconds = 500.0
let longRuns = 7

/// What one sample may spend on its repetitions, set-ups included.
let setUpBudgetMilliseconds = 250.0

/// The clock `cpuMilliseconds` reads: the thread's CPU clock, or the wall clock for a scenario
/// that asks for it (see `Scenario.wallClock`). Set while one scenario is measured.
nonisolated(unsafe) var timingClock = CLOCK_THREAD_CPUTIME_ID

/// The CPU time `body` takes on this thread, in milliseconds.
///
/// CPU time, not the wall clock: on a shared machine a process loses the core to its neighbours
/// for milliseconds at a time, and the wall clock counts those gaps as the sample's own time (one
/// side of a ratio timed in a busy second read twice as slow). The thread's CPU clock counts only
/// the time this thread ran, in user and kernel mode, so page faults and system calls stay in.
@inline(__always)
func cpuMilliseconds(_ body: () -> Void) -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(timingClock, &start)
  body()
  clock_gettime(timingClock, &end)
  return Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6
}

/// The median time of one run of each sample, the samples timed in turns (a, b, c, a, b, c, …).
///
/// In turns, every side sees the same machine: the same load from its neighbours, the same
/// allocator state and the same frequency, rather than one side all of a quiet stretch and the
/// other all of a busy one. Each sample's first run is untimed: it warms the code and tells how
/// many runs a sample needs to last ``sampleTargetMilliseconds``. When a sample repeats its run,
/// one more untimed run starts it, so a side that another side's turn evicted from the cache is
/// timed warm, as it runs in use.
func medians(of samples: [Sample], runs: Int) -> [Double] {
  var setUps: [Double] = []
  let single = samples.map { sample -> Double in
    setUps.append(cpuMilliseconds { sample.setUp() })
    return cpuMilliseconds { sample.run() }
  }
  // Repetitions until the timed runs last the target, within a budget for the untimed set-ups
  // (a reset that reloads 100,000 sections cannot be paid 250 times a sample).
  let repetitions = zip(single, setUps).map { run, setUp in
    let wanted = Int((sampleTargetMilliseconds / max(run, 1e-6)).rounded(.up))
    let affordable = Int(setUpBudgetMilliseconds / max(run + setUp, 1e-6))
    return max(1, min(wanted, affordable))
  }
  let counts = single.map { $0 >= longRunMilliseconds ? min(runs, longRuns) : runs }
  var times = [[Double]](repeating: [], count: samples.count)
  for round in 0..<(counts.max() ?? 0) {
    for (index, sample) in samples.enumerated() where round < counts[index] {
      if repetitions[index] > 1 {
        sample.setUp()
        sample.run()
      }
      var total = 0.0
      for _ in 0..<repetitions[index] {
        sample.setUp()
        total += cpuMilliseconds { sample.run() }
      }
      times[index].append(total / Double(repetitions[index]))
    }
  }
  return times.map { $0.sorted()[$0.count / 2] }
}

/// With `SECTIONAL_BENCH_PROFILE=N` in the environment, each scenario runs only its measured
/// sample, N times, and prints nothing: a profiler then sees our code, not the baselines.
/// `SECTIONAL_BENCH_PROFILE_SIDE=baseline` runs the baseline instead, to see what a ratio's
/// other side spends its time on.
let profileRuns = getenv("SECTIONAL_BENCH_PROFILE").flatMap { Int(String(cString: $0)) }
let profilesBaseline = getenv("SECTIONAL_BENCH_PROFILE_SIDE").map { String(cString: $0) } == "baseline"

/// Times `scenario` in this process and returns its JSON line.
func measure(_ scenario: Scenario) -> String? {
  if let profileRuns {
    let sample = profilesBaseline ? (scenario.baseline ?? scenario.measured) : scenario.measured
    for _ in 0..<profileRuns {
      sample.setUp()
      collectedRun(sample.run)
    }
    return nil
  }
  let samples =
    [scenario.measured] + (scenario.baseline.map { [$0] } ?? []) + scenario.otherBaselines.map(\.sample)
  timingClock = scenario.wallClock ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID
  defer { timingClock = CLOCK_THREAD_CPUTIME_ID }
  let times = medians(of: samples, runs: scenario.runs)
  let median = times[0]
  var fields: [(String, JSONValue)] = [
    ("benchmark", .string(scenario.name)),
    ("n", .integer(scenario.n)),
    ("median_ms", .number(median)),
  ]
  var others = times.dropFirst()
  if scenario.baseline != nil, let baselineName = scenario.baselineName {
    let baselineMedian = others.removeFirst()
    fields += [
      ("baseline", .string(baselineName)),
      ("baseline_median_ms", .number(baselineMedian)),
      ("speedup", .number(baselineMedian / median)),
    ]
    if let key = scenario.measuredOverBaselineKey { fields.append((key, .number(median / baselineMedian))) }
  } else {
    fields += [("baseline", .null), ("baseline_median_ms", .null), ("speedup", .null)]
  }
  for (other, otherMedian) in zip(scenario.otherBaselines, others) {
    fields += [
      (other.key, .string(other.name)),
      ("\(other.key)_median_ms", .number(otherMedian)),
      ("\(other.key)_speedup", .number(otherMedian / median)),
    ]
  }
  fields += scenario.extraFields()
  return "{" + fields.map { "\"\($0.0)\": \($0.1.encoded)" }.joined(separator: ", ") + "}"
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
