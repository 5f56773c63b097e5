// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Sectional",
  products: [
    .library(name: "SectionalDiff", targets: ["SectionalDiff"]),
    .library(name: "SectionalLayout", targets: ["SectionalLayout"]),
    .library(name: "Sectional", targets: ["Sectional"]),
    .library(name: "SectionalTerminal", targets: ["SectionalTerminal"]),
    .executable(name: "feed", targets: ["feed"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "SectionalDiff"),
    .target(name: "SectionalLayout", dependencies: ["SectionalDiff"]),
    .target(name: "Sectional", dependencies: ["SectionalDiff", "SectionalLayout"]),
    .target(name: "SectionalTerminal", dependencies: ["Sectional"]),
    // Not a product: the one seeded generator the sample, the benchmark and the tests share.
    .target(name: "SeededRandom"),
    .target(name: "FeedKit", dependencies: ["SectionalTerminal", "SeededRandom"], path: "Samples/FeedKit"),
    .executableTarget(name: "feed", dependencies: ["FeedKit"], path: "Samples/Feed"),
    .executableTarget(
      name: "sectional-bench",
      dependencies: [
        "SectionalDiff", "SectionalLayout", "Sectional", "SectionalTerminal", "FeedKit", "SeededRandom",
      ]
    ),
    .testTarget(name: "SectionalDiffTests", dependencies: ["SectionalDiff", "SeededRandom"]),
    .testTarget(
      name: "SectionalLayoutTests", dependencies: ["SectionalLayout", "SectionalDiff", "SeededRandom"]),
    .testTarget(name: "SectionalTests", dependencies: ["Sectional"]),
    .testTarget(name: "SectionalTerminalTests", dependencies: ["SectionalTerminal", "FeedKit", "SeededRandom"]),
    .testTarget(name: "FeedTests", dependencies: ["FeedKit", "SectionalTerminal"], exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
