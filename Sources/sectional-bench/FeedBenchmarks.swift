import FeedKit
import Foundation  // the benchmark's baseline only: JSONSerialization
import Sectional
import SectionalTerminal

/// What `feed FILE` does before its first frame when printed: the whole file parsed, the cards,
/// the adapter and the layout built, a 200×60 frame drawn. Returns the frame's bytes.
@MainActor
func loadWhole(_ bytes: [UInt8]) -> [UInt8] {
  guard let document = try? FeedDocument.parse(bytes) else { fatalError("the generated file parses") }
  let list = FeedList(document: document, width: 200, height: 60)
  let viewer = ListViewer(
    adapter: list.adapter,
    renderer: TextRenderer(registry: FeedList.registry, environment: DrawEnvironment(colors: .trueColor)),
    columns: 200, rows: 60, title: document.title)
  return viewer.frameBytes()
}

/// What `feed FILE` starts in a terminal: an empty 200×60 feed, its viewer, and the loader
/// parsing `bytes` on a task of its own.
@MainActor
func startLoading(_ bytes: [UInt8]) -> (FeedList, ListViewer, FeedLoader) {
  let list = FeedList(document: FeedDocument(title: "Feed", cards: []), width: 200, height: 60)
  let viewer = ListViewer(
    adapter: list.adapter,
    renderer: TextRenderer(registry: FeedList.registry, environment: DrawEnvironment(colors: .trueColor)),
    columns: 200, rows: 60)
  let loader = FeedLoader(list: list, name: "feed.json")
  loader.start(bytes)
  return (list, viewer, loader)
}

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
            frameBytes.value = loadWhole(bytes).count
          },
          runs: 3)
      }
    ),
    (
      "feed.first-frame.200k",
      {
        // What `feed FILE` does in a terminal before its first frame: start parsing the file on a
        // task of its own, show the first cards read, draw. Baseline: the whole load before the
        // first frame (feed.load.200k's measured side). Wall clock: the first frame waits on
        // the parsing task.
        let bytes = BuiltInFeed.generatedFile(count: 200_000, seed: 1)
        return Scenario(
          name: "feed.first-frame.200k", n: 200_000, baselineName: "the whole load, then the first frame",
          measured: Sample {
            let (list, viewer, loader) = startLoading(bytes)
            while list.document.cards.isEmpty {
              loader.takeArrivals()
              loader.showNextSlice()
              if list.document.cards.isEmpty { usleep(100) }
            }
            blackHole(viewer.frameBytes())
            // The rest is not read: the next sample starts on a quiet machine.
            loader.cancel()
            while !loader.hasEnded { usleep(100) }
          },
          baseline: Sample {
            blackHole(loadWhole(bytes))
          },
          runs: 3, wallClock: true)
      }
    ),
    (
      "feed.live-load.200k",
      {
        // The whole 200,000-card file loaded as the terminal loads it: parsed on a task, the
        // cards shown a slice per turn of the loop, a frame drawn after each, to the last card.
        // Baseline: the whole load at once (feed.load.200k's measured side). Wall clock: the
        // slices wait on the parsing task.
        let bytes = BuiltInFeed.generatedFile(count: 200_000, seed: 1)
        let slices = Box(0)
        return Scenario(
          name: "feed.live-load.200k", n: 200_000, baselineName: "the whole load at once",
          extraFields: { [("slices", .integer(slices.value)), ("goal_load_ratio", .number(1.5))] },
          measured: Sample {
            let (list, viewer, loader) = startLoading(bytes)
            slices.value = 0
            while loader.isLoading {
              loader.takeArrivals()
              if loader.hasPendingCards {
                loader.showNextSlice()
                slices.value += 1
                blackHole(viewer.frameBytes())
              } else {
                usleep(100)
              }
            }
            precondition(list.document.cards.count == 200_000, "feed.live-load.200k: every card is shown")
          },
          baseline: Sample {
            blackHole(loadWhole(bytes))
          },
          runs: 3, measuredOverBaselineKey: "load_ratio", wallClock: true)
      }
    ),
  ]
}
