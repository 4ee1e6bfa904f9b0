// The panel's content security policy refuses eval (server: panel.ts). zod probes for it with a caught
// `new Function` the first time it builds an object schema, and Chromium reports the refused probe as
// a policy violation all the same: a red console line and a report on every load. Without the probe zod
// validates the way it does under this policy anyway (no compiled fast path). zod reads its settings
// from this global, documented for setting before it loads, so the panel's first chunk stays without zod.
// Changed in place: zod keeps a reference to the object it finds, so a new one would go unseen by a zod
// that had loaded first.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
