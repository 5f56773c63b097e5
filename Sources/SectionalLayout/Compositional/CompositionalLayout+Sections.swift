import SectionalDiff

extension CompositionalLayout {
  /// Computes one section's model from its layout, the collection view's count and the
  /// preferred sizes measured so far. A model that no measure went into is kept when the
  /// definition, the count and the container are those it was made from: solving again would
  /// give it back (a reloaded or reconfigured item of exact size changes no frame).
  ///
  /// - Complexity: O(items in the section); O(the definition) when the model is kept.
  func computeSection(_ section: Int) {
    guard let collectionView else {
      sectionComputations += 1
      models[section] = SectionModel()
      return
    }
    var count = collectionView.numberOfItems(inSection: section)
    if count < 0 {
      report(.invalidSize, nil, "the collection view gave \(count) items in section \(section); used 0")
      count = 0
    }
    var definition = sectionLayout(for: section)
    let shape = definition.group.shape(deeperThan: Self.maximumGroupDepth)
    if shape.depth > Self.maximumGroupDepth {
      report(
        .invalidLayoutDefinition, IndexPath(item: 0, section: section),
        "section \(section)'s groups nest more than \(Self.maximumGroupDepth) deep; laid out as a list")
      definition.group = LayoutSection.list().group
    } else if !shape.placesItems {
      report(
        .invalidLayoutDefinition, IndexPath(item: 0, section: section),
        "section \(section)'s group places no items (no members, or a count of 0); laid out as a list")
      definition.group = LayoutSection.list().group
    }
    let inputs = SectionInputs(definition: definition, itemCount: count, container: sanitizedSize)
    let model: SectionModel
    if models[section].inputs == inputs {
      model = models[section]
    } else {
      sectionComputations += 1
      var solver = SectionSolver(
        layout: self, section: section, itemCount: count, container: sanitizedSize,
        preferredSizes: selfSizing.itemSizes, preferredSupplementarySizes: selfSizing.supplementarySizes)
      var solved = solver.solve(definition)
      // Measures went into it when an item or a boundary item sizes itself: it is not kept.
      let measured =
        solved.sizing.contains { !$0.isEmpty } || solved.boundaries.contains(where: \.isEstimated)
      solved.inputs = measured ? nil : inputs
      model = solved
    }
    let offset = orthogonalOffsets[section] ?? 0
    if model.scrollsSideways {
      orthogonalOffsets[section] = clampedOrthogonalOffset(offset, model: model)
    } else {
      orthogonalOffsets[section] = nil
    }
    for badge in model.badges {
      overhang.top = Swift.max(overhang.top, -badge.frame.minY)
      overhang.bottom = Swift.max(overhang.bottom, badge.frame.maxY - model.height)
    }
    if model.boundaries.contains(where: \.pins) { pinsSupplementaries = true }
    models[section] = model
  }

  /// An offset within a sideways row's content.
  func clampedOrthogonalOffset(_ offset: Double, model: SectionModel) -> Double {
    let limit = Swift.max(0, model.scrollWidth - model.band.width)
    return offset.isFinite ? Swift.min(Swift.max(0, offset), limit) : 0
  }
}
