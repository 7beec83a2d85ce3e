import Foundation
import Testing

@testable import WebPush

/// RFC 8291's worked example (Appendix A), and what must not open.
@Suite struct PushMessageTests {
  static func bytes(_ base64URL: String) -> [UInt8] {
    var text = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return Array(Data(base64Encoded: text)!)
  }

  static let keys = PushKeys(
    privateKey: bytes("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"),
    authSecret: bytes("BTBZMqHH6r4Tts7J_aSIgg"))
  static let body = bytes(
    "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN")

  @Test func opensTheRFCExample() throws {
    let plaintext = try PushMessage.decrypt(Self.body, keys: Self.keys)
    #expect(String(decoding: plaintext, as: UTF8.self) == "When I grow up, I want to be a watermelon")
  }

  @Test func publicKeyIsTheUncompressedPoint() throws {
    #expect(try Self.keys.publicKey().base64URL
      == "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
  }

  @Test func anotherKeyDoesNotOpenIt() {
    #expect(throws: PushMessage.Refusal.self) { try PushMessage.decrypt(Self.body, keys: .generate()) }
    var other = Self.keys
    other.authSecret[0] ^= 1
    #expect(throws: PushMessage.Refusal("it does not decrypt with this subscription's key")) {
      try PushMessage.decrypt(Self.body, keys: other)
    }
  }

  @Test func changedBytesDoNotOpen() {
    var body = Self.body
    body[body.count - 20] ^= 0x40
    #expect(throws: PushMessage.Refusal.self) { try PushMessage.decrypt(body, keys: Self.keys) }
  }

  @Test func garbageAndOversizedAreRefusedInWords() {
    for body in [[], [UInt8](repeating: 7, count: 20), [UInt8](repeating: 0xFF, count: 300), Array(Self.body.prefix(90))] {
      #expect(throws: PushMessage.Refusal.self) { try PushMessage.decrypt(body, keys: Self.keys) }
    }
    #expect(throws: PushMessage.Refusal("it is 10485760 bytes, more than 8192")) {
      try PushMessage.decrypt([UInt8](repeating: 1, count: 10 << 20), keys: Self.keys)
    }
  }

  @Test func freshKeysDiffer() throws {
    let first = PushKeys.generate(), second = PushKeys.generate()
    #expect(first != second)
    #expect(first.authSecret.count == 16)
    #expect(try first.publicKey().count == 65)
  }
}
