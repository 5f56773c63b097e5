// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Sectional",
  products: [
    .library(name: "SectionalDiff", targets: ["SectionalDiff"]),
    .library(name: "SectionalLayout", targets: ["SectionalLayout"]),
  ],
  dependencies: [],
  targets: [
    .target(name: "SectionalDiff"),
    .target(name: "SectionalLayout", dependencies: ["SectionalDiff"]),
    .executableTarget(
      name: "sectional-bench",
      dependencies: ["SectionalDiff", "SectionalLayout"]
    ),
    .testTarget(name: "SectionalDiffTests", dependencies: ["SectionalDiff"]),
    .testTarget(name: "SectionalLayoutTests", dependencies: ["SectionalLayout", "SectionalDiff"]),
  ],
  swiftLanguageModes: [.v6]
)
