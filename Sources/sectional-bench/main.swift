// sectional-bench [--processes N] [name-prefix]: runs the scenarios whose names start with the
// prefix (all when none is given), each in fresh processes of its own, and prints one JSON object
// per line per scenario.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor
func registry() -> [(name: String, make: () -> Scenario)] {
  diffScenarios() + layoutScenarios() + adapterScenarios() + renderScenarios() + feedScenarios()
    + snapshotScenarios() + compositionalScenarios() + compositionalApplyScenarios()
}

@MainActor
func runBenchmarks() -> Int32 {
  let options: BenchOptions
  do {
    options = try BenchOptions(CommandLine.arguments.dropFirst())
  } catch {
    printError("\(error)\n\(BenchOptions.usage)")
    return 64
  }
  if options.help {
    print(BenchOptions.usage)
    return 0
  }
  let scenarios = registry()
  // The child of a run in processes: one scenario, exactly by name.
  if let name = options.scenario {
    guard let scenario = scenarios.first(where: { $0.name == name }) else {
      printError("no scenario named \(name)")
      return 64
    }
    let made = scenario.make()
    if options.describe {
      let over = made.measuredOverBaselineKey.map { "\"\($0)\"" } ?? "null"
      print("{\"has_baseline\": \(made.baseline == nil ? 0 : 1), \"measured_over_baseline\": \(over)}")
      return 0
    }
    if let line = measure(made) { print(line) }
    return 0
  }
  let selected = scenarios.filter { $0.name.hasPrefix(options.prefix) }
  guard !selected.isEmpty else {
    printError("no scenario starts with \"\(options.prefix)\"")
    return 64
  }
  if options.list {
    for scenario in selected { print(scenario.name) }
    return 0
  }
  // A profiler follows one process: profiling runs the measured samples here.
  if profileRuns != nil || options.inProcess {
    for scenario in selected {
      if let line = measure(scenario.make()) {
        print(line)
        fflush(nil)
      }
    }
    return 0
  }
  var failed = false
  for scenario in selected {
    var lines: [String] = []
    for _ in 0..<options.processes {
      switch runChild(scenario: scenario.name) {
      case .success(let line): lines.append(line)
      case .failure(let failure):
        printError("\(scenario.name): \(failure.message)")
        failed = true
      }
    }
    guard !lines.isEmpty else { continue }
    var line = options.processes == 1 ? lines[0] : aggregate(lines, processes: options.processes)
    if options.instructions {
      switch countedInstructions(scenario: scenario.name) {
      case .success(let fields):
        line = String(line.dropLast()) + fields.map { ", \"\($0.0)\": \($0.1.encoded)" }.joined() + "}"
      case .failure(let failure):
        printError("\(scenario.name): \(failure.message)")
        failed = true
      }
    }
    print(line)
    fflush(nil)
  }
  return failed ? 1 : 0
}

exit(MainActor.assumeIsolated { runBenchmarks() })
