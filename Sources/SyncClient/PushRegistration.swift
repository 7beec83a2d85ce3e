import Foundation

/// A Web Push subscription as the server made it (WebDAV-Push `push-register`'s answer).
public struct PushRegistration: Equatable, Sendable {
  /// The subscription's URL on the server, which a DELETE removes and `Push-Dont-Notify`
  /// names; on the account's origin.
  public var url: URL
  /// The endpoint it delivers to.
  public var endpoint: String
  /// Until when the server keeps it.
  public var expires: Date
  /// When it is renewed: halfway from its registration to its expiry, so that a server
  /// that grants minutes is renewed as surely as one that grants weeks.
  public var renewAt: Date

  public init(url: URL, endpoint: String, expires: Date, renewAt: Date) {
    self.url = url
    self.endpoint = endpoint
    self.expires = expires
    self.renewAt = renewAt
  }
}

/// What a subscription asks of the server: where to deliver, and the keys to encrypt to.
public struct PushRequest: Equatable, Sendable {
  /// The push service's URL for this subscription (the distributor's endpoint).
  public var endpoint: String
  /// The P-256 public key, uncompressed, and the auth secret, both base64url.
  public var publicKey: String
  public var authSecret: String
  /// Until when it is asked for.
  public var expires: Date

  public init(endpoint: String, publicKey: String, authSecret: String, expires: Date) {
    self.endpoint = endpoint
    self.publicKey = publicKey
    self.authSecret = authSecret
    self.expires = expires
  }
}

/// How a `push-register` ended.
public enum PushRegisterOutcome: Equatable, Sendable {
  case registered(PushRegistration)
  /// The server did not take it, or answered what cannot be used; why, in words.
  case refused(String)
}
