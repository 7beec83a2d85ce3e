import QuickdoAgent

/// The `quickdo-agent` executable, which `quickdo agent` execs: everything is in
/// `QuickdoAgent`.
@main
enum Main {
  static func main() async {
    await AgentMain.main()
  }
}
