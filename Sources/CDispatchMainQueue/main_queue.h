// libdispatch's hooks for a run loop that drains the main queue itself (Foundation's RunLoop
// uses them): a file descriptor that becomes readable when the main queue has work, and the
// call that runs that work. Exported by libdispatch; declared here, as no public header does.
#ifndef QUICKDO_MAIN_QUEUE_H
#define QUICKDO_MAIN_QUEUE_H

int _dispatch_get_main_queue_handle_4CF(void);
void _dispatch_main_queue_callback_4CF(void *message);

#endif
