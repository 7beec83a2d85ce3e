/* exported init */
// The test rig's hands and eyes inside GNOME Shell: scripts/real-servers.py calls these
// through the shell's Eval (which the rig's session turns on here). Presses are made by a
// Clutter virtual pointer, so the shell sees a person's moves and clicks.
const {Clutter, GLib} = imports.gi;
const Main = imports.ui.main;

function box(actor) {
    if (!actor || !actor.mapped)
        return null;
    const [x, y] = actor.get_transformed_position();
    const [w, h] = actor.get_transformed_size();
    return {x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h), opacity: actor.get_paint_opacity()};
}

function buttons(message) {
    const area = message._buttonBox ?? message._actionBin?.get_first_child?.();
    const found = {};
    for (const button of area?.get_children?.() ?? [])
        found[button.label] = box(button);
    return found;
}

class Rig {
    constructor() {
        // The shell's own start-up notices ("Logged in as a privileged user") would take
        // the banner first; they are not the test's, so they go as they come.
        Main.messageTray.connectObject('source-added', (tray, source) => {
            if (source.title === 'System Information')
                source.destroy();
        }, this);
        for (const source of Main.messageTray.getSources()) {
            if (source.title === 'System Information')
                source.destroy();
        }
        this._pointer = Clutter.get_default_backend().get_default_seat()
            .create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE);
    }

    // A number for each notification object, so that one shown anew is told from the old.
    _serial(notification) {
        notification._rigSerial ??= this._serials = (this._serials ?? 0) + 1;
        return notification._rigSerial;
    }

    // Every notification the shell holds, by app: title, body, action labels.
    notifications() {
        return Main.messageTray.getSources().flatMap(source => source.notifications.map(n => ({
            app: source.title, title: n.title, body: n.bannerBodyText,
            actions: n.actions.map(a => a.label), urgency: n.urgency, serial: this._serial(n),
        })));
    }

    // The banner on screen: its notification's title, where it is, its buttons and close button.
    banner() {
        const tray = Main.messageTray;
        const banner = tray._banner;
        if (!banner || !banner.notification || tray._notificationState === 0)
            return null;
        return {title: banner.notification.title, expanded: banner.expanded, box: box(banner),
            buttons: buttons(banner), close: banner._closeButton.reactive ? box(banner._closeButton) : null};
    }

    // The notification list under the clock: whether it is open, and each message's place.
    list() {
        const menu = Main.panel.statusArea.dateMenu;
        const section = menu._messageList._notificationSection;
        return {open: menu.menu.isOpen, clock: box(menu),
            messages: section._messages.map(m => ({title: m.notification?.title ?? m.titleLabel.text,
                serial: m.notification ? this._serial(m.notification) : null,
                box: box(m), title_box: box(m.titleLabel), buttons: buttons(m),
                close: m._closeButton.reactive ? box(m._closeButton) : null}))};
    }

    move(x, y) {
        this._pointer.notify_absolute_motion(GLib.get_monotonic_time(), x, y);
    }

    click(x, y) {
        this.move(x, y);
        const time = GLib.get_monotonic_time();
        this._pointer.notify_button(time, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.PRESSED);
        this._pointer.notify_button(time + 50000, Clutter.BUTTON_PRIMARY, Clutter.ButtonState.RELEASED);
    }
}

function init() {
    return {
        enable() {
            global.context.unsafe_mode = true;
            global.quickdoRig = new Rig();
        },
        disable() {
            Main.messageTray.disconnectObject(global.quickdoRig);
            delete global.quickdoRig;
        },
    };
}
