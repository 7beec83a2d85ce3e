import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The three standard descriptors, kept taken. When quickdo is started with one closed,
/// the database would be opened on it, and an id printed to "stdout" written into the
/// database file. A closed one is reopened on /dev/null read-only: writes to it fail with
/// an error the command reports, reads see end of file.
package enum StandardStreams {
  package static func keepReserved() {
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
      let opened = open("/dev/null", O_RDONLY)
      if opened >= 0, opened != fd {
        dup2(opened, fd)
        close(opened)
      }
    }
  }
}
