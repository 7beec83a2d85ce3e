/// quickdo's version: what `--version` prints. The Debian package takes its version from
/// debian/changelog, and a test checks that the two agree.
package enum QuickdoVersion {
  package static let current = "0.2.0"
}
