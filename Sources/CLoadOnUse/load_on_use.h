// What the stand-ins in this folder share: a library opened on first use, and a macro that
// defines a function with a library's own signature (the header's declaration checks it)
// which looks the real function up once and calls it.
#ifndef QUICKDO_LOAD_ON_USE_PRIVATE_H
#define QUICKDO_LOAD_ON_USE_PRIVATE_H

/// A shared library opened on the first call of one of its functions.
typedef struct {
  const char *soname;
  const char *debian_package;  // named when the library cannot be loaded
  void *handle;
} OnUseLibrary;

/// `name` in `library`, opening it first if need be. A library or a function that cannot
/// be loaded ends the process with status 69 and a line saying which package to install.
void *quickdo_symbol_on_use(OnUseLibrary *library, const char *name);

#define QUICKDO_RESOLVED(library, name)                                         \
  static __typeof__(&name) real_##name;                                        \
  __typeof__(&name) quickdo_real = __atomic_load_n(&real_##name, __ATOMIC_ACQUIRE); \
  if (quickdo_real == NULL) {                                                  \
    quickdo_real = (__typeof__(&name))quickdo_symbol_on_use(&library, #name);  \
    __atomic_store_n(&real_##name, quickdo_real, __ATOMIC_RELEASE);            \
  }

/// Defines `type name parameters` as a call of `library`'s own `name` with `arguments`.
#define ON_USE(library, type, name, parameters, arguments) \
  type name parameters {                                   \
    QUICKDO_RESOLVED(library, name)                        \
    return quickdo_real arguments;                         \
  }

/// ON_USE for a function that returns nothing.
#define ON_USE_VOID(library, name, parameters, arguments) \
  void name parameters {                                  \
    QUICKDO_RESOLVED(library, name)                       \
    quickdo_real arguments;                               \
  }

#endif
