import FeedKit
import Foundation  // the benchmark's baseline only: JSONSerialization
import Sectional
import SectionalTerminal

/// The feed-file scenarios: a machine-written (one-line) feed file.
@MainActor
func feedScenarios() -> [(String, () -> Scenario)] {
  [
    (
      "json.parse.20k",
      {
        // 20,000 generated cards, minified. Baseline: Foundation's JSONSerialization on the same
        // bytes (it builds untyped dictionaries; ours keeps member order and offsets).
        let bytes = BuiltInFeed.generatedFile(count: 20_000, seed: 1)
        let data = Data(bytes)
        return Scenario(
          name: "json.parse.20k", n: 20_000, baselineName: "Foundation JSONSerialization",
          extraFields: { [("file_bytes", .integer(bytes.count))] },
          measured: Sample { blackHole(try? JSONParser.parse(bytes)) },
          baseline: Sample { blackHole(try? JSONSerialization.jsonObject(with: data)) })
      }
    ),
    (
      "feed.load.200k",
      {
        // What `feed FILE` does before the first frame: parse a 200,000-card minified file,
        // build the cards, the adapter and the layout, and draw a 200×60 frame.
        resetPeakResident()
        let bytes = BuiltInFeed.generatedFile(count: 200_000, seed: 1)
        let frameBytes = Box(0)
        return Scenario(
          name: "feed.load.200k", n: 200_000, baselineName: nil,
          extraFields: {
            [
              ("file_bytes", .integer(bytes.count)), ("frame_bytes", .integer(frameBytes.value)),
              ("peak_rss_mb", .number(peakResidentMegabytes())),
            ]
          },
          measured: Sample {
            guard let document = try? FeedDocument.parse(bytes) else {
              fatalError("the generated file parses")
            }
            let list = FeedList(document: document, width: 200, height: 60)
            let viewer = ListViewer(
              adapter: list.adapter,
              renderer: TextRenderer(
                registry: FeedList.registry, environment: DrawEnvironment(colors: .trueColor)),
              columns: 200, rows: 60, title: document.title)
            frameBytes.value = viewer.frameBytes().count
          },
          runs: 3)
      }
    ),
  ]
}
