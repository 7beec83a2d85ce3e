// Why the libraries are loaded on first use: `quickdo` is the CLI and the agent, and its
// CLI commands, which a person waits on, would otherwise pay at every start for loading
// and initialising libnotify, GIO, GObject and GLib, which only the agent calls (and sync
// calls libxml2, with ICU, only once it reads an answer).
// The program defines their functions itself (notify_on_use.c, xml2_on_use.c), and the
// linker is never handed the libraries (Package.swift, `systemHeaders`).
#include "load_on_use.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *quickdo_symbol_on_use(OnUseLibrary *library, const char *name) {
  // dlopen counts its opens, so two threads that race here both get the same handle.
  void *handle = __atomic_load_n(&library->handle, __ATOMIC_ACQUIRE);
  if (handle == NULL) {
    handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
      fprintf(stderr, "quickdo: cannot load %s (%s); it comes with the Debian package %s\n",
              library->soname, dlerror(), library->debian_package);
      exit(69);
    }
    __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);
  }
  void *symbol = dlsym(handle, name);
  if (symbol == NULL) {
    fprintf(stderr, "quickdo: %s has no %s; it is older than quickdo needs (Debian package %s)\n",
            library->soname, name, library->debian_package);
    exit(69);
  }
  return symbol;
}
