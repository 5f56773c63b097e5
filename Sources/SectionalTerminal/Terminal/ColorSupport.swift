/// What a program's user asked of colour, as in `--color auto|always|never`.
public enum ColorChoice: String, Sendable, CaseIterable {
  /// Decide from the environment and whether the output is a terminal.
  case auto
  /// Colour even into a pipe (at the depth the environment names, 16 colours at least).
  case always
  /// No colour.
  case never
}

/// Decides how many colours to write, the way well-behaved command-line programs do:
///
/// 1. `--color never` → none; `--color always` → colour even into a pipe.
/// 2. `NO_COLOR` (set and not empty) → none.
/// 3. `CLICOLOR_FORCE` or `FORCE_COLOR` (set, not `0`/`false`) → colour even into a pipe;
///    `FORCE_COLOR=1|2|3` picks 16, 256 or true colour.
/// 4. Not a terminal, or `TERM=dumb` → none.
/// 5. `COLORTERM=truecolor|24bit` → true colour; `TERM` naming `256color` → 256; `direct` or
///    `truecolor` in `TERM` → true colour; otherwise 16.
///
/// An app passes what it got from its user and draws with the answer:
/// `DrawEnvironment(colors: ColorSupport.depth(choice: .auto))`.
public enum ColorSupport {
  /// The colour depth for output to `fd` (standard output by default), from `choice`, whether
  /// `fd` is a terminal and the process environment.
  public static func depth(choice: ColorChoice = .auto, output fd: Int32 = 1) -> ColorDepth {
    depth(
      choice: choice, isTerminal: TerminalSession.isTerminal(fd), environment: TerminalSession.environment)
  }

  /// The colour depth from `choice`, whether the output `isTerminal`, and `environment` (a
  /// variable's value by name, nil when unset): the rules above, for a program that reads its
  /// environment another way, or a test.
  public static func depth(
    choice: ColorChoice, isTerminal: Bool, environment: (String) -> String?
  ) -> ColorDepth {
    func set(_ name: String) -> String? {
      guard let value = environment(name), !value.isEmpty else { return nil }
      return value
    }
    var forced = false
    var forcedDepth: ColorDepth?
    switch choice {
    case .never: return .none
    case .always: forced = true
    case .auto:
      if set("NO_COLOR") != nil { return .none }
      for name in ["FORCE_COLOR", "CLICOLOR_FORCE"] {
        guard let value = set(name), value != "0", value.lowercased() != "false" else { continue }
        forced = true
        if name == "FORCE_COLOR" {
          switch value {
          case "1": forcedDepth = .ansi16
          case "2": forcedDepth = .ansi256
          case "3": forcedDepth = .trueColor
          default: break
          }
        }
      }
    }
    if let forcedDepth { return forcedDepth }
    let term = (set("TERM") ?? "").lowercased()
    if !forced && (!isTerminal || term == "dumb") { return .none }
    let colorTerm = (set("COLORTERM") ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
    if term.contains("direct") || term.contains("truecolor") { return .trueColor }
    if term.contains("256color") { return .ansi256 }
    return .ansi16
  }
}
