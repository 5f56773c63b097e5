import SeededRandom
import Testing

@testable import Sectional

/// An adapter pairs each new object with the current object of the same identity, whatever the
/// model's layout in an existential: a value stored inline or boxed, smaller than a word,
/// over-aligned, a class reference, an enum with payloads, larger than the inline buffer.
@MainActor
@Suite struct ModelPairingTests {
  /// One byte, aligned to 16: an existential boxes it (its alignment exceeds the buffer's).
  /// The identifier in its low seven bits, the version's parity in the high one.
  @_alignment(16) struct AlignedByte: ListDiffable, Equatable {
    var bits: UInt8
    init(id: Int, version: Int) { bits = UInt8(id) | UInt8(version % 2) << 7 }
    var diffIdentifier: UInt8 { bits & 0x7F }
  }

  /// One byte and a flag, stored inline in a fraction of the buffer.
  struct SmallValue: ListDiffable, Equatable {
    var id: UInt8
    var version: Bool
    var diffIdentifier: UInt8 { id }
  }

  /// Five words: larger than the inline buffer, so boxed.
  struct LargeValue: ListDiffable, Equatable {
    var id: Int
    var version: Int
    var a = 1, b = 2, c = 3
    var diffIdentifier: Int { id }
  }

  /// A class: identity of the model is its identifier, content its version.
  final class Reference: ListDiffable {
    let id: Int
    let version: Int
    init(id: Int, version: Int) {
      self.id = id
      self.version = version
    }
    var diffIdentifier: Int { id }
    func isEqual(toDiffableObject other: Reference) -> Bool { version == other.version }
  }

  /// An enum whose cases carry payloads of different sizes.
  enum Shape: ListDiffable, Equatable {
    case dot(UInt8)
    case line(Int, version: Int)
    case label(Int, String)
    var diffIdentifier: Int {
      switch self {
      case .dot(let id): Int(id)
      case .line(let id, _), .label(let id, _): id
      }
    }
  }

  /// Hands out the objects it holds and a controller that remembers the identity it was made for.
  func source(_ objects: [any ListDiffable]) -> ClosureSource {
    ClosureSource(objects) { Controller(madeFor: AnyDiffIdentifier($0)) }
  }

  final class Controller: SectionController {
    let madeFor: AnyDiffIdentifier
    var updates = 0
    init(madeFor: AnyDiffIdentifier) { self.madeFor = madeFor }
    override func didUpdate(to object: any ListDiffable) { updates += 1 }
  }

