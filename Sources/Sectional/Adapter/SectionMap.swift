/// The adapter's section map: the objects on screen, one per section, the controller serving
/// each, and how a new list of objects pairs with the current one. It knows nothing of the
/// collection view: the adapter turns what changed into a batch.
@MainActor
final class SectionMap {
  /// The objects on screen, one per section, duplicates dropped.
  private(set) var objects: [any ListDiffable] = []
  /// `objects`' identities, boxed once per update.
  private(set) var identifiers: [AnyDiffIdentifier] = []
  /// Each section's controller.
  private(set) var controllers: [SectionController] = []
  private var controllerByIdentifier: [AnyDiffIdentifier: SectionController] = [:]

  /// The controller serving `identifier`, or nil.
  func controller(for identifier: AnyDiffIdentifier) -> SectionController? {
    controllerByIdentifier[identifier]
  }

  /// Moves the section at `source` to `destination`, the ones between shifting by one: a
  /// section the user moves.
  func moveSection(from source: Int, to destination: Int) {
    guard source != destination, objects.indices.contains(source), objects.indices.contains(destination)
    else { return }
    objects.insert(objects.remove(at: source), at: destination)
    identifiers.insert(identifiers.remove(at: source), at: destination)
    controllers.insert(controllers.remove(at: source), at: destination)
    for index in min(source, destination)...max(source, destination) {
      controllers[index].sectionIndex = index
    }
  }

  /// Puts `object` in place of the object of the same identifier at `section`.
  func replaceObject(at section: Int, with object: any ListDiffable) { objects[section] = object }

  /// The controller's section now, or nil when it is not in the list. O(1).
  func section(for controller: SectionController) -> Int? {
    let index = controller.sectionIndex
    return controllers.indices.contains(index) && controllers[index] === controller ? index : nil
  }

  /// The outcome of asking the data source: its objects with duplicates dropped, their
  /// identities, a controller for each, and how they pair with the current list.
  struct Resolution {
    var objects: [any ListDiffable] = []
    var identifiers: [AnyDiffIdentifier] = []
    var controllers: [SectionController] = []
    /// For each new object, the index of the same identifier in the current list, or -1.
    var oldIndexes: [Int] = []
    /// For each new object, what pairing it with the current object of its identifier found
    /// about its content: the diff asks only where it is unknown.
    var contents: [Content] = []
    /// Indexes of the controllers the data source made for this update, ascending.
    var created: [Int] = []
    /// For each current section, whether its identifier is still in the list.
    var kept: [Bool] = []
    /// Identifiers of objects dropped as repeats of an earlier one.
    var duplicates: [AnyDiffIdentifier] = []
    /// Whether every current object stays, unchanged and in order, at the start of the new
    /// list: the update only adds sections at the end. Then `identifiers` and `controllers`
    /// hold only the added sections' (the current lists grow in place, not copied), and
    /// `oldIndexes`, `contents` and `kept` are not filled.
    var onlyAppends = false
  }

  /// What is known of a new object's content against the current object of its identifier.
  enum Content: UInt8 {
    /// Not compared yet (the object was found by its identifier, or is new).
    case unknown
    /// The same bits, or equal by `isEqual(toDiffableObject:)`.
    case unchanged
    /// Not equal: an update.
    case changed
  }

  /// The new objects (duplicates dropped) and a controller for each: the existing one for a
  /// surviving identifier, one from `makeController` otherwise.
  ///
  /// Most updates change a few objects, so an identifier is first compared with the current
  /// list at the offset where the previous one matched: a run of unchanged order matches without
  /// hashing. Only the first object of each run looks its identifier up.
  func resolve(
    _ all: [any ListDiffable], makeController: (any ListDiffable) -> SectionController
  ) -> Resolution {
    if let appended = resolveAppending(all, makeController: makeController) { return appended }
    var resolved = Resolution()
    resolved.identifiers.reserveCapacity(all.count)
    resolved.controllers.reserveCapacity(all.count)
    resolved.oldIndexes.reserveCapacity(all.count)
    resolved.contents.reserveCapacity(all.count)
    resolved.kept = Array(repeating: false, count: controllers.count)
    var createdIdentifiers: Set<AnyDiffIdentifier> = []
    // Positions in `all` of duplicates dropped; without any, `all` is the new list as it is.
    var dropped: [Int] = []
    var offset = 0
    // The current list through copies of its references: a data source that reloads from inside
    // `sectionControllerFor` replaces the adapter's lists while this reads them.
    let current = objects
    let currentIdentifiers = identifiers
    let currentControllers = controllers
    for position in all.indices {
      let index = resolved.controllers.count
      var old = index &+ offset
      let identifier: AnyDiffIdentifier
      var content = Content.unknown
      // Most objects of an update are the same value as before; the pairing opens both where
      // the arrays store them, without copying either out.
      let paired: DiffablePairing =
        old < 0 || old >= current.count ? .different : pairing(current, old, all, position)
      switch paired {
      case .identical, .equal:
        content = .unchanged
        identifier = currentIdentifiers[old]  // the same identity: nothing to box or hash
      case .changed:
        content = .changed
        identifier = currentIdentifiers[old]
      case .different:
        let object = all[position]
        identifier = AnyDiffIdentifier(object)
        old = controllerByIdentifier[identifier]?.sectionIndex ?? -1
        // A controller the data source gave for two objects knows only one of its sections.
        if old >= 0 && (old >= currentIdentifiers.count || currentIdentifiers[old] != identifier) {
          old = -1
        }
      }
      let controller: SectionController
      if old >= 0 {
        guard !resolved.kept[old] else {
          dropped.append(position)
          resolved.duplicates.append(identifier)
          continue
        }
        resolved.kept[old] = true
        offset = old &- index
        controller = currentControllers[old]
      } else {
        guard createdIdentifiers.insert(identifier).inserted else {
          dropped.append(position)
          resolved.duplicates.append(identifier)
          continue
        }
        controller = makeController(all[position])
        resolved.created.append(index)
      }
      resolved.identifiers.append(identifier)
      resolved.controllers.append(controller)
      resolved.oldIndexes.append(old)
      resolved.contents.append(content)
    }
    if dropped.isEmpty {
      resolved.objects = all
    } else {
      resolved.objects.reserveCapacity(all.count - dropped.count)
      var next = 0
      for (position, object) in all.enumerated() {
        if next < dropped.count && dropped[next] == position {
          next += 1
        } else {
          resolved.objects.append(object)
        }
      }
    }
    return resolved
  }

