import Crypto
import Foundation

/// What a Web Push subscription is encrypted to (RFC 8291): this agent's P-256 key pair
/// and the auth secret it shares with the sender. The private half and the secret stay in
/// the database; the server gets the public key and the secret when it subscribes.
public struct PushKeys: Equatable, Sendable {
  /// The private key's 32 bytes.
  public var privateKey: [UInt8]
  /// 16 random bytes.
  public var authSecret: [UInt8]

  public init(privateKey: [UInt8], authSecret: [UInt8]) {
    self.privateKey = privateKey
    self.authSecret = authSecret
  }

  /// A fresh key pair and secret from the system's random source.
  public static func generate() -> PushKeys {
    var secret = [UInt8](repeating: 0, count: 16)
    var generator = SystemRandomNumberGenerator()
    for index in secret.indices { secret[index] = generator.next() }
    return PushKeys(
      privateKey: Array(P256.KeyAgreement.PrivateKey().rawRepresentation), authSecret: secret)
  }

  /// The public key as the server is given it: the uncompressed point (65 bytes).
  public func publicKey() throws -> [UInt8] {
    Array(try P256.KeyAgreement.PrivateKey(rawRepresentation: privateKey).publicKey.x963Representation)
  }
}

extension Array where Element == UInt8 {
  /// Base64url without padding (RFC 7515 §2), as Web Push writes keys.
  public var base64URL: String {
    Data(self).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}
