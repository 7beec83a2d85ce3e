/* exported init */
// Turns on the shell's Eval, through which scripts/real-servers.py drives the shell (rig.js).
function init() {
    return {
        enable() {
            global.context.unsafe_mode = true;
        },
        disable() {
            global.context.unsafe_mode = false;
        },
    };
}
