import CommandSupport
import SyncImage

extension Quickdo {
  /// Starts `quickdo sync` in sync's image without parsing the command line here, when
  /// the line is a plain sync (`SyncSettings(plainLine:)`), for the no-change sync's time.
  /// Any other line is parsed as usual, so that its messages name `quickdo sync`. Returns
  /// only when the line is not a plain sync or there is no image.
  public static func runPlainSyncInImage() {
    let arguments = GlobalOptionsPlacement.normalize(Array(CommandLine.arguments.dropFirst()))
    guard arguments.first == "sync", SyncSettings(plainLine: arguments.dropFirst()) != nil else { return }
    SyncImage.run(arguments: Array(arguments.dropFirst()))
  }
}
