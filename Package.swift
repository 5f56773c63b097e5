// swift-tools-version: 6.0
import PackageDescription

let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

let package = Package(
  name: "Sectional",
  products: [
    .library(name: "SectionalDiff", targets: ["SectionalDiff"]),
    .library(name: "SectionalLayout", targets: ["SectionalLayout"]),
    .library(name: "Sectional", targets: ["Sectional"]),
    .library(name: "SectionalTerminal", targets: ["SectionalTerminal"]),
    .library(name: "SectionalTesting", targets: ["SectionalTesting"]),
    .executable(name: "feed", targets: ["feed"]),
    .executable(name: "badges", targets: ["badges"]),
    .executable(name: "shelves", targets: ["shelves"]),
    .executable(name: "backgrounds", targets: ["backgrounds"]),
    .executable(name: "self-sizing", targets: ["self-sizing"]),
    .executable(name: "rows", targets: ["rows"]),
    .executable(name: "live", targets: ["live"]),
  ],
  dependencies: [],
  targets: [
    // libm is linked explicitly on Linux: an app that depends on one product alone must link
    // (rounding and floating-point helpers come from it).
    .target(name: "SectionalDiff", linkerSettings: libm),
    .target(name: "SectionalLayout", dependencies: ["SectionalDiff"], linkerSettings: libm),
    .target(name: "Sectional", dependencies: ["SectionalDiff", "SectionalLayout"], linkerSettings: libm),
    .target(name: "SectionalTerminal", dependencies: ["Sectional"], linkerSettings: libm),
    // What a client's test target imports to test its own section controllers; it depends on
    // neither XCTest nor Swift Testing (its failures are thrown errors both report).
    .target(
      name: "SectionalTesting", dependencies: ["Sectional", "SectionalTerminal"], linkerSettings: libm),
    // Not a product: the one seeded generator the sample, the benchmark and the tests share.
    .target(name: "SeededRandom"),
    .target(name: "FeedKit", dependencies: ["SectionalTerminal", "SeededRandom"], path: "Samples/FeedKit"),
    .executableTarget(name: "feed", dependencies: ["FeedKit"], path: "Samples/Feed"),
    .executableTarget(name: "badges", dependencies: ["FeedKit"], path: "Samples/Badges"),
    .executableTarget(name: "shelves", dependencies: ["FeedKit"], path: "Samples/Shelves"),
    .executableTarget(name: "backgrounds", dependencies: ["FeedKit"], path: "Samples/Backgrounds"),
    .executableTarget(name: "self-sizing", dependencies: ["FeedKit"], path: "Samples/SelfSizing"),
    .executableTarget(name: "rows", dependencies: ["FeedKit"], path: "Samples/Rows"),
    // A starting point to copy: it depends on the library products alone.
    .executableTarget(name: "live", dependencies: ["Sectional", "SectionalTerminal"], path: "Samples/Live"),
    .executableTarget(
      name: "sectional-bench",
      dependencies: [
        "SectionalDiff", "SectionalLayout", "Sectional", "SectionalTerminal", "FeedKit", "SeededRandom",
      ]
    ),
    // Not a product: the `.slow` trait every test target shares.
    .target(name: "TestTags", path: "Tests/TestTags"),
    .testTarget(name: "SectionalDiffTests", dependencies: ["SectionalDiff", "SeededRandom", "TestTags"]),
    .testTarget(
      name: "SectionalLayoutTests",
      dependencies: ["SectionalLayout", "SectionalDiff", "SeededRandom", "TestTags"]),
    .testTarget(
      name: "SectionalTests", dependencies: ["Sectional", "SectionalTesting", "SeededRandom", "TestTags"],
      exclude: ["Snapshots"]),
    .testTarget(
      name: "SectionalTerminalTests",
      dependencies: ["SectionalTerminal", "FeedKit", "SeededRandom", "TestTags"]),
    .testTarget(
      name: "FuzzTests", dependencies: ["Sectional", "SectionalTerminal", "SeededRandom", "TestTags"]),
    .testTarget(
      name: "FeedTests",
      dependencies: [
        "FeedKit", "SectionalTerminal", "SectionalTesting", "TestTags",
        // The samples' own code is in their executables, which the tests import.
        "badges", "shelves", "backgrounds", "self-sizing", "rows",
      ],
      exclude: ["Snapshots"]),
  ],
  swiftLanguageModes: [.v6]
)
