// sectional-bench [name-prefix]: runs the scenarios whose names start with the prefix (all when
// none is given) and prints one JSON object per line.

@MainActor
func runBenchmarks() {
  let prefix = CommandLine.arguments.dropFirst().first ?? ""
  let registry =
    diffScenarios() + layoutScenarios() + adapterScenarios() + renderScenarios() + feedScenarios()
    + snapshotScenarios() + compositionalScenarios()
  for (name, make) in registry where name.hasPrefix(prefix) {
    run(make())
  }
}

MainActor.assumeIsolated { runBenchmarks() }
