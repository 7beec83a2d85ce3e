import Crypto
import Foundation

/// A Web Push message's content, decrypted (RFC 8291 over RFC 8188's `aes128gcm`). It is
/// proof that the message came from whoever holds the subscription's keys: a push service
/// or anyone else cannot make one that opens.
public enum PushMessage {
  /// The largest message opened. RFC 8030 lets a push service refuse more than 4096 bytes;
  /// a WebDAV-Push message is a topic and a sync token.
  public static let maxSize = 8192

  /// Why a message was not opened, in words for the log.
  public struct Refusal: Error, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// The plaintext of `body`, encrypted to `keys`.
  public static func decrypt(_ body: [UInt8], keys: PushKeys) throws(Refusal) -> [UInt8] {
    guard body.count <= maxSize else { throw Refusal("it is \(body.count) bytes, more than \(maxSize)") }
    // The header: salt (16), record size (4, big-endian), key id length (1), key id.
    guard body.count >= 21 else { throw Refusal("it is too short for an aes128gcm header") }
    let salt = Array(body[0..<16])
    let recordSize = body[16..<20].reduce(0) { $0 << 8 | Int($1) }
    let idLength = Int(body[20])
    guard recordSize >= 18, body.count >= 21 + idLength else { throw Refusal("its aes128gcm header is malformed") }
    let senderKey = Array(body[21..<21 + idLength])
    let records = Array(body[(21 + idLength)...])
    guard !records.isEmpty else { throw Refusal("it carries no content") }

    let ownKey: P256.KeyAgreement.PrivateKey
    let sender: P256.KeyAgreement.PublicKey
    let secret: SharedSecret
    do {
      ownKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: keys.privateKey)
      sender = try P256.KeyAgreement.PublicKey(x963Representation: senderKey)
      secret = try ownKey.sharedSecretFromKeyAgreement(with: sender)
    } catch {
      throw Refusal("its sender key is not a P-256 point")
    }
    // RFC 8291 §3.4: the key the auth secret and both public keys make.
    let keyInfo =
      Array("WebPush: info".utf8) + [0] + Array(ownKey.publicKey.x963Representation) + senderKey
    let inputKey = secret.withUnsafeBytes { shared in
      HKDF<SHA256>.deriveKey(
        inputKeyMaterial: SymmetricKey(data: Array(shared)), salt: keys.authSecret, info: keyInfo,
        outputByteCount: 32)
    }
    // RFC 8188 §2.2 and §2.3: the content key and the nonce.
    let contentKey = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: aes128gcm".utf8) + [0],
      outputByteCount: 16)
    let baseNonce = HKDF<SHA256>.deriveKey(
      inputKeyMaterial: inputKey, salt: salt, info: Array("Content-Encoding: nonce".utf8) + [0],
      outputByteCount: 12
    ).withUnsafeBytes { Array($0) }

    var plaintext: [UInt8] = []
    var start = 0
    var sequence: UInt64 = 0
    while start < records.count {
      let end = min(start + recordSize, records.count)
      let record = records[start..<end]
      guard record.count > 16 else { throw Refusal("a record is shorter than its tag") }
      var nonce = baseNonce
      for index in 0..<8 { nonce[11 - index] ^= UInt8(truncatingIfNeeded: sequence >> (8 * UInt64(index))) }
      let opened: [UInt8]
      do {
        let box = try AES.GCM.SealedBox(
          nonce: AES.GCM.Nonce(data: nonce), ciphertext: record.dropLast(16), tag: record.suffix(16))
        opened = Array(try AES.GCM.open(box, using: contentKey))
      } catch {
        throw Refusal("it does not decrypt with this subscription's key")
      }
      // Each record ends in a delimiter, 1 or 2 (the last), then zero padding.
      guard let delimiter = opened.lastIndex(where: { $0 != 0 }) else { throw Refusal("a record has no delimiter") }
      let isLast = end == records.count
      guard opened[delimiter] == (isLast ? 2 : 1) else { throw Refusal("its records are cut or out of order") }
      plaintext += opened[..<delimiter]
      start = end
      sequence += 1
    }
    return plaintext
  }
}
