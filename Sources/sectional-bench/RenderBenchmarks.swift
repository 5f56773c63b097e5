import FeedKit
import Sectional
import SectionalTerminal
import SeededRandom

/// A 10,000-card generated feed in a 200×60 viewer drawing in true colour, as `feed` does.
@MainActor
func benchViewer(cards: Int = 10_000) -> (FeedList, ListViewer) {
  let document = FeedDocument(title: "Bench", cards: BuiltInFeed.generated(count: cards, seed: 1))
  let list = FeedList(document: document, width: 200, height: 60)
  let viewer = ListViewer(
    adapter: list.adapter,
    renderer: TextRenderer(registry: FeedList.registry, environment: DrawEnvironment(colors: .trueColor)),
    columns: 200,
    rows: 60, title: document.title)
  return (list, viewer)
}

/// The render scenarios of the terminal front. Bytes are what a terminal receives.
@MainActor
func renderScenarios() -> [(String, () -> Scenario)] {
  [
    (
      "render.frame",
      {
        // A jump to a far part of the feed: nearly every cell changes. Measured: query, paint
        // and the diffing encoder. Baseline: query, paint and every cell written.
        let (list, viewer) = benchViewer()
        let fullEncoder = Box(FrameEncoder(colors: .trueColor))
        var random = SplitMix64(seed: 5)
        @MainActor func jump(_ random: inout SplitMix64) {
          let maximum = list.collectionView.maximumContentOffsetY
          list.collectionView.setContentOffset(
            Point(x: 0, y: Double(random.next() % UInt64(max(1, maximum)))))
        }
        return Scenario(
          name: "render.frame", n: 10_000, baselineName: "full frame, no diffing",
          extraFields: {
            // The bytes of 20 jumps of their own, after one to a known place: the timed runs jump
            // as often as their timing asks, so their last frame is not the same in every process.
            var jumps = SplitMix64(seed: 7)
            jump(&jumps)
            _ = viewer.frameBytes()
            var bytes = 0
            var baselineBytes = 0
            for _ in 0..<20 {
              jump(&jumps)
              bytes += viewer.frameBytes().count
              baselineBytes += fullEncoder.value.encodeFull(viewer.render()).count
            }
            return [
              ("bytes", .integer(bytes / 20)), ("baseline_bytes", .integer(baselineBytes / 20)),
              ("bytes_ratio", .number(Double(bytes) / Double(max(1, baselineBytes)))),
            ]
          },
          measured: Sample(
            setUp: { jump(&random) },
            run: { blackHole(viewer.frameBytes().count) }),
          baseline: Sample(
            setUp: { jump(&random) },
            run: { blackHole(fullEncoder.value.encodeFull(viewer.render()).count) }))
      }
    ),
    (
      "render.scroll",
      {
        // 500 one-line scrolls, each drawn. Goal: bytes per scroll ≤ 10% of a full frame's.
        let (list, viewer) = benchViewer()
        let fullEncoder = Box(FrameEncoder(colors: .trueColor))
        let bytes = Box(0)
        let baselineBytes = Box(0)
        let scrolls = 500
        return Scenario(
          name: "render.scroll", n: scrolls, baselineName: "full frame per scroll",
          extraFields: {
            [
              ("bytes", .integer(bytes.value)), ("baseline_bytes", .integer(baselineBytes.value)),
              ("bytes_ratio", .number(Double(bytes.value) / Double(max(1, baselineBytes.value)))),
              ("goal_bytes_ratio", .number(0.10)),
            ]
          },
          measured: Sample(
            setUp: {
              list.collectionView.setContentOffset(.zero)
              _ = viewer.frameBytes()
            },
            run: {
              var total = 0
              for _ in 0..<scrolls {
                viewer.handle(.down)
                total += viewer.frameBytes().count
              }
              bytes.value = total / scrolls
            }),
          baseline: Sample(
            setUp: { list.collectionView.setContentOffset(.zero) },
            run: {
              var total = 0
              for _ in 0..<scrolls {
                viewer.handle(.down)
                total += fullEncoder.value.encodeFull(viewer.render()).count
              }
              baselineBytes.value = total / scrolls
            }))
      }
    ),
    (
      "render.toggle",
      {
        // Expanding the card at the top of the view: the cards below move down. Goal: bytes
        // ≤ 40% of a full frame's.
        let (list, viewer) = benchViewer()
        let fullEncoder = Box(FrameEncoder(colors: .trueColor))
        let bytes = Box(0)
        let baselineBytes = Box(0)
        let section = 500
        @MainActor func controller() -> FeedCardController {
          list.adapter.sectionController(forSection: section) as! FeedCardController
        }
        @MainActor func reset() {
          if controller().isExpanded { controller().toggle() }
          let top = list.collectionView.collectionViewLayout.layoutAttributesForItem(
            at: IndexPath(item: 0, section: section))!
          list.collectionView.setContentOffset(Point(x: 0, y: top.frame.minY - 2))
          _ = viewer.frameBytes()
        }
        return Scenario(
          name: "render.toggle", n: 10_000, baselineName: "full frame after the toggle",
          extraFields: {
            [
              ("bytes", .integer(bytes.value)), ("baseline_bytes", .integer(baselineBytes.value)),
              ("bytes_ratio", .number(Double(bytes.value) / Double(max(1, baselineBytes.value)))),
              ("goal_bytes_ratio", .number(0.40)),
            ]
          },
          measured: Sample(
            setUp: reset,
            run: {
              controller().toggle()
              bytes.value = viewer.frameBytes().count
            }),
          baseline: Sample(
            setUp: reset,
            run: {
              controller().toggle()
              baselineBytes.value = fullEncoder.value.encodeFull(viewer.render()).count
            }))
      }
    ),
    (
      "render.animate",
      {
        // An expansion played at 60 frames a second: the 12 frames of a 200 ms transition,
        // each painted and diffed against the one before. Baseline: the same still frame (the
        // end state) painted and written whole, as often. frame_ratio is one over the other per
        // frame; bytes per frame against a whole frame's.
        let (list, viewer) = benchViewer()
        let fullEncoder = Box(FrameEncoder(colors: .trueColor))
        let frames = 12
        let bytes = Box(0)
        let baselineBytes = Box(0)
        let section = 500
        @MainActor func controller() -> FeedCardController {
          list.adapter.sectionController(forSection: section) as! FeedCardController
        }
        @MainActor func expand() {
          if controller().isExpanded { controller().setExpanded(false, animated: false) }
          let top = list.collectionView.collectionViewLayout.layoutAttributesForItem(
            at: IndexPath(item: 0, section: section))!
          list.collectionView.setContentOffset(Point(x: 0, y: top.frame.minY - 2))
          _ = viewer.frameBytes()
          controller().toggle()
          precondition(list.collectionView.transition != nil, "render.animate: the toggle animates")
        }
        return Scenario(
          name: "render.animate", n: 10_000, baselineName: "the still frame, written whole",
          extraFields: {
            [
              ("frames", .integer(frames)),
              ("bytes", .integer(bytes.value)), ("baseline_bytes", .integer(baselineBytes.value)),
              ("bytes_ratio", .number(Double(bytes.value) / Double(max(1, baselineBytes.value)))),
              ("goal_bytes_ratio", .number(0.25)), ("goal_frame_ratio", .number(1.2)),
            ]
          },
          measured: Sample(
            setUp: expand,
            run: {
              var total = 0
              for frame in 1...frames {
                total += viewer.frameBytes(atTransitionProgress: Double(frame) / Double(frames)).count
              }
              bytes.value = total / frames
            }),
          baseline: Sample(
            setUp: {
              expand()
              list.collectionView.finishTransition()
            },
            run: {
              var total = 0
              for _ in 1...frames { total += fullEncoder.value.encodeFull(viewer.render()).count }
              baselineBytes.value = total / frames
            }),
          // Both sides draw `frames` frames: the ratio of their medians is the ratio per frame.
          measuredOverBaselineKey: "frame_ratio")
      }
    ),
    (
      "render.update",
      {
        // A live feed's update: 1% of 10,000 cards change (every 100th card's title, the first
        // on screen among them), applied with performUpdates and drawn. Goal: bytes ≤ 10% of a
        // full frame's. Baseline: the same update, the frame written whole.
        let (list, viewer) = benchViewer()
        let fullEncoder = Box(FrameEncoder(colors: .trueColor))
        let bytes = Box(0)
        let baselineBytes = Box(0)
        let original = list.document
        var changed = original
        for index in stride(from: 0, to: changed.cards.count, by: 100) {
          changed.cards[index].title += " (updated)"
        }
        @MainActor func showOriginal() {
          list.replace(with: original)
          list.collectionView.setContentOffset(.zero)
          _ = viewer.frameBytes()
        }
        return Scenario(
          name: "render.update", n: 10_000, baselineName: "the same update, full frame",
          extraFields: {
            [
              ("changed_cards", .integer(changed.cards.count / 100)),
              ("bytes", .integer(bytes.value)), ("baseline_bytes", .integer(baselineBytes.value)),
              ("bytes_ratio", .number(Double(bytes.value) / Double(max(1, baselineBytes.value)))),
              ("goal_bytes_ratio", .number(0.10)),
            ]
          },
          measured: Sample(
            setUp: showOriginal,
            run: {
              list.replace(with: changed)
              bytes.value = viewer.frameBytes().count
            }),
          baseline: Sample(
            setUp: showOriginal,
            run: {
              list.replace(with: changed)
              baselineBytes.value = fullEncoder.value.encodeFull(viewer.render()).count
            }))
      }
    ),
  ]
}

/// A mutable value shared by a scenario's closures.
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
