import SyncImage

extension Quickdo {
  /// Starts `quickdo sync` in sync's image, without parsing the command line here first,
  /// when the line is a plain sync: global options and at most one of `--dry-run`,
  /// `--status` and `--retry`, every form the image's parser reads as this one would. This
  /// spares the no-change sync one parse of every command's options. Any other line
  /// (help, a typo, a combination to refuse) is parsed as usual, so its messages name
  /// `quickdo sync`. Returns only when the line is not a plain sync or there is no image.
  public static func runPlainSyncInImage() {
    let arguments = GlobalOptionsPlacement.normalize(Array(CommandLine.arguments.dropFirst()))
    guard arguments.first == "sync", isPlainSync(arguments.dropFirst()) else { return }
    SyncImage.run(arguments: Array(arguments.dropFirst()))
  }

  /// Whether `arguments` (after `sync`) are `--db`/`--config` with their values and at most
  /// one of the sync's own flags.
  static func isPlainSync(_ arguments: ArraySlice<String>) -> Bool {
    var flags = 0
    var rest = arguments
    while let argument = rest.popFirst() {
      if GlobalOptionsPlacement.globalOptions.contains(argument) {
        guard let value = rest.popFirst(), !value.hasPrefix("-") else { return false }
      } else if GlobalOptionsPlacement.globalOptions.contains(where: { argument.hasPrefix($0 + "=") }) {
        continue
      } else if ["--dry-run", "--status", "--retry"].contains(argument) {
        flags += 1
      } else {
        return false
      }
    }
    return flags <= 1
  }
}
