// Read through Cinnamon's own Eval (org.Cinnamon) by scripts/real-servers.py: its banner,
// the queue behind it, and the notifications applet's list, each notification with its
// buttons and where they are on screen. Nothing here presses anything; xdotool clicks.
(() => {
  const tray = imports.ui.main.messageTray;
  const St = imports.gi.St;
  const box = (actor) => {
    if (!actor || !actor.get_stage() || !actor.visible) return null;
    const [x, y] = actor.get_transformed_position();
    const [w, h] = actor.get_transformed_size();
    return { x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h),
             opacity: actor.get_paint_opacity() };
  };
  const describe = (n) => {
    const buttons = {};
    if (n._actionArea)
      for (const b of n._actionArea.get_children()) buttons[b.label] = box(b);
    // The × is the one button in the notification's table itself.
    const close = n._table.get_children().find((c) => c instanceof St.Button);
    return { title: n.title, buttons, box: box(n.actor), close: box(close) };
  };
  const applet = imports.ui.appletManager.getRunningInstancesForUuid("notifications@cinnamon.org")[0];
  const shown = tray._notification && tray._notificationState !== 0;
  return JSON.stringify({
    banner: shown ? describe(tray._notification) : null,
    queue: tray._notificationQueue.map(describe),
    applet: applet ? applet.notifications.filter((n) => n !== tray._notification).map(describe) : [],
    appletBox: applet ? box(applet.actor) : null,
    appletOpen: applet ? applet.menu.isOpen : false,
  });
})()