  /// ``install(_:context:)`` for sections added at the end: the current ones keep everything.
  private func installAppended(_ resolved: Resolution, context: AdapterContext) {
    let first = controllers.count
    for (offset, controller) in resolved.controllers.enumerated() {
      controllerByIdentifier[resolved.identifiers[offset]] = controller
      controller.sectionIndex = first + offset
      controller.collectionContext = context
    }
    controllers.last?.isLastSection = false
    identifiers.append(contentsOf: resolved.identifiers)
    controllers.append(contentsOf: resolved.controllers)
    objects = resolved.objects
    controllers.first?.isFirstSection = true
    controllers.last?.isLastSection = true
  }

  /// ``resolve(_:makeController:)`` for a list that starts with every current object, unchanged
  /// and in order (a feed read slice by slice): the current lists are kept as they are and only
  /// the new objects are looked up, so the update costs one comparison per current object, not
  /// a pairing. Nil for any other list.
  private func resolveAppending(
    _ all: [any ListDiffable], makeController: (any ListDiffable) -> SectionController
  ) -> Resolution? {
    let current = objects
    guard !current.isEmpty, all.count >= current.count else { return nil }
    for index in current.indices {
      switch pairing(current, index, all, index) {
      case .identical, .equal: continue
      case .changed, .different: return nil
      }
    }
    var resolved = Resolution()
    resolved.onlyAppends = true
    var createdIdentifiers: Set<AnyDiffIdentifier> = []
    var dropped: [Int] = []
    for position in current.count..<all.count {
      let identifier = AnyDiffIdentifier(all[position])
      // A current identifier again, or a new one twice: a repeat, dropped as anywhere.
      guard controllerByIdentifier[identifier] == nil, createdIdentifiers.insert(identifier).inserted else {
        dropped.append(position)
        resolved.duplicates.append(identifier)
        continue
      }
      resolved.created.append(current.count + resolved.controllers.count)
      resolved.identifiers.append(identifier)
      resolved.controllers.append(makeController(all[position]))
    }
    if dropped.isEmpty {
      resolved.objects = all
    } else {
      resolved.objects = Array(all[..<current.count])
      var next = 0
      for position in current.count..<all.count {
        if next < dropped.count && dropped[next] == position {
          next += 1
        } else {
          resolved.objects.append(all[position])
        }
      }
    }
    return resolved
  }

  /// Makes the resolved list current: controllers that left lose their context, new ones get
  /// `context`, every controller learns its section, and the identifier map changes by what
  /// changed.
  func install(_ resolved: Resolution, context: AdapterContext) {
    if resolved.onlyAppends {
      installAppended(resolved, context: context)
      return
    }
    for (old, kept) in resolved.kept.enumerated() where !kept {
      controllerByIdentifier[identifiers[old]] = nil
    }
    for index in resolved.created {
      controllerByIdentifier[resolved.identifiers[index]] = resolved.controllers[index]
    }
    for (index, controller) in resolved.controllers.enumerated() { controller.sectionIndex = index }
    // A controller of a removed section leaves, unless it also serves a section of the new list
    // (a data source that hands out one controller twice).
    for (old, kept) in resolved.kept.enumerated() where !kept {
      let controller = controllers[old]
      let index = controller.sectionIndex
      guard index < 0 || index >= resolved.controllers.count || resolved.controllers[index] !== controller
      else { continue }
      controller.collectionContext = nil
      controller.sectionIndex = -1
      controller.isFirstSection = false
      controller.isLastSection = false
    }
    for index in resolved.created { resolved.controllers[index].collectionContext = context }
    controllers.first?.isFirstSection = false
    controllers.last?.isLastSection = false
    resolved.controllers.first?.isFirstSection = true
    resolved.controllers.last?.isLastSection = true
    objects = resolved.objects
    identifiers = resolved.identifiers
    controllers = resolved.controllers
  }
}
