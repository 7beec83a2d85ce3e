// libnotify, GLib and libxml2 for quickdo's programs, loaded on first use: see
// load_on_use.c. Nothing to call here; the definitions stand in for the libraries' own.
#ifndef QUICKDO_LOAD_ON_USE_H
#define QUICKDO_LOAD_ON_USE_H
#endif
