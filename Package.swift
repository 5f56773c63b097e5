// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Sectional",
  products: [
    .library(name: "SectionalDiff", targets: ["SectionalDiff"]),
    .library(name: "SectionalLayout", targets: ["SectionalLayout"]),
    .library(name: "Sectional", targets: ["Sectional"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "SectionalDiff"),
    .target(name: "SectionalLayout", dependencies: ["SectionalDiff"]),
    .target(name: "Sectional", dependencies: ["SectionalDiff", "SectionalLayout"]),
    .executableTarget(
      name: "sectional-bench",
      dependencies: ["SectionalDiff", "SectionalLayout", "Sectional"]
    ),
    .testTarget(name: "SectionalDiffTests", dependencies: ["SectionalDiff"]),
    .testTarget(name: "SectionalLayoutTests", dependencies: ["SectionalLayout", "SectionalDiff"]),
    .testTarget(name: "SectionalTests", dependencies: ["Sectional"]),
  ],
  swiftLanguageModes: [.v6]
)
