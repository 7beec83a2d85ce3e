// swift-tools-version: 6.1
import PackageDescription

/// quickdo: todos as actionable Linux desktop notifications, in TCA style.
/// Module layout and data flow: docs/ARCHITECTURE.md.
let package = Package(
  name: "quickdo",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "quickdo", targets: ["quickdo"]),
    .executable(name: "quickdo-bench", targets: ["quickdo-bench"]),
    .executable(name: "quickdo-fuzz", targets: ["quickdo-fuzz"]),
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "ComposableTesting", targets: ["ComposableTesting"]),
  ],
  dependencies: [
    // Its CasePathsCore product only: actions conform to CasePathable by hand, so building
    // quickdo needs no macro plugin, and no build of swift-syntax.
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    // Without the default FoundationNetworking and CombineSchedulers traits: quickdo needs
    // no URLSession nor Combine, and both pull in FoundationNetworking (libcurl, gnutls…),
    // which costs every CLI process milliseconds of dynamic linking.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    // The CalDAV client's HTTP: deadlines, capped streamed bodies, a decompression limit,
    // redirects it decides itself, and TLS trust roots from a file (`ca_file`).
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    // MD5 and SHA-256 for HTTP Digest authentication (RFC 7616), which Baikal uses.
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
  ],
  targets: [
    // MARK: Core
    .target(
      name: "Composable",
      dependencies: [
        .product(name: "CasePathsCore", package: "swift-case-paths"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "ComposableTesting",
      dependencies: [
        "Composable",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),

    // MARK: Domain
    // The user's language: gettext catalogs (`po/`) and glibc's date order. No dependency.
    .target(name: "Localization"),
    .target(
      name: "Models",
      dependencies: ["Localization", .product(name: "GRDBSQLite", package: "GRDB.swift")]),
    // How pending todos become notifications: each todo's quick action (title, body,
    // urgency, buttons) and the settings it is derived with.
    .target(name: "NotificationLayout", dependencies: ["Localization", "Models"]),
    .target(
      name: "TodosFeature",
      dependencies: ["Composable", "Models", "TodoStorageClient"]
    ),
    .target(
      name: "AppFeature",
      dependencies: ["Localization",
        "Composable", "Models", "TodosFeature", "QuickActionsFeature", "NotificationClient", "NotificationLayout",
        "TodoStorageClient", "URLOpenerClient", "SyncFeature", "PushFeature", "CommandInput",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .target(
      name: "QuickActionsFeature",
      dependencies: ["Composable", "Models", "NotificationClient", "NotificationLayout"]
    ),

    // MARK: Calendar data
    // iCalendar (RFC 5545) objects as CalDAV servers store them, for sync: read, change
    // the properties quickdo owns, and write back the rest byte for byte. No dependency.
    .target(name: "ICalendar"),
    // What a todo shares with a CalDAV server, read from and written into its iCalendar
    // object, and the three-way merge of both sides' changes.
    // Its state (each calendar's token, each object's ETag and agreed text) lives in the
    // quickdo database beside the todos: `SyncStateClient.live` is its SQL.
    .target(
      name: "TodoSync",
      dependencies: ["Localization",
        "ICalendar", "InstantSyncClient", "Models", "PushUpkeep", "SyncClient", "TodoStorageClient",
        "TodoStorageLive", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    .systemLibrary(name: "CLibXML2"),

    // MARK: Configuration
    .target(
      name: "AgentConfig",
      dependencies: [
        "Localization", "Models", "NotificationClient", "NotificationLayout", "SyncClient",
        .product(name: "TOMLKit", package: "TOMLKit"),
      ],
      resources: [.embedInCode("config.toml")]
    ),

    // MARK: Clients (interface / live)
    .target(
      name: "TodoStorageClient",
      dependencies: [
        "Models",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "NotificationClient",
      dependencies: [
        "Models", "NotificationLayout",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(
      name: "URLOpenerClient",
      dependencies: [
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(name: "URLOpenerLive", dependencies: ["URLOpenerClient"]),
    .target(
      name: "SyncClient",
      dependencies: ["Localization",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    // MARK: Sync's live CalDAV client (Sources/SyncClientLive)
    // The CalDAV server over HTTP (async-http-client). Only sync's image and program link it.
    .target(
      name: "SyncClientLive",
      dependencies: ["Localization",
        "SyncClient", "CalDAVXML",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      path: "Sources/SyncClientLive/Client"),
    // The WebDAV/CalDAV requests sync makes and the multistatus answers it reads (XML
    // through libxml2's SAX interface): a target of its own, so that the fuzz harness builds
    // it without the HTTP client and TLS.
    .target(
      name: "CalDAVXML", dependencies: ["Localization", "CLibXML2", "CLoadOnUse"], path: "Sources/SyncClientLive/XML",
      swiftSettings: systemHeaders.swift),
    .systemLibrary(name: "CLibnotify"),
    // A time limit on libnotify's D-Bus calls (its proxy is private; see the header).
    .target(name: "CNotifyTimeout", dependencies: ["CLibnotify"], cSettings: systemHeaders.c),
    // libnotify, GLib and libxml2, loaded on first use: the agent calls the first two and
    // runs in the CLI's program, whose every command would otherwise pay for loading them.
    .target(name: "CLoadOnUse", dependencies: ["CLibnotify", "CLibXML2"], cSettings: systemHeaders.c),
    // MARK: Instant sync (WebDAV-Push): Sources/InstantSync, Sources/InstantSyncLive
    // Its two interfaces: the session bus's UnifiedPush distributor, and the subscriptions
    // stored in the todo database.
    .target(
      name: "InstantSyncClient",
      dependencies: [
        "SyncClient", "WebPush",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ],
      path: "Sources/InstantSync/Client"),
    // The agent's side, composed into AppFeature: the connector's decisions as a reducer.
    .target(
      name: "PushFeature",
      dependencies: [
        "Composable", "InstantSyncClient", "Localization", "WebPush",
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Sources/InstantSync/Feature"),
    // The server's side, which each sync runs: subscriptions registered, renewed, removed.
    .target(
      name: "PushUpkeep", dependencies: ["InstantSyncClient", "Localization", "SyncClient", "WebPush"],
      path: "Sources/InstantSync/Upkeep"),
    // Web Push's encryption (RFC 8291): the agent's keys, and the messages it receives opened.
    .target(
      name: "WebPush", dependencies: [.product(name: "Crypto", package: "swift-crypto")],
      path: "Sources/InstantSync/WebPush"),
    // The live clients: the connector over GDBus (its C half in `CUnifiedPush`), and the
    // subscriptions' SQL over storage's database.
    .target(
      name: "CUnifiedPush", dependencies: ["CLoadOnUse"], path: "Sources/InstantSyncLive/CUnifiedPush",
      cSettings: systemHeaders.c),
    .target(
      name: "UnifiedPushLive", dependencies: ["CUnifiedPush", "InstantSyncClient"],
      path: "Sources/InstantSyncLive/Bus"),
    .target(
      name: "PushStateLive",
      dependencies: [
        "InstantSyncClient", "SyncClient", "TodoStorageLive", "WebPush",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      path: "Sources/InstantSyncLive/State"),
    // MARK: Launchers (Sources/Launchers, Sources/LaunchersLive)
    // KRunner's runner and GNOME Shell's search provider, which the agent answers: what the
    // typed words match and the texts shown (Launchers), and the bus (LaunchersLive, its C
    // half in CLauncherBus).
    .target(name: "Launchers", dependencies: ["CommandInput", "Localization", "Models"]),
    .target(
      name: "CLauncherBus", dependencies: ["CLoadOnUse"], path: "Sources/LaunchersLive/CLauncherBus",
      cSettings: systemHeaders.c),
    .target(
      name: "LaunchersLive", dependencies: ["CLauncherBus", "Launchers"], path: "Sources/LaunchersLive/Bus"),
    // A server's own Do Not Disturb switch, read and followed (NotificationLive's C half).
    .target(
      name: "CDoNotDisturb", dependencies: ["CLoadOnUse"],
      cSettings: systemHeaders.c),
    .target(
      name: "NotificationLive",
      dependencies: ["Localization",
        "CDoNotDisturb", "CLibnotify", "CNotifyTimeout", "CLoadOnUse", "Models", "NotificationClient", "NotificationLayout",
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: systemHeaders.swift
    ),
    .target(
      name: "TodoStorageLive",
      dependencies: ["Localization",
        "Models", "TodoStorageClient",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]
    ),

    // MARK: The program
    // The CLI and the agent (`quickdo agent` runs in the same process).
    .executableTarget(
      name: "quickdo", dependencies: ["MainThread", "QuickdoCLI"],
      linkerSettings: releaseStartupLinking),
    // The main thread as the main actor's own: runs its jobs without Dispatch's pool.
    .target(name: "MainThread", dependencies: ["CDispatchMainQueue"]),
    .systemLibrary(name: "CDispatchMainQueue"),
    .target(
      name: "QuickdoAgent",
      dependencies: ["Localization",
        "CommandSupport", "AgentConfig", "AppFeature", "Composable", "Models", "NotificationClient",
        "NotificationLayout", "NotificationLive", "QuickActionsFeature", "TodoStorageClient", "TodoStorageLive",
        "URLOpenerClient", "URLOpenerLive", "SyncClient", "SyncFeature", "TodoSync",
        "InstantSyncClient", "PushFeature", "PushStateLive", "UnifiedPushLive", "Launchers", "LaunchersLive",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // MARK: Sync's command and schedule (Sources/QuickdoSync)
    // `quickdo sync`'s command: the accounts of the config, each synced by the engine with
    // the live client. The Debian package has it as an image that `quickdo` loads
    // (scripts/link-sync-image.py); a source build as the `quickdo-sync` program below.
    .target(
      name: "QuickdoSync",
      dependencies: ["Localization",
        "CommandSupport", "AgentConfig", "InstantSyncClient", "Models", "PushStateLive", "SyncClient",
        "SyncClientLive", "TodoStorageLive", "TodoSync",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Sources/QuickdoSync/Command"
    ),
    // A source build's sync: `quickdo sync` becomes this program (SyncLaunch in QuickdoCLI).
    .executableTarget(
      name: "quickdo-sync", dependencies: ["QuickdoSync"], path: "Sources/QuickdoSync/Program",
      linkerSettings: releaseStartupLinking),
    // The agent's sync schedule, composed into AppFeature: when each account syncs. It
    // starts a sync through the `SyncRunner` interface, so the agent links none of the code
    // that speaks to a server.
    .target(
      name: "SyncFeature",
      dependencies: ["Composable", "SyncClient", .product(name: "Logging", package: "swift-log")],
      path: "Sources/QuickdoSync/Schedule"
    ),
    // What a user types into a command, parsed: deep links and dates. The CLI and the
    // fuzz harness use it, so it stays free of ArgumentParser.
    .target(name: "CommandInput", dependencies: ["Localization", "Models"]),
    // What both programs take and report alike: the global and agent options, errors and
    // their exit codes, config loading, the version.
    .target(
      name: "CommandSupport",
      dependencies: ["Localization",
        "AgentConfig", "Models", "TodoStorageClient",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .target(
      name: "QuickdoCLI",
      dependencies: ["Localization",
        "CommandInput", "CommandSupport", "Composable", "Models", "TodosFeature",
        "TodoStorageClient", "TodoStorageLive", "AgentConfig", "QuickdoAgent", "Launchers",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      resources: [
        // data/'s desktop files, icon and launcher files (symlinks), for `quickdo install`.
        .embedInCode("Install/Data/quickdo.service"),
        .embedInCode("Install/Data/quickdo.desktop"),
        .embedInCode("Install/Data/quickdo-agent.desktop"),
        .embedInCode("Install/Data/quickdo.svg"),
        .embedInCode("Install/Data/quickdo-runner.desktop"),
        .embedInCode("Install/Data/org.quickdo.Agent.service"),
      ]
    ),
    .executableTarget(
      name: "quickdo-bench",
      dependencies: [
        "Composable", "AppFeature", "Models", "NotificationClient", "QuickActionsFeature",
        "TodoStorageClient", "TodoStorageLive", "TodosFeature",
        .product(name: "CasePathsCore", package: "swift-case-paths"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      ]
    ),

    // libFuzzer harness for the config, deep-link, iCalendar and multistatus parsers
    // (scripts/libfuzz.sh).
    .executableTarget(name: "quickdo-fuzz", dependencies: [
        "AgentConfig", "CalDAVXML", "CommandInput", "ICalendar", "Localization", "Models",
      ]),

    // MARK: Tests
    .testTarget(
      name: "ComposableTests",
      dependencies: [
        "Composable", "ComposableTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    .testTarget(
      name: "ComposableTestingTests",
      dependencies: [
        "Composable", "ComposableTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    .testTarget(
      name: "ModelsTests",
      dependencies: [
        "Models", "Localization", "LocalizationRig", .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      // python3-dateutil's rrule, the repeat rules' oracle.
      exclude: ["Oracle"]
    ),
    .testTarget(
      name: "CommandInputTests",
      dependencies: ["CommandInput", "Models", "Localization", "LocalizationRig"]
    ),
    .testTarget(
      name: "TodoSyncTests",
      dependencies: [
        "TodoSync", "ICalendar", "Models", "CalDAVXML", "SyncClient", "SyncClientLive",
        "TodoStorageClient", "TodoStorageLive", "CalDAVRig", "quickdo",
        "quickdo-sync", .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // Real CalDAV servers (Radicale, Xandikos, sabre/dav, Cyrus, DAViCal, SOGo), a scripted
    // hostile one, and a phone (python caldav) for the tests.
    // The translations compiled at test time, a pseudo-language, and glibc locales (LOCPATH).
    .target(name: "LocalizationRig", path: "Tests/LocalizationRig"),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization", "LocalizationRig"]),
    .target(
      name: "CalDAVRig", path: "Tests/CalDAVRig",
      exclude: ["phone.py", "hostile.py", "distributor.py", "sabredav.php", "sabredav4", "davical-router.php"]),
    .testTarget(name: "SyncClientLiveTests", dependencies: ["SyncClientLive"], path: "Tests/SyncClientLiveTests/Client"),
    .testTarget(name: "CalDAVXMLTests", dependencies: ["CalDAVXML"], path: "Tests/SyncClientLiveTests/XML"),
    .testTarget(
      name: "SyncFeatureTests",
      dependencies: [
        "SyncFeature", "SyncClient", "Composable", "ComposableTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ],
      path: "Tests/QuickdoSyncTests/Schedule"
    ),
    .testTarget(
      name: "ICalendarTests",
      dependencies: ["ICalendar"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "TodosFeatureTests",
      dependencies: [
        "TodosFeature", "ComposableTesting",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    .testTarget(name: "NotificationLayoutTests", dependencies: ["Models", "NotificationLayout"]),
    .testTarget(name: "LaunchersTests", dependencies: ["Launchers", "CommandInput", "Models", "LocalizationRig"]),
    .testTarget(
      name: "QuickActionsFeatureTests",
      dependencies: [
        "QuickActionsFeature", "TodosFeature", "ComposableTesting", "NotificationLayout",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    .testTarget(
      name: "AppFeatureTests",
      dependencies: [
        "AppFeature", "Composable", "ComposableTesting", "Models", "NotificationClient", "NotificationLayout",
        "QuickActionsFeature", "SyncClient", "SyncFeature", "TodoStorageClient", "TodosFeature", "URLOpenerClient",
        "InstantSyncClient", "PushFeature",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    .testTarget(name: "NotificationClientTests", dependencies: ["NotificationClient"]),
    .testTarget(name: "WebPushTests", dependencies: ["WebPush"], path: "Tests/InstantSyncTests/WebPush"),
    .testTarget(
      name: "PushUpkeepTests", dependencies: ["InstantSyncClient", "PushUpkeep", "SyncClient", "WebPush"],
      path: "Tests/InstantSyncTests/Upkeep"),
    .testTarget(
      name: "PushFeatureTests",
      dependencies: [
        "PushFeature", "InstantSyncClient", "WebPush", "Composable", "ComposableTesting",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ],
      path: "Tests/InstantSyncTests/Feature"),
    .testTarget(
      name: "PushStateLiveTests",
      dependencies: ["PushStateLive", "InstantSyncClient", "SyncClient", "TodoStorageLive", "WebPush"],
      path: "Tests/InstantSyncLiveTests/State"),
    .testTarget(name: "CommandSupportTests", dependencies: ["CommandSupport"]),
    .testTarget(
      name: "NotificationLiveTests",
      dependencies: [
        "NotificationLive", .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    .testTarget(name: "URLOpenerLiveTests", dependencies: ["URLOpenerLive", "URLOpenerClient"]),
    .testTarget(
      name: "AgentConfigTests",
      dependencies: ["AgentConfig", "Models", "NotificationClient", "NotificationLayout", "SyncClient"],
      exclude: ["Fixtures"]
    ),
    // Mutation fuzzing of the two parsers that take text from outside (config, deep links),
    // for a bounded time ($QUICKDO_FUZZ_SECONDS, default 3 s each).
    .testTarget(
      name: "ParserFuzzTests",
      dependencies: ["AgentConfig", "CommandInput", "Models"]
    ),
    .testTarget(
      name: "TodoStorageClientTests",
      dependencies: [
        "TodoStorageClient", "Models",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    .testTarget(
      name: "TodoStorageLiveTests",
      dependencies: [
        "TodoStorageLive", .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "AgentEndToEndTests",
      dependencies: ["quickdo", "quickdo-sync", "CalDAVRig", "LocalizationRig"]
    ),
    .testTarget(
      name: "QuickdoCLITests",
      dependencies: ["Models", "TodoStorageClient", "TodoStorageLive", "QuickdoCLI", "TodosFeature", "LocalizationRig"]
    ),
    .testTarget(
      name: "QuickdoAgentTests",
      dependencies: ["AppFeature", "Models", "QuickdoAgent", "TodosFeature"]
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// How the release programs are linked on Linux, for the CLI commands' start-up time (their
/// budget: as fast as Taskwarrior's):
/// - position-dependent (`-no-pie`): with Foundation linked in statically, a PIE starts by
///   applying tens of thousands of relative relocations, which copies hundreds of pages on
///   every run (and costs the agent private memory). The trade-off: the program's own
///   image is not address-randomised; libraries, heap and stack still are.
/// - no exported symbols (`--no-export-dynamic`; swiftc exports every symbol by default):
///   the Swift runtime's start-up calls `dladdr` on its own code, which scans the
///   executable's dynamic symbol table linearly, and the dynamic linker pages that table
///   in. Nothing loads code that binds back to the executable's symbols.
var releaseStartupLinking: [LinkerSetting] {
  [
    .unsafeFlags(
      ["-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic"],
      .when(platforms: [.linux], configuration: .release))
  ]
}

/// Where the headers of libnotify, GLib, gdk-pixbuf and libxml2 are on Debian and Ubuntu
/// (what `pkg-config --cflags libnotify libxml-2.0` prints there). The targets that include
/// them name these folders themselves: through pkg-config, SwiftPM would also hand the
/// libraries to the linker, and the program would load them at every start instead of on
/// first use (CLoadOnUse). A function called but not defined there fails the link.
enum systemHeaders {
  static let folders = [
    "/usr/include/glib-2.0", "/usr/include/gdk-pixbuf-2.0", "/usr/include/libxml2",
    "/usr/lib/x86_64-linux-gnu/glib-2.0/include", "/usr/lib/aarch64-linux-gnu/glib-2.0/include",
  ]
  static var swift: [SwiftSetting] { [.unsafeFlags(folders.flatMap { ["-Xcc", "-I" + $0] })] }
  static var c: [CSetting] { [.unsafeFlags(folders.map { "-I" + $0 })] }
}