  func makeAdapter(_ source: ClosureSource) -> ListAdapter {
    let adapter = ListAdapter(
      collectionView: CollectionView(layout: FlowLayout(), size: Size(width: 20, height: 10)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    return adapter
  }

  /// Applies `next` and checks that every section's controller is the one made for its identity
  /// (the same object as before the update for a surviving identity), and that exactly the new
  /// controllers and the changed objects were told `didUpdate`, as `diff` reports them.
  func update(
    _ adapter: ListAdapter, _ source: ClosureSource, to next: [any ListDiffable],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let old = adapter.objects
    let before = Dictionary(
      uniqueKeysWithValues: adapter.objects.indices.map {
        (AnyDiffIdentifier(adapter.objects[$0]), adapter.sectionController(forSection: $0) as! Controller)
      })
    let updatesBefore = Dictionary(uniqueKeysWithValues: before.map { ($0.key, $0.value.updates) })
    let expected = diff(old: old, new: next)
    source.objects = next
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(adapter.objects.count == next.count, sourceLocation: sourceLocation)
    var mispaired = 0
    var wrongUpdates = 0
    var updated = Set<Int>()
    for (section, object) in next.enumerated() {
      let identity = AnyDiffIdentifier(object)
      let controller = adapter.sectionController(forSection: section) as! Controller
      if controller.madeFor != identity { mispaired += 1 }
      if let previous = before[identity], previous !== controller { mispaired += 1 }
      let told = controller.updates - (updatesBefore[identity] ?? 0)
      if told > 0 { updated.insert(section) }
      if told > 1 { wrongUpdates += 1 }
    }
    // The new sections and the sections whose object changed.
    let reported = Set(expected.inserts).union(
      expected.updates.map { expected.newIndex(for: AnyDiffIdentifier(old[$0]))! })
    #expect(
      mispaired == 0, "objects paired with another identity's controller", sourceLocation: sourceLocation)
    #expect(wrongUpdates == 0 && updated == reported, sourceLocation: sourceLocation)
    #expect(adapter.collectionView.diagnostics.isEmpty, sourceLocation: sourceLocation)
  }

  /// 40 times, 64 objects replaced by 64 others with new identifiers: none may take a controller
  /// of another identity (the in-place container comparison, removed, took 165 of them for a
  /// boxed one-byte model).
  func replaceAll(
    _ make: (Int, Int) -> any ListDiffable, identifiers: Int = Int.max,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let source = source((0..<64).map { make($0, 0) })
    let adapter = makeAdapter(source)
    for round in 1...40 {
      let next = (0..<64).map { make((round * 64 + $0) % identifiers, 0) }
      update(adapter, source, to: next, sourceLocation: sourceLocation)
    }
  }

  /// Seeded runs that keep, move, change, insert and delete objects.
  func mix(
    _ make: (Int, Int) -> any ListDiffable, identifiers: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var rng = SplitMix64(seed: 2_828)
    var versions = [Int](repeating: 0, count: identifiers)
    func pick() -> [Int] {
      var ids = Array(0..<identifiers).shuffled(using: &rng)
      ids.removeLast(Int.random(in: 0...(identifiers / 2), using: &rng))
      return ids
    }
    var ids = pick()
    let source = source(ids.map { make($0, versions[$0]) })
    let adapter = makeAdapter(source)
    for _ in 0..<40 {
      for _ in 0..<Int.random(in: 0...8, using: &rng) {
        versions[Int.random(in: 0..<identifiers, using: &rng)] += 1
      }
      var next: [any ListDiffable]
      if Bool.random(using: &rng) {
        // The current list, most objects as they are (the common case), some made again.
        next = adapter.objects
        for (index, id) in ids.enumerated() where Int.random(in: 0..<4, using: &rng) == 0 {
          next[index] = make(id, versions[id])
        }
        if !next.isEmpty {
          let from = Int.random(in: 0..<next.count, using: &rng)
          let to = Int.random(in: 0..<next.count, using: &rng)
          next.insert(next.remove(at: from), at: to)
          ids.insert(ids.remove(at: from), at: to)
        }
      } else {
        ids = pick()
        next = ids.map { make($0, versions[$0]) }
      }
      update(adapter, source, to: next, sourceLocation: sourceLocation)
    }
  }

  static func shape(_ id: Int, _ version: Int) -> Shape {
    switch id % 3 {
    case 0 where version == 0 && id < 256: .dot(UInt8(id))
    case 1, 0: .line(id, version: version)
    default: .label(id, "label \(id) version \(version), long enough to be stored out of line")
    }
  }

  @Test func aBoxedOneByteOverAlignedModelKeepsItsControllers() {
    #expect(MemoryLayout<AlignedByte>.size == 1 && MemoryLayout<AlignedByte>.alignment == 16)
    replaceAll({ AlignedByte(id: $0, version: $1) }, identifiers: 128)
    mix({ AlignedByte(id: $0, version: $1) }, identifiers: 90)
  }

  @Test func aSubWordModelKeepsItsControllers() {
    replaceAll({ SmallValue(id: UInt8($0), version: $1 % 2 == 1) }, identifiers: 256)
    mix({ SmallValue(id: UInt8($0), version: $1 % 2 == 1) }, identifiers: 90)
  }

  @Test func aLargeModelKeepsItsControllers() {
    #expect(MemoryLayout<LargeValue>.size > 24)
    replaceAll { LargeValue(id: $0, version: $1) }
    mix({ LargeValue(id: $0, version: $1) }, identifiers: 90)
  }

  @Test func aClassModelKeepsItsControllers() {
    replaceAll { Reference(id: $0, version: $1) }
    mix({ Reference(id: $0, version: $1) }, identifiers: 90)
  }

  @Test func anEnumModelWithPayloadsKeepsItsControllers() {
    replaceAll { Self.shape($0, $1) }
    mix({ Self.shape($0, $1) }, identifiers: 90)
  }

  @Test func mixedModelsKeepTheirControllers() {
    // The same identifier in several types: different identities.
    let make: (Int, Int) -> any ListDiffable = { id, version in
      switch id % 5 {
      case 0: AlignedByte(id: id / 5 % 128, version: version)
      case 1: SmallValue(id: UInt8(id / 5), version: version % 2 == 1)
      case 2: LargeValue(id: id / 5, version: version)
      case 3: Reference(id: id / 5, version: version)
      default: Self.shape(id / 5, version)
      }
    }
    replaceAll(make, identifiers: 1_280)
  }

  /// A list that keeps every object and adds some after them (a feed read slice by slice) pairs
  /// as any other update: the current controllers stay in their sections, the new objects get
  /// new ones, and a repeat (of a current identifier, or twice among the new) is dropped and
  /// reported. A changed object before the end is an ordinary update again.
  @Test func objectsAddedAtTheEndPairAsAnyUpdate() {
    var objects: [any ListDiffable] = (0..<5).map { LargeValue(id: $0, version: 0) }
    let source = source(objects)
    let adapter = makeAdapter(source)
    for round in 0..<4 {
      objects += (0..<3).map { LargeValue(id: 5 + round * 3 + $0, version: 0) as any ListDiffable }
      update(adapter, source, to: objects)
    }
    let before = (0..<objects.count).map { adapter.sectionController(forSection: $0) }
    source.objects =
      objects + [
        LargeValue(id: 2, version: 0), LargeValue(id: 90, version: 0), LargeValue(id: 90, version: 1),
      ]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(adapter.objects.count == objects.count + 1)
    #expect(
      zip(before, (0..<objects.count).map { adapter.sectionController(forSection: $0) }).allSatisfy {
        $0 === $1
      })
    #expect(adapter.collectionView.diagnostics.map(\.kind) == [.duplicateIdentifiers])
    #expect(adapter.collectionView.numberOfSections == objects.count + 1)
    adapter.collectionView.diagnostics = DiagnosticLog()
    objects = adapter.objects
    objects[3] = LargeValue(id: 3, version: 1)
    objects.append(LargeValue(id: 91, version: 0))
    update(adapter, source, to: objects)
  }
}
