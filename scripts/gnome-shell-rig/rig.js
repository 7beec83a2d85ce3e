// The test rig's hands and eyes inside GNOME Shell, for scripts/real-servers.py, which
// sends this file through the shell's Eval (turned on by the rig's extension) and then
// calls `global.quickdoRig`. Written for GNOME Shell 43 and 48 alike: Eval runs it where
// `Main` is in scope, in either's module format. Presses are made by a Clutter virtual
// pointer and typing by a virtual keyboard, so the shell sees a person's moves, clicks and
// keys.
(() => {
    const {Clutter, GLib} = imports.gi;

    function box(actor) {
        if (!actor || !actor.mapped || !actor.visible)
            return null;
        const [x, y] = actor.get_transformed_position();
        const [w, h] = actor.get_transformed_size();
        return {x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h),
            opacity: actor.get_paint_opacity()};
    }

    function buttons(message) {
        const found = {};
        for (const button of message._buttonBox?.get_children() ?? [])
            found[button.label] = box(button);
        return found;
    }

    // The close button: shown on hover on 43, in the header on 48.
    function closeButton(message) {
        const button = message._closeButton ?? message._header?.closeButton;
        return button?.reactive ? box(button) : null;
    }

    // The notifications the shell's own start-up notices ("Logged in as a privileged
    // user", "System was put in unsafe mode") would take the banner first; they are not
    // the test's, so they go as they come.
    const isShellNotice = source => ['System Information', 'System'].includes(source.title);

    class Rig {
        constructor() {
            Main.messageTray.connect('source-added', (tray, source) => {
                if (isShellNotice(source))
                    source.destroy();
            });
            Main.messageTray.getSources().filter(isShellNotice).forEach(source => source.destroy());
            this._pointer = Clutter.get_default_backend().get_default_seat()
                .create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE);
            this._keyboard = Clutter.get_default_backend().get_default_seat()
                .create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
            this._serials = 0;
        }

        // A number for each notification object, so that one shown anew is told from the old.
        _serial(notification) {
            notification._rigSerial ??= ++this._serials;
            return notification._rigSerial;
        }

        // Every notification the shell holds, by app: title, action labels, urgency.
        notifications() {
            return Main.messageTray.getSources().flatMap(source => source.notifications.map(n => ({
                app: source.title, title: n.title, actions: n.actions.map(a => a.label),
                urgency: n.urgency, serial: this._serial(n),
            })));
        }

        // The banner on screen: its notification's title, place, buttons and close button.
        banner() {
            const tray = Main.messageTray;
            const banner = tray._banner;
            if (!banner || !banner.notification || tray._notificationState === 0)
                return null;
            return {title: banner.notification.title, expanded: banner.expanded, box: box(banner),
                buttons: buttons(banner), close: closeButton(banner)};
        }

        // The list under the clock: whether it is open, and each message's place (48 groups
        // an app's messages; a click on the group spreads them).
        list() {
            const menu = Main.panel.statusArea.dateMenu;
            const list = menu._messageList;
            const entries = list._notificationSection
                ? list._notificationSection._messages.map(m => [m, null])
                : list._messageView.messages.flatMap(group =>
                    [...group._notificationToMessage?.values() ?? []].map(m => [m, group]));
            return {open: menu.menu.isOpen, clock: box(menu),
                messages: entries.filter(([m]) => m.notification).map(([m, group]) => ({
                    title: m.notification.title, serial: this._serial(m.notification),
                    box: box(m), title_box: box(m.titleLabel), buttons: buttons(m),
                    close: closeButton(m), expand: box(m._header?.expandButton),
                    group: group && {expanded: group.expanded, box: box(group)}}))};
        }

        move(x, y) {
            this._pointer.notify_absolute_motion(GLib.get_monotonic_time(), x, y);
        }

        // The overview's search as a person uses it: the overview opened (Super), then the
        // words typed key by key on the shell's own virtual keyboard.
        search(text) {
            Main.overview.show();
            const entry = Main.overview.searchEntry;
            entry.set_text('');
            entry.grab_key_focus();
            let time = GLib.get_monotonic_time();
            for (const character of text) {
                const keyval = Clutter.unicode_to_keysym(character.codePointAt(0));
                this._keyboard.notify_keyval(time += 2000, keyval, Clutter.KeyState.PRESSED);
                this._keyboard.notify_keyval(time += 2000, keyval, Clutter.KeyState.RELEASED);
            }
            return true;
        }

        // A key pressed and let go on the shell's virtual keyboard, as Return.
        key(keyval) {
            const time = GLib.get_monotonic_time();
            this._keyboard.notify_keyval(time, keyval, Clutter.KeyState.PRESSED);
            this._keyboard.notify_keyval(time + 2000, keyval, Clutter.KeyState.RELEASED);
            return true;
        }

        // What the search shows of the provider for `desktopId`: each result's id, name,
        // description and place, in order.
        searchResults(desktopId) {
            const overview = Main.overview._overview;
            const controls = overview.controls ?? overview._controls;
            const view = controls._searchController._searchResults;
            const provider = view._providers.find(p => p.appInfo?.get_id() === desktopId);
            if (!provider?.display)
                return {entry: Main.overview.searchEntry.get_text(), results: null};
            const displays = provider.display._resultDisplays;
            const actors = displays instanceof Map ? [...displays.values()] : Object.values(displays ?? {});
            const shown = provider.display._content.get_children();
            return {entry: Main.overview.searchEntry.get_text(), results: shown
                .filter(actor => actors.includes(actor) && actor.visible)
                .map(actor => ({id: actor.metaInfo.id, name: actor.metaInfo.name,
                    description: actor.metaInfo.description ?? '', box: box(actor)}))};
        }

        click(x, y) {
            this.move(x, y);
            const time = GLib.get_monotonic_time();
            this._pointer.notify_button(time, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
            this._pointer.notify_button(time + 50000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.RELEASED);
        }
    }

    global.quickdoRig ??= new Rig();
    return true;
})()
