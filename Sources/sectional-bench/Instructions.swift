#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `--instructions`: each side of a scenario counted under callgrind. A time ratio moves with the
// machine's load and memory; an instruction count, with hashing made deterministic, repeats
// exactly, so a change of a few percent can be read from one run. It says nothing of cache
// misses, which is why it is printed beside the time ratio rather than instead of it.

/// The function whose calls callgrind counts (`--toggle-collect`) and ends a dump after
/// (`--dump-after`): one timed run of a side. Not inlined, so its symbol exists and brackets the
/// run exactly.
@inline(never)
func collectedRun(_ body: () -> Void) { body() }

/// ``collectedRun(_:)``'s symbol: callgrind's `--dump-after` takes a name, not a pattern.
let collectedRunSymbol = "$s15sectional_bench12collectedRunyyyyXEF"

/// Runs of a side under callgrind: the first is dropped (it pays one-time costs the timed runs
/// never see, as the harness's untimed first run does), the others must agree.
let countedRuns = 3

/// The instructions one run of `side` ("measured" or "baseline") of `scenario` executes, from
/// runs under callgrind in a child process, or a failure.
func countInstructions(scenario: String, side: String) -> Result<Int, ChildFailure> {
  #if os(Linux)
    let executable = String(cString: realpath("/proc/self/exe", nil))
  #else
    let executable = CommandLine.arguments[0]
  #endif
  let output = "/tmp/sectional-bench-callgrind-\(getpid())-\(side)"
  // Without address randomisation: where the heap starts decides how memcpy and its kin align
  // their work, so the count moved a little from one process to the next.
  #if os(Linux)
    let launcher = ["setarch", "-R"]
  #else
    let launcher: [String] = []
  #endif
  let arguments =
    launcher + [
      "valgrind", "--tool=callgrind", "--callgrind-out-file=\(output)",
      "--toggle-collect=\(collectedRunSymbol)", "--dump-after=\(collectedRunSymbol)", executable,
      "--scenario", scenario,
    ]
  var environment: [String] = []
  var entry = environ
  while let pointer = entry.pointee {
    let text = String(cString: pointer)
    if !text.hasPrefix("SECTIONAL_BENCH_PROFILE") && !text.hasPrefix("SWIFT_DETERMINISTIC_HASHING=") {
      environment.append(text)
    }
    entry += 1
  }
  environment += [
    "SECTIONAL_BENCH_PROFILE=\(countedRuns + 1)", "SECTIONAL_BENCH_PROFILE_SIDE=\(side)",
    "SWIFT_DETERMINISTIC_HASHING=1",
  ]
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  // Valgrind's own report goes nowhere: the counts are read from the files.
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  let envp = environment.map { strdup($0) } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid = pid_t()
  let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp)
  guard spawned == 0 else {
    return .failure(ChildFailure("could not start \(arguments[0]): error \(spawned)"))
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  defer {
    unlink(output)
    for dump in 1...(countedRuns + 1) { unlink("\(output).\(dump)") }
  }
  guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
    return .failure(ChildFailure("valgrind ended with status \(status)"))
  }
  var counts: [Int] = []
  for dump in 2...(countedRuns + 1) {
    guard let count = callgrindTotal("\(output).\(dump)") else {
      return .failure(
        ChildFailure("no callgrind dump \(output).\(dump) (is \(collectedRunSymbol) the symbol?)"))
    }
    counts.append(count)
  }
  // The runs repeat the same work from the same set-up; the median keeps one whose allocator
  // happened to grow its heap from deciding the figure.
  return .success(counts.sorted()[counts.count / 2])
}

/// The instructions a callgrind dump counted (its `summary:` or `totals:` line).
func callgrindTotal(_ path: String) -> Int? {
  guard let file = fopen(path, "r") else { return nil }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 4096)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    for prefix in ["summary:", "totals:"] where text.hasPrefix(prefix) {
      let number = text.dropFirst(prefix.count).split(separator: " ").first.map { $0.filter(\.isNumber) }
      if let number, let value = Int(number) { return value }
    }
  }
  return nil
}

/// The instruction fields of a scenario's line: each side's count per run and their ratio
/// (baseline over measured, or measured over baseline when the scenario states its goal so).
func countedInstructions(scenario name: String) -> Result<[(String, JSONValue)], ChildFailure> {
  let described: [(key: String, value: JSONValue)]
  switch runChild(scenario: name, describe: true) {
  case .failure(let failure): return .failure(failure)
  case .success(let line): described = parseFlatObject(line)
  }
  var hasBaseline = false
  if case .integer(1) = described.first(where: { $0.key == "has_baseline" })?.value { hasBaseline = true }
  var overKey: String?
  if case .string(let key) = described.first(where: { $0.key == "measured_over_baseline" })?.value {
    overKey = key
  }
  let measuredCount: Int
  switch countInstructions(scenario: name, side: "measured") {
  case .failure(let failure): return .failure(failure)
  case .success(let count): measuredCount = count
  }
  var fields: [(String, JSONValue)] = [("measured_instructions", .integer(measuredCount))]
  guard hasBaseline else { return .success(fields) }
  switch countInstructions(scenario: name, side: "baseline") {
  case .failure(let failure): return .failure(failure)
  case .success(let baselineCount):
    fields.append(("baseline_instructions", .integer(baselineCount)))
    fields.append(("instructions_speedup", .number(Double(baselineCount) / Double(max(1, measuredCount)))))
    if let key = overKey {
      fields.append(("instructions_\(key)", .number(Double(measuredCount) / Double(max(1, baselineCount)))))
    }
    return .success(fields)
  }
}
